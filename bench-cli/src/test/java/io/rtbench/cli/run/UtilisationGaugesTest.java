package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rtbench.core.utilisation.UtilisationSampler.Readings;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UtilisationGaugesTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final UtilisationGauges gauges = new UtilisationGauges(registry, "clickhouse");

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

    @Test
    void theHarnessPartsAndTheMachineHaveGaugesOfTheirOwnAndATargetNotReadHasNone() {
        gauges.readings(new Readings(
                null,
                Map.of("rtbench", new Reading(null, 300_000_000L, null), "kafka", new Reading(40.0, 1_000L, null)),
                null,
                new Reading(93.5, null, null)));

        assertThat(registry.scrape())
                .contains("rtbench_harness_cpu_percent{part=\"kafka\",target=\"clickhouse\"} 40.0")
                .contains("rtbench_harness_memory_bytes{part=\"rtbench\",target=\"clickhouse\"} 3.0E8")
                .doesNotContain("rtbench_harness_cpu_percent{part=\"rtbench\"")
                .contains("rtbench_machine_cpu_percent{target=\"clickhouse\"} 93.5")
                .doesNotContain("rtbench_target_");
    }
}
