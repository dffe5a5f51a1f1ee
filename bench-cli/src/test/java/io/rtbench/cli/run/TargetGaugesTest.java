package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import org.junit.jupiter.api.Test;

class TargetGaugesTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final TargetGauges gauges = new TargetGauges(registry, "clickhouse");

    @Test
    void aFigureIsExportedFromItsFirstMeasurementAndOneNeverMeasuredIsAbsentNotZero() {
        gauges.reading(new Reading(null, null, 4096L));
        gauges.reading(new Reading(null, null, 8192L));

        String scrape = registry.scrape();
        assertThat(scrape)
                .contains("# TYPE rtbench_target_disk_bytes gauge")
                .contains("rtbench_target_disk_bytes{target=\"clickhouse\"} 8192.0")
                .doesNotContain("rtbench_target_cpu_percent")
                .doesNotContain("rtbench_target_memory_bytes");
    }

    @Test
    void cpuIsPercentOfOneCoreAndMemoryInBytes() {
        gauges.reading(new Reading(null, 1L << 30, null));
        gauges.reading(new Reading(150.0, 1L << 30, null));

        assertThat(registry.scrape())
                .contains("rtbench_target_cpu_percent{target=\"clickhouse\"} 150.0")
                .contains("rtbench_target_memory_bytes{target=\"clickhouse\"} 1.073741824E9")
                .doesNotContain("rtbench_target_disk_bytes");
    }
}
