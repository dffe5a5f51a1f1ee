package io.rtbench.connectors.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class PostgresUrlTest {

    private static PostgresUrl parse(String url) {
        return PostgresUrl.parse(URI.create(url));
    }

    @Test
    void acceptsTheRtbenchFormAndItsAliases() {
        PostgresUrl expected = new PostgresUrl(
                "jdbc:postgresql://127.0.0.1:5433/rtbench", "postgresql://127.0.0.1:5433/rtbench", "rtbench", null);
        assertThat(parse("postgresql://127.0.0.1:5433/rtbench")).isEqualTo(expected);
        assertThat(parse("postgres://127.0.0.1:5433/rtbench")).isEqualTo(expected);
        assertThat(parse("jdbc:postgresql://127.0.0.1:5433/rtbench")).isEqualTo(expected);
    }

    @Test
    void defaultsThePortAndPassesParametersToTheDriver() {
        PostgresUrl url = parse("postgresql://db.example.com/bench?sslmode=require&ApplicationName=x");
        assertThat(url.jdbcUrl())
                .isEqualTo("jdbc:postgresql://db.example.com:5432/bench?sslmode=require&ApplicationName=x");
        assertThat(url.display()).isEqualTo("postgresql://db.example.com:5432/bench");
    }

    @Test
    void takesAUserNameFromTheUrlAsRtbenchServersPrintsIt() {
        PostgresUrl url = parse("postgresql://rtbench@127.0.0.1:5433/rtbench");
        assertThat(url.user()).isEqualTo("rtbench");
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5433/rtbench");
        assertThat(url.display()).isEqualTo("postgresql://127.0.0.1:5433/rtbench");
    }

    @Test
    void bracketsIpv6Hosts() {
        assertThat(parse("postgresql://[::1]:5432/rtbench").jdbcUrl())
                .isEqualTo("jdbc:postgresql://[::1]:5432/rtbench");
    }

    @Test
    void refusesCredentialsInTheUrlWithoutRepeatingThem() {
        assertThatThrownBy(() -> parse("postgresql://rtbench:hunter2@127.0.0.1/rtbench"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RTBENCH_TARGET_PASSWORD")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> parse("postgresql://127.0.0.1/rtbench?password=hunter2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void refusesOtherSchemesAndMissingDatabases() {
        assertThatThrownBy(() -> parse("http://127.0.0.1:5432/rtbench"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("use postgresql://host:port/database");
        assertThatThrownBy(() -> parse("postgresql://127.0.0.1:5432"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names no database");
        assertThatThrownBy(() -> parse("postgresql://127.0.0.1:5432/a/b")).hasMessageContaining("names no database");
    }
}
