package io.rtbench.evaluator;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.rtbench.core.fault.TimedSamples;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.metrics.Metrics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where probe samples go: HdrHistograms over all generators (for the result file and the interval log) and Micrometer
 * meters tagged by target and generator (for Prometheus).
 */
public final class EvaluatorMetrics {

    /**
     * Prometheus name {@code rtbench_data_latency_seconds}: the headline data latency, per target and generator, as a
     * histogram (buckets aggregate across generators and hosts: {@code histogram_quantile(0.99, sum by (le)
     * (rate(rtbench_data_latency_seconds_bucket[1m])))}).
     */
    public static final String DATA_LATENCY = "rtbench.data.latency";

    /**
     * Prometheus name {@code rtbench_data_latency_quantiles_seconds{quantile=…}}: p50/p90/p95/p99 of the last two
     * minutes, computed here. A Prometheus histogram cannot carry quantiles, so they are a meter of their own.
     */
    public static final String DATA_LATENCY_QUANTILES = "rtbench.data.latency.quantiles";

    public static final String QUERY_LATENCY = "rtbench.probe.query.latency";

    /**
     * Prometheus names {@code rtbench_update_visible_latency_seconds} and {@code rtbench_delete_visible_latency_seconds}
     * (workload {@code dml}): histograms like the data latency's, tagged also by {@code read}, the target's read path
     * ({@code consistent}, or ClickHouse's {@code WithoutFinal}).
     */
    public static final String UPDATE_VISIBLE_LATENCY = "rtbench.update.visible.latency";

    public static final String DELETE_VISIBLE_LATENCY = "rtbench.delete.visible.latency";
    public static final String PROBE_ERRORS = "rtbench.probe.errors";
    public static final String BACKLOG = "rtbench.backlog.events";
    public static final String EVENTS_PRODUCED = "rtbench.events.produced";
    public static final String EVENTS_LANDED = "rtbench.events.landed";

    private final MetricSet latencies = new MetricSet();
    private final LatencyRecorder data = latencies.recorder(Metrics.DATA);
    private final LatencyRecorder dataAtRequest = latencies.recorder(Metrics.DATA_AT_REQUEST);
    private final LatencyRecorder query = latencies.recorder(Metrics.QUERY);
    private final LongAdder probeErrors = new LongAdder();
    private final LongAdder probesBeforeVisible = new LongAdder();
    private final AtomicReference<String> lastProbeError = new AtomicReference<>();
    private final MeterRegistry registry;
    private final String target;
    private final Map<Long, GeneratorMeters> meters = new ConcurrentHashMap<>();
    private final Map<String, Timer> changeTimers = new ConcurrentHashMap<>();
    private final AtomicLong backlog = new AtomicLong();
    private final AtomicLong produced = new AtomicLong();
    private final AtomicLong landed = new AtomicLong();
    /** Every data sample with its time, kept only for the figures of faults ({@link #keepTimedData}); else null. */
    private volatile TimedSamples timedData;

    public EvaluatorMetrics(MeterRegistry registry, String target) {
        this.registry = registry;
        this.target = target;
        Gauge.builder(BACKLOG, backlog, AtomicLong::get)
                .description("Consumer lag of the sink's group, in events")
                .tag("target", target)
                .register(registry);
        Gauge.builder(EVENTS_PRODUCED, produced, AtomicLong::get)
                .description("Events produced by the audited generators")
                .tag("target", target)
                .register(registry);
        Gauge.builder(EVENTS_LANDED, landed, AtomicLong::get)
                .description("Events of the audited generators found in the target")
                .tag("target", target)
                .register(registry);
    }

    /** The latest backlog sample, for Prometheus. */
    public void backlog(long events) {
        backlog.set(events);
    }

    /** The latest audit, for Prometheus. */
    public void audited(long producedEvents, long landedEvents) {
        produced.set(producedEvents);
        landed.set(landedEvents);
    }

    void sample(long generatorId, long dataMicros, long dataAtRequestMicros, long queryMicros) {
        data.recordMicros(dataMicros);
        dataAtRequest.recordMicros(dataAtRequestMicros);
        query.recordMicros(queryMicros);
        GeneratorMeters generator = meters(generatorId);
        generator.data.record(Math.max(0, dataMicros), TimeUnit.MICROSECONDS);
        generator.dataQuantiles.record(Math.max(0, dataMicros), TimeUnit.MICROSECONDS);
        generator.query.record(Math.max(0, queryMicros), TimeUnit.MICROSECONDS);
    }

    /**
     * From now on keeps every data sample with its probe's answer time, cleared with the samples at {@link #reset}: what
     * the figures of a fault are computed from (docs/MEASUREMENT.md, "Freshness under faults"). Returns them.
     */
    public synchronized TimedSamples keepTimedData() {
        if (timedData == null) {
            timedData = new TimedSamples();
        }
        return timedData;
    }

    /** A data sample's time (its probe's answer, µs since the epoch), when they are kept. */
    void timedSample(long atMicros, long dataMicros) {
        TimedSamples kept = timedData;
        if (kept != null) {
            kept.add(atMicros, dataMicros);
        }
    }

    /** The recorders of workload {@code dml} for the target's read variants, so that a step logs them from its start. */
    public void addChangeMetrics(List<String> variants) {
        for (String variant : variants) {
            latencies.recorder(Metrics.UPDATE_VISIBLE + variant);
            latencies.recorder(Metrics.DELETE_VISIBLE + variant);
        }
    }

    /** A sample of {@code updateVisible} or {@code deleteVisible} (+ the read variant's suffix), in µs. */
    void changeSample(long generatorId, boolean update, String variant, long micros) {
        latencies
                .recorder((update ? Metrics.UPDATE_VISIBLE : Metrics.DELETE_VISIBLE) + variant)
                .recordMicros(micros);
        String read = variant.isEmpty() ? "consistent" : variant;
        changeTimers
                .computeIfAbsent(
                        (update ? "u" : "d") + read + "/" + generatorId,
                        key -> Timer.builder(update ? UPDATE_VISIBLE_LATENCY : DELETE_VISIBLE_LATENCY)
                                .description(
                                        update
                                                ? "Probe response time minus the _event_time of the newest update seen"
                                                        + " at its version"
                                                : "Probe response time minus the _event_time of the newest delete seen"
                                                        + " as gone")
                                .tags("target", target, "generator", Long.toString(generatorId), "read", read)
                                .publishPercentileHistogram()
                                .minimumExpectedValue(Duration.ofMillis(1))
                                .maximumExpectedValue(Duration.ofMinutes(10))
                                .register(registry))
                .record(Math.max(0, micros), TimeUnit.MICROSECONDS);
    }

    void probeError(long generatorId, String reason) {
        probeErrors.increment();
        lastProbeError.set(reason);
        meters(generatorId).errors.increment();
    }

    /** A probe found no event of its generator yet: not a sample (docs/MEASUREMENT.md), but counted. */
    void probeBeforeVisible() {
        probesBeforeVisible.increment();
    }

    /** Forgets the samples and errors so far (end of a warmup); Prometheus keeps counting. */
    public void reset() {
        latencies.reset();
        TimedSamples kept = timedData;
        if (kept != null) {
            kept.clear();
        }
        probeErrors.reset();
        probesBeforeVisible.reset();
    }

    /** The HdrHistogram recorders: {@code data}, {@code dataAtRequest}, {@code query}. */
    public MetricSet latencies() {
        return latencies;
    }

    public long probeErrors() {
        return probeErrors.sum();
    }

    /** Probes since the last {@link #reset} that found no event of their generator visible yet. */
    public long probesBeforeVisible() {
        return probesBeforeVisible.sum();
    }

    /** The most recent probe failure, or null. */
    public String lastProbeError() {
        return lastProbeError.get();
    }

    public MeterRegistry registry() {
        return registry;
    }

    private GeneratorMeters meters(long generatorId) {
        return meters.computeIfAbsent(generatorId, id -> new GeneratorMeters(registry, target, Long.toString(id)));
    }

    private record GeneratorMeters(Timer data, Timer dataQuantiles, Timer query, Counter errors) {
        GeneratorMeters(MeterRegistry registry, String target, String generator) {
            this(
                    Timer.builder(DATA_LATENCY)
                            .description("Probe response time minus the newest visible _event_time (RockBench)")
                            .tags("target", target, "generator", generator)
                            .publishPercentileHistogram()
                            .minimumExpectedValue(Duration.ofMillis(1))
                            .maximumExpectedValue(Duration.ofMinutes(10))
                            .register(registry),
                    Timer.builder(DATA_LATENCY_QUANTILES)
                            .description("Data latency percentiles over the last two minutes")
                            .tags("target", target, "generator", generator)
                            .publishPercentiles(0.5, 0.9, 0.95, 0.99)
                            .distributionStatisticExpiry(Duration.ofMinutes(2))
                            .register(registry),
                    Timer.builder(QUERY_LATENCY)
                            .description("Round trip of the probe query")
                            .tags("target", target, "generator", generator)
                            .publishPercentiles(0.5, 0.99)
                            .register(registry),
                    Counter.builder(PROBE_ERRORS)
                            .description("Probes that failed or timed out (recorded, never dropped)")
                            .tags("target", target, "generator", generator)
                            .register(registry));
        }
    }
}
