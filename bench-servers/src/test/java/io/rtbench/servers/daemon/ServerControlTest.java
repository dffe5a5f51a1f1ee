package io.rtbench.servers.daemon;

import static io.rtbench.servers.daemon.StateFilesTest.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** State handling without spawning anything: the recorded daemons are this JVM or pids that cannot exist. */
class ServerControlTest {

    /** Above Linux's pid_max (2^22) and any other platform's: never a running process. */
    private static final long DEAD_PID = Long.MAX_VALUE;

    @TempDir
    Path dir;

    private final ProcessHandle self = ProcessHandle.current();

    private ServerState live(ServerKind kind) {
        return state(kind, self.pid(), Liveness.startOf(self));
    }

    @Test
    void statusListsLiveDaemonsAndForgetsDeadOnes() {
        StateFiles files = new StateFiles(dir);
        files.write(live(ServerKind.KAFKA));
        files.write(state(ServerKind.fromCliName("opensearch"), DEAD_PID, Instant.EPOCH));

        assertThat(new ServerControl(dir).status()).containsExactly(live(ServerKind.KAFKA));
        assertThat(files.stateFile(ServerKind.fromCliName("opensearch"))).doesNotExist();
        assertThat(files.stateFile(ServerKind.KAFKA)).exists();
    }

    @Test
    void aPidNowUsedByAnotherProcessIsNotTheDaemon() {
        StateFiles files = new StateFiles(dir);
        Instant anHourBeforeThisJvm = Liveness.startOf(self).minus(Duration.ofHours(1));
        files.write(state(ServerKind.KAFKA, self.pid(), anHourBeforeThisJvm));

        assertThat(new ServerControl(dir).status()).isEmpty();
        assertThat(files.stateFile(ServerKind.KAFKA)).doesNotExist();
    }

    @Test
    void startRefusesASecondServerOfAKindNamingTheRunningOne() {
        new StateFiles(dir).write(live(ServerKind.KAFKA));

        assertThatThrownBy(() -> new ServerControl(dir).start(ServerKind.KAFKA, ServerConfig.DEFAULT))
                .isInstanceOf(ServerControlException.class)
                .hasMessage("kafka is already running at 127.0.0.1:9092 (pid " + self.pid()
                        + "); stop it first with 'rtbench servers stop kafka'");
    }

    @Test
    void connectWithoutBootstrapServersNeedsARunningKafka() {
        new StateFiles(dir).write(state(ServerKind.KAFKA, DEAD_PID, Instant.EPOCH));

        assertThatThrownBy(() -> new ServerControl(dir).start(ServerKind.CONNECT, ServerConfig.DEFAULT))
                .isInstanceOf(ServerControlException.class)
                .hasMessageStartingWith("connect needs a Kafka: start one with 'rtbench servers start kafka'");
    }

    @Test
    void stoppingWhatIsNotRunningReturnsNothingAndForgetsStaleRecords() {
        StateFiles files = new StateFiles(dir);
        files.write(state(ServerKind.KAFKA, DEAD_PID, Instant.EPOCH));
        ServerControl control = new ServerControl(dir);

        assertThat(control.stop(ServerKind.KAFKA)).isEmpty();
        assertThat(control.stop(ServerKind.CONNECT)).isEmpty();
        assertThat(files.stateFile(ServerKind.KAFKA)).doesNotExist();
    }

    @Test
    void stateDirComesFromTheEnvironmentOrTheHomeDir() {
        assertThat(ServerControl.stateDir(Map.of(ServerControl.STATE_DIR_ENV, "/srv/rtbench")))
                .isEqualTo(Path.of("/srv/rtbench"));
        assertThat(ServerControl.stateDir(Map.of()))
                .isEqualTo(Path.of(System.getProperty("user.home"), ".rtbench", "servers"));
    }
}
