package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusConfigTest {

    @Test
    void scrapesItselfEverySecondByDefault() {
        String yaml = new PrometheusConfig(9090, Map.of()).yaml();

        assertThat(yaml)
                .contains("  scrape_interval: 1s\n")
                .contains("  scrape_timeout: 1000ms\n")
                .contains("  - job_name: prometheus\n")
                .contains("      - targets: ['127.0.0.1:9090']\n")
                .doesNotContain("job_name: rtbench");
    }

    @Test
    void scrapesTheGivenTargetsAtTheGivenInterval() {
        String yaml = new PrometheusConfig(
                        9090, Map.of("scrape.targets", "127.0.0.1:9464, localhost:9465", "scrape.interval", "30s"))
                .yaml();

        assertThat(yaml)
                .contains("  scrape_interval: 30s\n")
                .contains("  evaluation_interval: 30s\n")
                .contains("  scrape_timeout: 10000ms\n") // never above Prometheus' default timeout
                .contains("  - job_name: rtbench\n")
                .contains("      - targets: ['127.0.0.1:9464', 'localhost:9465']\n");
    }

    @Test
    void otherSettingsBecomeFlags() {
        PrometheusConfig config =
                new PrometheusConfig(9091, Map.of("scrape.interval", "500ms", "storage.tsdb.retention.time", "1h"));

        assertThat(config.arguments(Path.of("/t/prometheus.yml"), Path.of("/t/data")))
                .containsExactlyInAnyOrder(
                        "--config.file=/t/prometheus.yml",
                        "--web.listen-address=127.0.0.1:9091",
                        "--storage.tsdb.path=/t/data",
                        "--storage.tsdb.retention.time=1h");
        assertThat(config.yaml()).contains("  scrape_timeout: 500ms\n");
    }

    @Test
    void rejectsMalformedTargetsAndIntervals() {
        assertThatThrownBy(() -> new PrometheusConfig(9090, Map.of("scrape.targets", "127.0.0.1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("host:port");
        assertThatThrownBy(() -> new PrometheusConfig(9090, Map.of("scrape.targets", "a:1'] }")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PrometheusConfig(9090, Map.of("scrape.interval", "1 second")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scrape.interval");
        assertThatThrownBy(() -> new PrometheusConfig(9090, Map.of("scrape.interval", "0s")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
