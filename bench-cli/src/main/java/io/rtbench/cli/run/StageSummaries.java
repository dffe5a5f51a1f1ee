package io.rtbench.cli.run;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.MetricType;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * The pipeline stages' latencies as one Prometheus summary, {@code rtbench_stage_latency_seconds{target, stage,
 * quantile}}: the quantiles are those of the last second that had samples, {@code _count} and {@code _sum} cover the
 * run so far (the sum from each second's HdrHistogram mean, so within its 3 significant digits).
 *
 * <p>Why a collector and not a Micrometer {@code Timer} with published percentiles: a Timer computes its quantiles from
 * values recorded one at a time, while the stages reach the runner as one HdrHistogram per second, recorded by the
 * producer, bridge and evaluator. Replaying them into a Timer would cost the measured machine one call per event and
 * stage (three stages are per event: ~240,000 calls a second at 80,000 events/s) and would mix seconds by Micrometer's
 * own time window. Micrometer's Prometheus registry hands out its underlying registry for such collectors, and its
 * scrape serves them with its own meters.
 */
final class StageSummaries implements Collector {

    static final String NAME = "rtbench_stage_latency_seconds";
    private static final String HELP =
            "A pipeline stage's latency: quantiles of the last second, count and sum of the" + " run";
    private static final double[] QUANTILES = {0.5, 0.99};

    /** A stage's figures so far; replaced whole, so that a scrape never sees half an update. */
    private record Window(double[] quantileSeconds, long count, double sumSeconds) {}

    private final String target;
    private final Map<String, AtomicReference<Window>> windows = new LinkedHashMap<>();

    StageSummaries(String target, List<String> stages) {
        this.target = target;
        stages.forEach(stage -> windows.put(stage, new AtomicReference<>()));
    }

    /**
     * @throws IllegalArgumentException when the registry already has a metric of this name (a second runner on one
     *     registry)
     */
    void registerOn(PrometheusRegistry registry) {
        registry.register(this);
    }

    /** One second's interval of a recorder; metrics that are not stages, and empty seconds, change nothing. */
    void interval(String metric, Histogram interval) {
        AtomicReference<Window> window = windows.get(metric);
        if (window == null || interval.getTotalCount() == 0) {
            return;
        }
        double[] quantileSeconds = new double[QUANTILES.length];
        for (int i = 0; i < QUANTILES.length; i++) {
            quantileSeconds[i] = interval.getValueAtPercentile(QUANTILES[i] * 100) / 1e6;
        }
        long count = interval.getTotalCount();
        double sumSeconds = interval.getMean() * count / 1e6;
        window.updateAndGet(before -> before == null
                ? new Window(quantileSeconds, count, sumSeconds)
                : new Window(quantileSeconds, before.count() + count, before.sumSeconds() + sumSeconds));
    }

    @Override
    public MetricSnapshot collect() {
        SummarySnapshot.Builder summary = SummarySnapshot.builder().name(NAME).help(HELP);
        windows.forEach((stage, reference) -> {
            Window window = reference.get();
            if (window == null) {
                return; // no sample yet: absent, not 0
            }
            Quantiles.Builder quantiles = Quantiles.builder();
            for (int i = 0; i < QUANTILES.length; i++) {
                quantiles.quantile(QUANTILES[i], window.quantileSeconds()[i]);
            }
            summary.dataPoint(SummaryDataPointSnapshot.builder()
                    .labels(Labels.of("target", target, "stage", stage))
                    .quantiles(quantiles.build())
                    .count(window.count())
                    .sum(window.sumSeconds())
                    .build());
        });
        return summary.build();
    }

    @Override
    public String getPrometheusName() {
        return NAME;
    }

    @Override
    public MetricType getMetricType() {
        return MetricType.SUMMARY;
    }
}
