package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerUnavailableException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A server whose package is missing is reported as such, with the command that installs it; nothing is started. */
class MissingServerTest {

    private static final List<Path> NOWHERE = List.of(Path.of("/nonexistent/bin"));

    @Test
    void clickHouse() {
        assertThatThrownBy(() -> new ClickHouseFactory(NOWHERE).start(ServerConfig.DEFAULT))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessage("clickhouse-server is not installed: apt-get install clickhouse-server");
    }

    @Test
    void prometheus() {
        assertThatThrownBy(() -> new PrometheusFactory(NOWHERE).start(ServerConfig.DEFAULT))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessage("prometheus is not installed: apt-get install prometheus");
    }

    @Test
    void postgres() {
        assertThatThrownBy(() -> new PostgresFactory(Path.of("/nonexistent/postgresql")).start(ServerConfig.DEFAULT))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessage("PostgreSQL is not installed (no /nonexistent/postgresql/<version>/bin/initdb):"
                        + " apt-get install postgresql");
    }
}
