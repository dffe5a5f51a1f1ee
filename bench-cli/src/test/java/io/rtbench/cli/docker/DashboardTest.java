package io.rtbench.cli.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The dashboard's shape; ComposeStackIT checks its metric names against a live evaluator. */
class DashboardTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyPanelQueriesTheProvisionedPrometheus() throws Exception {
        Dashboard dashboard = Dashboard.read(REPOSITORY);
        assertThat(dashboard.json().path("uid").asText()).isEqualTo("rtbench");
        assertThat(dashboard.panels())
                .extracting(panel -> panel.path("title").asText())
                .contains(
                        "Data latency percentiles",
                        "Stage latencies",
                        "Rate",
                        "Backlog",
                        "Probe errors",
                        "Target CPU",
                        "Target memory and disk");
        for (JsonNode panel : dashboard.panels()) {
            assertThat(panel.path("datasource").path("uid").asText()).isEqualTo("rtbench-prometheus");
            assertThat(panel.path("targets")).isNotEmpty();
            panel.path("targets")
                    .forEach(target -> assertThat(target.path("expr").asText())
                            .as(panel.path("title").asText())
                            .contains("rtbench_"));
        }
        assertThat(dashboard.metricNames())
                .contains(
                        "rtbench_data_latency_seconds_bucket",
                        "rtbench_stage_latency_seconds",
                        "rtbench_events_rate",
                        "rtbench_backlog_events",
                        "rtbench_probe_errors_total",
                        "rtbench_target_cpu_percent",
                        "rtbench_target_memory_bytes",
                        "rtbench_target_disk_bytes");
    }

    @Test
    void readsMetricNamesFromAnExposition() {
        String exposition = "# HELP x_total help\n# TYPE x_total counter\nx_total{a=\"b\"} 1.0\ny 2\n";
        assertThat(Dashboard.exposedNames(exposition)).containsExactly("x_total", "y");
    }
}
