package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.testing.PostgresJdbc;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the local cluster and its service user; DockerServersIT covers the container")
class PostgresIT {

    @Test
    void runsSqlInTheRtbenchDatabase(@RealServer("postgres") RunningServer postgres) throws Exception {
        try (Connection connection = connect(postgres);
                Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE IF NOT EXISTS servers_it (id text PRIMARY KEY, event_time_micros bigint)");
            sql.execute("INSERT INTO servers_it VALUES ('a', 1700000000000001), ('b', 1700000000000002)"
                    + " ON CONFLICT (id) DO NOTHING");

            try (ResultSet row = sql.executeQuery(
                    "SELECT count(*), max(event_time_micros), current_database(), current_user FROM servers_it")) {
                assertThat(row.next()).isTrue();
                assertThat(row.getLong(1)).isEqualTo(2);
                assertThat(row.getLong(2)).isEqualTo(1700000000000002L);
                assertThat(row.getString(3)).isEqualTo("rtbench");
                assertThat(row.getString(4)).isEqualTo("rtbench");
            }
        }
    }

    /**
     * Fault {@code target-restart} (docs/MEASUREMENT.md, "Freshness under faults"): stopped, it answers no more; started
     * again from its data directory, it answers on the same port with its rows, and its utilisation follows the new
     * process.
     */
    @Test
    void aRestartKeepsItsPortAndItsData(
            @OwnServer(value = "postgres", why = "stopped and started again") RunningServer postgres) throws Exception {
        try (Connection connection = connect(postgres);
                Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE kept (id text PRIMARY KEY)");
            sql.execute("INSERT INTO kept VALUES ('a')");
        }
        Restarts.stopAndStartAgain(postgres);

        try (Connection connection = connect(postgres);
                Statement sql = connection.createStatement();
                ResultSet row = sql.executeQuery("SELECT count(*) FROM kept")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getLong(1)).isOne();
        }
        assertThat(postgres.utilisation().orElseThrow().read().rssBytes()).isPositive();
    }

    @Test
    void reportsItsVersionAndRunsUnprivileged(@RealServer("postgres") RunningServer postgres) {
        assertThat(postgres.version()).matches("\\d+\\.\\d+.*");
        assertThat(postgres.address()).isEqualTo("postgresql://rtbench@127.0.0.1:" + postgres.port() + "/rtbench");
        if (ServerProcesses.jvmIsRoot()) {
            assertThat(ServerProcesses.user(postgres.pid())).contains(ServiceUser.NAME);
        }
    }

    static Connection connect(RunningServer postgres) throws Exception {
        return DriverManager.getConnection(PostgresJdbc.url(postgres), "rtbench", "");
    }
}
