package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the local child JVM with its generated server.conf; DockerServersIT covers the container")
@Order(SuiteOrder.LONG)
class QuestDbIT {

    @Test
    void takesTheLineProtocolIntoATableItCreatedAndAnswersSql(@RealServer("questdb") RunningServer questdb)
            throws Exception {
        String url = questdb.address();
        exec(url, "DROP TABLE IF EXISTS servers_it");
        exec(
                url,
                "CREATE TABLE servers_it (ts TIMESTAMP, id VARCHAR, n LONG) TIMESTAMP(ts) PARTITION BY DAY WAL"
                        + " DEDUP UPSERT KEYS(ts, id)");

        LocalHttp.Response written = LocalHttp.post(
                url + "/write?precision=u",
                "servers_it id=\"a\",n=1i 1700000000000001\nservers_it id=\"b\",n=2i 1700000000000002\n");

        assertThat(written.status()).as(written.body()).isEqualTo(204);
        // WAL tables: the rows are visible once the apply job has run
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(exec(url, "SELECT count(), max(n) FROM servers_it"))
                        .contains("\"dataset\":[[2,2]]"));
    }

    @Test
    void theLineProtocolMayNotCreateTables(@RealServer("questdb") RunningServer questdb) throws Exception {
        LocalHttp.Response written = LocalHttp.post(questdb.address() + "/write", "servers_it_no_such_table n=1i\n");

        assertThat(written.status()).isEqualTo(400);
        assertThat(exec(
                        questdb.address(),
                        "SELECT count() FROM tables() WHERE table_name = 'servers_it_no_such_table'"))
                .contains("\"dataset\":[[0]]");
    }

    @Test
    void reportsItsVersionOnLoopback(@RealServer("questdb") RunningServer questdb) {
        assertThat(questdb.version())
                .isEqualTo(Distribution.recorded("questdb", "jar").version());
        assertThat(questdb.address()).isEqualTo("http://127.0.0.1:" + questdb.port());
        assertThat(ServerProcesses.isAlive(questdb.pid())).isTrue();
    }

    /** Settings become server.conf lines: here the PostgreSQL wire protocol, off by default. */
    @Test
    void settingsReachServerConfAndStopRemovesEverything() throws Exception {
        int pgPort = FreePorts.free();
        ChildServer questdb = (ChildServer) new QuestDbFactory()
                .start(new ServerConfig(0, Map.of("pg.enabled", "true", "pg.net.bind.to", "127.0.0.1:" + pgPort)));
        Path dir = questdb.dir();
        try (questdb;
                Connection connection = DriverManager.getConnection(
                        "jdbc:postgresql://127.0.0.1:" + pgPort + "/qdb", "admin", "quest");
                ResultSet row = connection.createStatement().executeQuery("SELECT 40 + 2")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getLong(1)).isEqualTo(42);
            assertThat(dir.resolve("root/db")).isDirectory();
        }

        assertThat(ServerProcesses.isAlive(questdb.pid())).isFalse();
        assertThat(Files.exists(dir))
                .as("the temp dir with tables and native libraries")
                .isFalse();
        assertThat(questdb.logFile()).content().contains("server-main enjoy");
    }

    private static String exec(String url, String sql) throws Exception {
        return LocalHttp.getOk(url + "/exec?query=" + URLEncoder.encode(sql, StandardCharsets.UTF_8));
    }

    /**
     * Fault {@code target-restart} (docs/MEASUREMENT.md, "Freshness under faults"): stopped, it answers no more; started
     * again from its server.conf, it answers on the same port with its rows.
     */
    @Test
    void aRestartKeepsItsPortAndItsData(
            @OwnServer(value = "questdb", why = "stopped and started again") RunningServer questdb) throws Exception {
        String exec = questdb.address() + "/exec?query=";
        LocalHttp.getOk(exec + URLEncoder.encode("CREATE TABLE kept (id SYMBOL)", StandardCharsets.UTF_8));
        LocalHttp.getOk(exec + URLEncoder.encode("INSERT INTO kept VALUES ('a')", StandardCharsets.UTF_8));
        Restarts.stopAndStartAgain(questdb);

        assertThat(LocalHttp.getOk(exec + URLEncoder.encode("SELECT count() FROM kept", StandardCharsets.UTF_8)))
                .contains("\"dataset\":[[1]]");
    }
}
