package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rtbench.core.metrics.Metrics;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class StageGaugesTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final StageGauges gauges = new StageGauges(registry, "clickhouse");

    @Test
    void aStageIsASummaryOfTheLastSecondsQuantilesInSecondsAndTheRunsCountAndSum() {
        Histogram hop = new Histogram(3);
        for (int micros = 1_000; micros <= 100_000; micros += 1_000) {
            hop.recordValue(micros); // 1 .. 100 ms, sum 5.05 s
        }
        Histogram laterHop = new Histogram(3);
        laterHop.recordValue(2_000);

        gauges.interval(Metrics.KAFKA_HOP, hop);
        gauges.interval(Metrics.KAFKA_HOP, laterHop);
        gauges.rate(1_999.6);

        String scrape = registry.scrape();
        assertThat(scrape)
                .contains("# TYPE rtbench_stage_latency_seconds summary")
                .contains("rtbench_stage_latency_seconds{stage=\"kafkaHop\",target=\"clickhouse\",quantile=\"0.5\"}"
                        + " 0.002\n")
                .contains("rtbench_stage_latency_seconds{stage=\"kafkaHop\",target=\"clickhouse\",quantile=\"0.99\"}"
                        + " 0.002\n")
                .contains("rtbench_stage_latency_seconds_count{stage=\"kafkaHop\",target=\"clickhouse\"} 101\n")
                .contains("rtbench_events_rate{target=\"clickhouse\"} 2000.0");
        assertThat(sum(scrape, "kafkaHop")).isCloseTo(5.052, offset(0.005));
    }

    @Test
    void theLastSecondsQuantilesAreThoseOfItsHistogram() {
        Histogram hop = new Histogram(3);
        for (int micros = 1_000; micros <= 100_000; micros += 1_000) {
            hop.recordValue(micros);
        }

        gauges.interval(Metrics.KAFKA_HOP, hop);

        assertThat(registry.scrape())
                .contains("rtbench_stage_latency_seconds{stage=\"kafkaHop\",target=\"clickhouse\",quantile=\"0.5\"}"
                        + " 0.050015\n")
                .contains("rtbench_stage_latency_seconds{stage=\"kafkaHop\",target=\"clickhouse\",quantile=\"0.99\"}"
                        + " 0.099007\n");
    }

    @Test
    void anEmptySecondKeepsTheLastValueOtherMetricsAreIgnoredAndUnseenStagesAreAbsent() {
        Histogram write = new Histogram(3);
        write.recordValue(20_000);
        gauges.interval(Metrics.SINK_WRITE, write);

        gauges.interval(Metrics.SINK_WRITE, new Histogram(3));
        gauges.interval(Metrics.DATA, write);

        assertThat(registry.scrape())
                .contains("rtbench_stage_latency_seconds{stage=\"sinkWrite\",target=\"clickhouse\",quantile=\"0.5\"}"
                        + " 0.020015\n")
                .contains("rtbench_stage_latency_seconds_count{stage=\"sinkWrite\",target=\"clickhouse\"} 1\n")
                .doesNotContain("stage=\"data\"")
                .doesNotContain("stage=\"kafkaHop\"");
    }

    @Test
    void anotherRegistryGetsTheRateAlone() {
        SimpleMeterRegistry simple = new SimpleMeterRegistry();
        StageGauges elsewhere = new StageGauges(simple, "clickhouse");
        Histogram write = new Histogram(3);
        write.recordValue(20_000);

        elsewhere.interval(Metrics.SINK_WRITE, write);
        elsewhere.rate(10);

        assertThat(simple.getMeters())
                .singleElement()
                .satisfies(meter -> assertThat(meter.getId().getName()).isEqualTo(StageGauges.EVENTS_RATE));
    }

    @Test
    void aSecondRunnerOnOneRegistryIsRefusedAtOnce() {
        assertThatThrownBy(() -> new StageGauges(registry, "opensearch"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rtbench_stage_latency_seconds");
    }

    private static double sum(String scrape, String stage) {
        String prefix = "rtbench_stage_latency_seconds_sum{stage=\"" + stage + "\",target=\"clickhouse\"} ";
        return scrape.lines()
                .filter(line -> line.startsWith(prefix))
                .mapToDouble(line -> Double.parseDouble(line.substring(prefix.length())))
                .findFirst()
                .orElseThrow();
    }
}
