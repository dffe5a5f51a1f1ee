package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the local child process with its generated config; DockerServersIT covers the container")
class ClickHouseIT {

    @Test
    void insertsAndSelectsJsonEachRow(@RealServer("clickhouse") RunningServer clickhouse) throws Exception {
        String url = clickhouse.address() + "/";
        assertThat(LocalHttp.postOk(url, "SELECT 1")).isEqualTo("1\n");
        LocalHttp.postOk(url, "DROP TABLE IF EXISTS servers_it");
        LocalHttp.postOk(
                url, "CREATE TABLE servers_it (id String, event_time_micros UInt64) ENGINE = MergeTree ORDER BY id");

        // the query in the URL, the rows in the body: works on 18.16 and on current ClickHouse (docs/TARGETS.md)
        String insert = URLEncoder.encode("INSERT INTO servers_it FORMAT JSONEachRow", StandardCharsets.UTF_8);
        LocalHttp.postOk(
                url + "?query=" + insert,
                "{\"id\":\"a\",\"event_time_micros\":1700000000000001}\n"
                        + "{\"id\":\"b\",\"event_time_micros\":1700000000000002}\n");

        assertThat(LocalHttp.postOk(url, "SELECT count(), max(event_time_micros) FROM servers_it"))
                .isEqualTo("2\t1700000000000002\n");
    }

    /**
     * Fault {@code target-restart} (docs/MEASUREMENT.md, "Freshness under faults"): stopped, it answers no more; started
     * again from its config, it answers on the same port with its rows, and its utilisation follows the new process.
     */
    @Test
    void aRestartKeepsItsPortAndItsData(
            @OwnServer(value = "clickhouse", why = "stopped and started again") RunningServer clickhouse)
            throws Exception {
        String url = clickhouse.address() + "/";
        LocalHttp.postOk(url, "CREATE TABLE kept (id String) ENGINE = MergeTree ORDER BY id");
        LocalHttp.postOk(url, "INSERT INTO kept VALUES ('a')");
        Restarts.stopAndStartAgain(clickhouse);

        assertThat(LocalHttp.postOk(url, "SELECT count() FROM kept")).isEqualTo("1\n");
        assertThat(clickhouse.utilisation().orElseThrow().read().rssBytes()).isPositive();
    }

    @Test
    void reportsItsVersion(@RealServer("clickhouse") RunningServer clickhouse) {
        assertThat(clickhouse.version()).matches("\\d+\\.\\d+.*");
        assertThat(clickhouse.address()).isEqualTo("http://127.0.0.1:" + clickhouse.port());
        assertThat(ServerProcesses.isAlive(clickhouse.pid())).isTrue();
    }
}
