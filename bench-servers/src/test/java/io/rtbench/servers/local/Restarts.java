package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.fault.Restartable;
import io.rtbench.servers.RunningServer;

/**
 * Fault {@code target-restart} as the local servers' tests check it (docs/MEASUREMENT.md, "Freshness under faults"): the
 * server stopped (its own process gone, not only a launcher), then started again as a new process.
 */
final class Restarts {

    private Restarts() {}

    /** Stops {@code server} and starts it again, checking that its process went and a new one came. */
    static void stopAndStartAgain(RunningServer server) {
        long pid = server.pid();
        Restartable restart = server.restartable().orElseThrow();

        restart.stop();
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                .as("the server's own process stopped")
                .isEmpty();
        restart.start();

        assertThat(server.pid()).isNotEqualTo(pid);
        assertThat(ProcessHandle.of(server.pid()).filter(ProcessHandle::isAlive))
                .as("its new process runs")
                .isPresent();
    }
}
