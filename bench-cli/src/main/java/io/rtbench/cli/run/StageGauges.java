package io.rtbench.cli.run;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.core.metrics.Metrics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Where the time goes, for Prometheus during a run: each stage's last-second p50 and p99 (from the same interval
 * histograms the step's {@code .hlog} holds) and the achieved rate. The evaluator's own meters carry data latency; the
 * stages meet only in the runner, so their gauges live here.
 *
 * <p>Prometheus names: {@code rtbench_stage_latency_seconds{target, stage, quantile}} and
 * {@code rtbench_events_rate{target}} (events per second, last second).
 */
final class StageGauges {

    static final String STAGE_LATENCY = "rtbench.stage.latency";
    static final String EVENTS_RATE = "rtbench.events.rate";

    /** The stages shown; {@code data} has its own histogram meter in the evaluator. */
    static final List<String> STAGES =
            List.of(Metrics.SCHEDULE_DELAY, Metrics.PRODUCE_ACK, Metrics.KAFKA_HOP, Metrics.SINK_WRITE, Metrics.QUERY);

    private static final double[] QUANTILES = {0.5, 0.99};

    /** Latest value per stage and quantile, in µs (an AtomicLong: Gauge reads it on scrape). */
    private final Map<String, AtomicLong> micros = new ConcurrentHashMap<>();

    private final AtomicLong eventsPerSecond = new AtomicLong();

    StageGauges(MeterRegistry registry, String target) {
        for (String stage : STAGES) {
            for (double quantile : QUANTILES) {
                AtomicLong value = new AtomicLong();
                micros.put(key(stage, quantile), value);
                Gauge.builder(STAGE_LATENCY, value, v -> v.get() / 1e6)
                        .description("A pipeline stage's latency over the last second")
                        .baseUnit("seconds")
                        .tags("target", target, "stage", stage, "quantile", Double.toString(quantile))
                        .register(registry);
            }
        }
        Gauge.builder(EVENTS_RATE, eventsPerSecond, AtomicLong::get)
                .description("Events produced per second, over the last second")
                .tag("target", target)
                .register(registry);
    }

    /** One second of a measured phase (a {@link io.rtbench.core.engine.TickListener}). */
    void tick(Map<String, Histogram> intervals, double eventsPerSecond) {
        intervals.forEach(this::interval);
        if (!Double.isNaN(eventsPerSecond)) {
            rate(eventsPerSecond);
        }
    }

    /** One second's interval of a recorder; other metrics than {@link #STAGES} are ignored. */
    void interval(String metric, Histogram interval) {
        if (interval.getTotalCount() == 0) {
            return;
        }
        for (double quantile : QUANTILES) {
            AtomicLong value = micros.get(key(metric, quantile));
            if (value != null) {
                value.set(interval.getValueAtPercentile(quantile * 100));
            }
        }
    }

    void rate(double eventsPerSecondNow) {
        eventsPerSecond.set(Math.round(eventsPerSecondNow));
    }

    private static String key(String stage, double quantile) {
        return stage + "@" + quantile;
    }
}
