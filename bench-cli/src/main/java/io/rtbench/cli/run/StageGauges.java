package io.rtbench.cli.run;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rtbench.core.metrics.Metrics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Where the time goes, for Prometheus during a run: each stage's latency and the achieved rate. The evaluator's own
 * meters carry data latency; the stages meet only in the runner, so their meters live here.
 *
 * <p>Prometheus names (docs/GUIDE.md, "Prometheus"): {@code rtbench_stage_latency_seconds{target, stage, quantile}}, a
 * summary: p50 and p99 of the last second that had samples, from the same interval histograms the step's {@code .hlog}
 * holds, with {@code _count} and {@code _sum} since the run started ({@link StageSummaries}); and
 * {@code rtbench_events_rate{target}}, a gauge: events produced per second, over the last second.
 */
final class StageGauges {

    static final String STAGE_LATENCY = StageSummaries.NAME;
    static final String EVENTS_RATE = "rtbench.events.rate";

    /** The stages shown; {@code data} has its own histogram meter in the evaluator. */
    static final List<String> STAGES =
            List.of(Metrics.SCHEDULE_DELAY, Metrics.PRODUCE_ACK, Metrics.KAFKA_HOP, Metrics.SINK_WRITE, Metrics.QUERY);

    private final StageSummaries summaries;

    private final AtomicLong eventsPerSecond = new AtomicLong();

    /**
     * The stage summaries are registered only on a Prometheus registry, the one registry a run exports; on any other,
     * the rate gauge alone.
     */
    StageGauges(MeterRegistry registry, String target) {
        summaries = new StageSummaries(target, STAGES);
        if (registry instanceof PrometheusMeterRegistry prometheus) {
            summaries.registerOn(prometheus.getPrometheusRegistry());
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
        summaries.interval(metric, interval);
    }

    void rate(double eventsPerSecondNow) {
        eventsPerSecond.set(Math.round(eventsPerSecondNow));
    }
}
