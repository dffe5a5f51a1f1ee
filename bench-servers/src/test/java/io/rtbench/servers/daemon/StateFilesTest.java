package io.rtbench.servers.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerKind;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFilesTest {

    @TempDir
    Path dir;

    static ServerState state(ServerKind kind, long daemonPid, Instant daemonStartedAt) {
        return new ServerState(
                kind,
                1,
                "127.0.0.1:9092",
                9092,
                daemonPid,
                daemonPid,
                daemonStartedAt,
                "4.3.1",
                Path.of("/tmp/state/" + kind.cliName() + ".log"),
                Instant.parse("2026-01-02T03:04:05.678Z"),
                null);
    }

    @Test
    void writtenStateReadsBackEqual() {
        StateFiles files = new StateFiles(dir);
        ServerState written = state(ServerKind.KAFKA, 4242, Instant.parse("2026-01-02T03:04:00.120Z"));

        files.write(written);

        assertThat(files.read(ServerKind.KAFKA)).contains(written);
        assertThat(files.read(ServerKind.CONNECT)).isEmpty();
    }

    /** A child-process server's directory is recorded, so that a run given its address can measure its disk. */
    @Test
    void theServersDirectoryReadsBackAndAFileWithoutOneReadsAsNone() throws Exception {
        StateFiles files = new StateFiles(dir);
        ServerState base = state(ServerKind.fromCliName("clickhouse"), 4242, Instant.EPOCH);
        ServerState withDirectory = new ServerState(
                base.kind(),
                1,
                base.address(),
                base.port(),
                4343,
                4242,
                Instant.EPOCH,
                "18.16.1",
                base.logFile(),
                Instant.EPOCH,
                Path.of("/tmp/rtbench-clickhouse-123"));

        files.write(withDirectory);
        assertThat(files.read(base.kind())).contains(withDirectory);

        files.write(base);
        assertThat(java.nio.file.Files.readString(files.stateFile(new DaemonName(base.kind(), 1))))
                .as("written by an earlier version: no directory")
                .doesNotContain("directory");
        assertThat(files.read(base.kind()).orElseThrow().directory()).isNull();
    }

    @Test
    void theWorkersOfAConnectClusterHaveAFileEachAndListInWorkerOrder() {
        StateFiles files = new StateFiles(dir);
        ServerState first = state(ServerKind.CONNECT, 4242, Instant.EPOCH);
        ServerState second = new ServerState(
                ServerKind.CONNECT,
                2,
                "http://127.0.0.1:8084",
                8084,
                4343,
                4343,
                Instant.EPOCH,
                "4.1.0",
                Path.of("/tmp/state/connect-2.log"),
                Instant.EPOCH,
                null);

        files.write(second);
        files.write(first);
        files.write(state(ServerKind.KAFKA, 4141, Instant.EPOCH));

        assertThat(files.stateFile(new DaemonName(ServerKind.CONNECT, 2))).hasFileName("connect-2.json");
        assertThat(files.read(new DaemonName(ServerKind.CONNECT, 2))).contains(second);
        assertThat(files.readAll()).extracting(ServerState::name).containsExactly("kafka", "connect", "connect-2");
        assertThat(DaemonName.parse("connect-1"))
                .as("worker 1 is plain connect")
                .isEmpty();
        assertThat(DaemonName.parse("connect-x")).isEmpty();
    }

    @Test
    void writingLeavesOnlyTheStateFileBehind() throws Exception {
        StateFiles files = new StateFiles(dir);

        files.write(state(ServerKind.KAFKA, 4242, Instant.EPOCH));
        files.write(state(ServerKind.KAFKA, 4343, Instant.EPOCH));

        try (var listing = Files.list(dir)) {
            assertThat(listing).containsExactly(dir.resolve("kafka.json"));
        }
        assertThat(files.read(ServerKind.KAFKA).orElseThrow().daemonPid()).isEqualTo(4343);
    }

    @Test
    void aWriteThatFailsNamesTheFileAndLeavesNoTempFile() throws Exception {
        StateFiles files = new StateFiles(dir);
        Path target = files.stateFile(ServerKind.KAFKA);
        Files.createDirectories(target);
        Files.writeString(target.resolve("inside"), "a folder where the state file goes cannot be replaced");

        assertThatThrownBy(() -> files.write(state(ServerKind.KAFKA, 4242, Instant.EPOCH)))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot write " + target);

        try (var listing = Files.list(dir)) {
            assertThat(listing).containsExactly(target);
        }
    }

    @Test
    void anUnreadableStateFileCountsAsNoneAndIsRemoved() throws Exception {
        StateFiles files = new StateFiles(dir);
        Files.writeString(files.stateFile(ServerKind.KAFKA), "{\"kind\":\"kafka\",\"addr");

        assertThat(files.read(ServerKind.KAFKA)).isEmpty();
        assertThat(files.stateFile(ServerKind.KAFKA)).doesNotExist();
    }

    @Test
    void aStateFileNamingAnotherKindIsNotTrusted() throws Exception {
        StateFiles files = new StateFiles(dir);
        files.write(state(ServerKind.CONNECT, 4242, Instant.EPOCH));
        Files.move(files.stateFile(ServerKind.CONNECT), files.stateFile(ServerKind.KAFKA));

        assertThat(files.read(ServerKind.KAFKA)).isEmpty();
    }

    @Test
    void readAllListsKnownKindsInOrderAndIgnoresOtherFiles() throws Exception {
        StateFiles files = new StateFiles(dir);
        files.write(state(ServerKind.fromCliName("postgres"), 3, Instant.EPOCH));
        files.write(state(ServerKind.KAFKA, 1, Instant.EPOCH));
        Files.writeString(dir.resolve("notes.json"), "{}");
        Files.writeString(dir.resolve("kafka.log"), "log line");

        assertThat(files.readAll())
                .extracting(ServerState::kind)
                .containsExactly(ServerKind.KAFKA, ServerKind.fromCliName("postgres"));
    }

    @Test
    void aMissingStateDirHasNoStates() {
        assertThat(new StateFiles(dir.resolve("never-created")).readAll()).isEmpty();
    }
}
