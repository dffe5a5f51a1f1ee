package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerUnavailableException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Start on a requested port, stop, clean up: what every local server promises, on the two that start fastest. */
@Isolated("counts the ClickHouse temp dirs of the whole JVM, which a test running beside it may be making")
class LocalServerLifecycleIT {

    private final LocalServerProvider provider = new LocalServerProvider();

    @Test
    void clickHouseUsesTheRequestedPortAndLeavesNothingBehind() throws Exception {
        int port = FreePorts.free();
        RunningServer clickhouse = provider.start(ServerKind.fromCliName("clickhouse"), ServerConfig.onPort(port));
        Path dir = ((ChildServer) clickhouse).dir();
        try {
            assertThat(clickhouse.port()).isEqualTo(port);
            assertThat(clickhouse.address()).isEqualTo("http://127.0.0.1:" + port);
            assertThat(LocalHttp.getOk(clickhouse.address() + "/ping")).isEqualTo("Ok.\n");
            assertThat(dir.resolve("config.xml")).exists();
        } finally {
            clickhouse.close();
        }

        assertThat(dir).doesNotExist();
        assertThat(ServerProcesses.isAlive(clickhouse.pid())).isFalse();
        assertThat(clickhouse.logFile()).content().contains("Starting ClickHouse");
        clickhouse.close(); // idempotent
    }

    @Test
    void postgresStopsWithClientsConnectedAndTakesItsBackendsAlong() throws Exception {
        int port = FreePorts.free();
        RunningServer postgres = provider.start(ServerKind.fromCliName("postgres"), ServerConfig.onPort(port));
        Path dir = ((ChildServer) postgres).dir();
        List<ProcessHandle> processes;
        long closeMs;
        try (Connection connected = PostgresIT.connect(postgres)) {
            assertThat(postgres.port()).isEqualTo(port);
            assertThat(connected.isValid(5)).isTrue();
            processes =
                    ProcessHandle.of(postgres.pid()).orElseThrow().descendants().toList();
            assertThat(processes).isNotEmpty(); // background workers and our backend

            long startNanos = System.nanoTime();
            postgres.close(); // a "smart" shutdown would wait for this connection to end
            closeMs = (System.nanoTime() - startNanos) / 1_000_000;
        }

        assertThat(closeMs).isLessThan(ChildServer.STOP_GRACE.toMillis());
        assertThat(ServerProcesses.isAlive(postgres.pid())).isFalse();
        assertThat(processes).noneMatch(ProcessHandle::isAlive);
        assertThat(dir).doesNotExist();
    }

    @Test
    void aServerThatCannotStartSaysWhyAndLeavesNoFiles() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long dirsBefore = clickHouseDirs();

            assertThatThrownBy(() -> provider.start(
                            ServerKind.fromCliName("clickhouse"), ServerConfig.onPort(taken.getLocalPort())))
                    .isInstanceOf(ServerUnavailableException.class)
                    .hasMessageContaining("clickhouse exited with code")
                    .hasMessageContaining("last lines of")
                    .hasMessageContaining("Address already in use");
            assertThat(clickHouseDirs()).isEqualTo(dirsBefore);
        }
    }

    private static long clickHouseDirs() throws Exception {
        try (var dirs = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return dirs.filter(dir -> dir.getFileName().toString().startsWith("rtbench-clickhouse-"))
                    .count();
        }
    }
}
