package io.rtbench.servers.daemon;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Whether the daemon recorded in a state file still runs. */
final class Liveness {

    /** Start instants are derived from clock ticks; two readings of the same process may differ by a tick or so. */
    private static final Duration START_TOLERANCE = Duration.ofSeconds(1);

    private Liveness() {}

    /** Alive means: the pid runs and started when the daemon did, so it is not another process reusing the pid. */
    static boolean isAlive(ServerState state) {
        return ProcessHandle.of(state.daemonPid())
                .filter(ProcessHandle::isAlive)
                .map(process -> sameStart(process.info().startInstant(), state.daemonStartedAt()))
                .orElse(false);
    }

    /** When this process started; the current time where the platform does not say. */
    static Instant startOf(ProcessHandle process) {
        return process.info().startInstant().orElseGet(Instant::now);
    }

    private static boolean sameStart(Optional<Instant> actual, Instant recorded) {
        return actual.map(start -> Duration.between(start, recorded).abs().compareTo(START_TOLERANCE) <= 0)
                .orElse(true);
    }
}
