package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerUnavailableException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process mechanics, on shell stand-ins for servers. */
class ChildProcessIT {

    @TempDir
    Path temp;

    @Test
    void stopKillsTheWholeTreeWhenItIgnoresSigterm() throws Exception {
        // a launcher and two "servers" that all ignore SIGTERM, like a hung server behind a launcher
        ChildProcess stubborn = start("trap '' TERM; sleep 600 & sleep 600 & wait");
        stubborn.awaitReady(
                Duration.ofSeconds(10),
                () -> ProcessHandle.of(stubborn.pid())
                                .orElseThrow()
                                .descendants()
                                .count()
                        == 2);
        List<ProcessHandle> tree =
                ProcessHandle.of(stubborn.pid()).orElseThrow().descendants().toList();

        stubborn.stop(Duration.ofMillis(300));

        assertThat(stubborn.isAlive()).isFalse();
        assertThat(tree).hasSize(2).noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void aProcessThatExitsBeforeItIsReadyFailsAtOnceWithItsLog() throws Exception {
        ChildProcess failing = start("echo 'cannot bind 127.0.0.1:1: permission denied'; exit 3");

        assertThatThrownBy(() -> failing.awaitReady(Duration.ofMinutes(1), () -> false))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessageContaining("stand-in exited with code 3 before it was ready")
                .hasMessageContaining("cannot bind 127.0.0.1:1: permission denied");
    }

    @Test
    void readinessHasATimeout() throws Exception {
        ChildProcess slow = start("echo starting; exec sleep 600");
        try {
            assertThatThrownBy(() -> slow.awaitReady(Duration.ofMillis(200), () -> false))
                    .isInstanceOf(ServerUnavailableException.class)
                    .hasMessageContaining("not ready within")
                    .hasMessageContaining("starting");
        } finally {
            slow.stop(Duration.ofSeconds(5));
        }
        assertThat(slow.isAlive()).isFalse();
    }

    private ChildProcess start(String script) throws Exception {
        Path log = Files.createFile(temp.resolve("stand-in-" + System.nanoTime() + ".log"));
        return ChildProcess.start("stand-in", List.of("sh", "-c", script), Map.of(), temp, log);
    }
}
