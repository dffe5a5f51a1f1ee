package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Fault {@code target-pause} on real processes of this host ({@code sh} and {@code sleep}, no server): the whole tree
 * is stopped and continued, and a pause that cannot take effect says why (docs/MEASUREMENT.md, "Freshness under
 * faults").
 */
class ProcessPauseTest {

    private Process shell;

    @AfterEach
    void killTheShell() {
        if (shell != null) {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly();
        }
    }

    @Test
    void aPauseStopsTheProcessAndItsChildrenAndAResumeContinuesThem() throws Exception {
        shell = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60 & wait").start();
        await().atMost(Duration.ofSeconds(10)).until(() -> shell.descendants().count() == 2);
        List<Long> tree = List.of(
                shell.pid(), shell.descendants().findFirst().orElseThrow().pid());
        ProcessPause pause = new ProcessPause(shell.pid(), "sh");

        pause.pause();

        assertThat(shell.descendants().map(ProcessHandle::pid).toList())
                .allSatisfy(child -> assertThat(state(child)).isEqualTo('T'));
        assertThat(tree).allSatisfy(pid -> assertThat(state(pid)).isEqualTo('T'));
        assertThat(pause.paused()).isTrue();

        pause.resume();

        assertThat(pause.paused()).isFalse();
        await().atMost(Duration.ofSeconds(5)).until(() -> tree.stream().noneMatch(pid -> state(pid) == 'T'));
        pause.resume(); // nothing stopped: nothing to do
    }

    /** A server restarted by fault {@code target-restart} has a new process: the next pause stops that one. */
    @Test
    void aPauseStopsTheProcessTheServerHasNow() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        shell = new ProcessBuilder("sleep", "60").start();
        AtomicLong serverPid = new AtomicLong(gone.pid());
        ProcessPause pause = new ProcessPause(serverPid::get, "postgres");
        assertThatThrownBy(pause::pause).hasMessage("postgres (pid " + gone.pid() + ") is gone");

        serverPid.set(shell.pid());
        pause.pause();

        assertThat(state(shell.pid())).isEqualTo('T');
        assertThat(pause.description()).isEqualTo("postgres (pid " + shell.pid() + ")");
        pause.resume();
        await().atMost(Duration.ofSeconds(5)).until(() -> state(shell.pid()) != 'T');
    }

    @Test
    void aProcessThatIsGoneCannotBePaused() throws Exception {
        shell = new ProcessBuilder("true").start();
        shell.waitFor();
        ProcessPause pause = new ProcessPause(shell.pid(), "postgres");

        assertThatThrownBy(pause::pause)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("postgres (pid " + shell.pid() + ") is gone");
        assertThat(pause.paused()).isFalse();
    }

    @Test
    void rtbenchsOwnProcessIsNeverPaused() {
        ProcessPause pause = new ProcessPause(ProcessHandle.current().pid(), "kafka");

        assertThatThrownBy(pause::pause).hasMessageContaining("runs inside rtbench's own process");
    }

    private static char state(long pid) {
        try {
            return ProcFs.state(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException e) {
            return '-';
        }
    }
}
