package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rtbench.core.metrics.Metrics;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class StageGaugesTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final StageGauges gauges = new StageGauges(registry, "clickhouse");

    @Test
    void aStagesLastSecondIsScrapedInSecondsPerQuantile() {
        Histogram hop = new Histogram(3);
        for (int micros = 1_000; micros <= 100_000; micros += 1_000) {
            hop.recordValue(micros); // 1 .. 100 ms
        }

        gauges.interval(Metrics.KAFKA_HOP, hop);
        gauges.rate(1_999.6);

        String scrape = registry.scrape();
        assertThat(scrape)
                .contains(
                        "rtbench_stage_latency_seconds{quantile=\"0.5\",stage=\"kafkaHop\",target=\"clickhouse\"} 0.05")
                .contains(
                        "rtbench_stage_latency_seconds{quantile=\"0.99\",stage=\"kafkaHop\",target=\"clickhouse\"} 0.099")
                .contains("rtbench_events_rate{target=\"clickhouse\"} 2000.0");
    }

    @Test
    void anEmptySecondKeepsTheLastValueAndOtherMetricsAreIgnored() {
        Histogram write = new Histogram(3);
        write.recordValue(20_000);
        gauges.interval(Metrics.SINK_WRITE, write);

        gauges.interval(Metrics.SINK_WRITE, new Histogram(3));
        gauges.interval(Metrics.DATA, write);

        assertThat(registry.scrape())
                .contains(
                        "rtbench_stage_latency_seconds{quantile=\"0.5\",stage=\"sinkWrite\",target=\"clickhouse\"} 0.02")
                .doesNotContain("stage=\"data\"");
    }
}
