package io.rtbench.evaluator;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.cli.support.StatusLine;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.target.GroundTruth;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.Durations;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A standalone evaluation: probes the target for {@link EvaluatorSettings#duration()} (or until stopped), shows a
 * status line every second, samples the sink's backlog, audits at the end when the producers announced their counts,
 * and writes the result and its interval log.
 */
public final class EvaluationRun {

    private static final Logger LOG = LoggerFactory.getLogger(EvaluationRun.class);

    private final EvaluatorSettings settings;
    private final StatusLine status;
    private final EpochClock clock;

    public EvaluationRun(EvaluatorSettings settings, StatusLine status, EpochClock clock) {
        this.settings = settings;
        this.status = status;
        this.clock = clock;
    }

    public RunResult run(AtomicBoolean stop) throws InterruptedException {
        Instant startedAt = Instant.now();
        String kind = settings.target().kind();
        PrometheusEndpoint prometheus = settings.prometheusPort() > 0
                ? new PrometheusEndpoint(settings.prometheusHost(), settings.prometheusPort())
                : null;
        MeterRegistry registry = prometheus != null ? prometheus.registry() : new SimpleMeterRegistry();
        try (Target target = Targets.open(settings.target());
                Evaluator evaluator = new Evaluator(
                        target, kind, settings.interval(), settings.target().timeout(), clock, registry);
                GeneratorDiscovery discovery = discover(evaluator);
                BacklogSampler sampler = backlogSampler();
                IntervalLog log = intervalLog(startedAt)) {
            settings.generatorIds().forEach(evaluator::probe);
            MetricSet latencies = evaluator.metrics().latencies();
            LatencyRecorder truth = target instanceof GroundTruth groundTruth ? groundTruth.truth() : null;
            BacklogSeries backlog = new BacklogSeries();
            long startNanos = System.nanoTime();
            long endNanos = startNanos + settings.duration().toNanos();
            while (!stop.get() && System.nanoTime() < endNanos) {
                TimeUnit.MILLISECONDS.sleep(Math.min(1_000, Math.max(1, (endNanos - System.nanoTime()) / 1_000_000)));
                sampleBacklog(sampler, backlog, evaluator.metrics());
                status.update(statusLine(startNanos, latencies, evaluator, discovery, backlog, log));
            }
            status.finish();
            Map<Long, Long> produced = producedCounts(discovery);
            generatorsOf(discovery).forEach(evaluator::stopProbing);
            EventCounts events = audit(target, produced, evaluator.metrics());
            double seconds = (System.nanoTime() - startNanos) / 1e9;
            Map<String, LatencySummary> summaries = new LinkedHashMap<>(latencies.summaries());
            if (truth != null && truth.total().getTotalCount() > 0) {
                summaries.put(Metrics.TRUTH, LatencySummary.ofMicros(truth.total()));
            }
            Backlog backlogSummary = backlog.summary();
            double landedPerSecond = events == null || events.landed() == null ? 0 : events.landed() / seconds;
            StepResult step = new StepResult(
                    new StepRate(null, null, landedPerSecond, 0),
                    null,
                    seconds,
                    null,
                    events == null ? EventCounts.producedOnly(0, 0) : events,
                    evaluator.metrics().probeErrors(),
                    summaries,
                    backlogSummary,
                    backlogSummary == null ? null : BacklogSeries.sustained(backlogSummary, null, landedPerSecond),
                    histogramLogName());
            RunResult result = RunResult.started(
                            UUID.randomUUID().toString(),
                            startedAt,
                            RunEnvironment.detect().withTargetVersion(target.serverVersion()),
                            scenario())
                    .withStep(step)
                    .finished(Instant.now(), !stop.get());
            if (settings.resultFile() != null) {
                ResultFiles.write(settings.resultFile(), result);
            }
            return result;
        } finally {
            if (prometheus != null) {
                prometheus.close();
            }
        }
    }

    private GeneratorDiscovery discover(Evaluator evaluator) {
        if (settings.announceTopic() == null) {
            return null;
        }
        String host = settings.anyHost() ? null : RunEnvironment.detect().host();
        return new GeneratorDiscovery(
                settings.bootstrapServers(),
                settings.kafkaConfig(),
                settings.announceTopic(),
                host,
                settings.eventsTopic(),
                announcement -> evaluator.probe(announcement.generatorId()),
                announcement -> evaluator.stopProbing(announcement.generatorId()));
    }

    private BacklogSampler backlogSampler() {
        return settings.sinkGroup() == null
                ? null
                : new BacklogSampler(
                        settings.bootstrapServers(),
                        settings.kafkaConfig(),
                        settings.sinkGroup(),
                        settings.eventsTopic(),
                        Duration.ofSeconds(5));
    }

    private static void sampleBacklog(BacklogSampler sampler, BacklogSeries backlog, EvaluatorMetrics metrics) {
        if (sampler == null) {
            return;
        }
        try {
            long lag = sampler.lag();
            backlog.add(System.currentTimeMillis(), lag);
            metrics.backlog(lag);
        } catch (Exception e) {
            LOG.warn("backlog sample failed: {}", e.toString());
        }
    }

    private String statusLine(
            long startNanos,
            MetricSet latencies,
            Evaluator evaluator,
            GeneratorDiscovery discovery,
            BacklogSeries backlog,
            IntervalLog log) {
        Histogram data = null;
        for (LatencyRecorder recorder : latencies.all()) {
            Histogram interval = recorder.takeInterval();
            if (log != null) {
                log.append(interval);
            }
            if (recorder.name().equals(Metrics.DATA)) {
                data = interval;
            }
        }
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "%4ds  generators %d",
                Math.round((System.nanoTime() - startNanos) / 1e9),
                generatorsOf(discovery).size()));
        if (data != null && data.getTotalCount() > 0) {
            line.append(String.format(
                    Locale.ROOT,
                    "  data p50 %,.1f ms p99 %,.1f ms",
                    data.getValueAtPercentile(50) / 1000.0,
                    data.getValueAtPercentile(99) / 1000.0));
        } else {
            line.append("  data: nothing visible yet");
        }
        line.append("  probe errors ").append(evaluator.metrics().probeErrors());
        if (backlog.size() > 0) {
            line.append(String.format(Locale.ROOT, "  backlog %,d", backlog.last()));
        }
        return line.toString();
    }

    private List<Long> generatorsOf(GeneratorDiscovery discovery) {
        return discovery == null
                ? settings.generatorIds()
                : List.copyOf(discovery.generators().keySet());
    }

    /** Event counts from the producers' final announcements; generators still producing are left out. */
    private static Map<Long, Long> producedCounts(GeneratorDiscovery discovery) {
        Map<Long, Long> produced = new TreeMap<>();
        if (discovery != null) {
            for (GeneratorAnnouncement announcement : discovery.generators().values()) {
                if (announcement.producedEvents() != null) {
                    produced.put(announcement.generatorId(), announcement.producedEvents());
                }
            }
        }
        return produced;
    }

    private EventCounts audit(Target target, Map<Long, Long> produced, EvaluatorMetrics metrics)
            throws InterruptedException {
        if (produced.isEmpty()) {
            return null;
        }
        EventCounts counts = new Audit(target, settings.auditTimeout(), Duration.ofSeconds(10)).run(produced, 0);
        metrics.audited(counts.produced(), counts.landed());
        return counts;
    }

    private IntervalLog intervalLog(Instant startedAt) {
        return settings.resultFile() == null
                ? null
                : new IntervalLog(
                        settings.resultFile().toAbsolutePath().resolveSibling(histogramLogName()),
                        startedAt.toEpochMilli());
    }

    private String histogramLogName() {
        if (settings.resultFile() == null) {
            return null;
        }
        String name = settings.resultFile().getFileName().toString();
        return (name.endsWith(".json") ? name.substring(0, name.length() - 5) : name) + ".evaluator.hlog";
    }

    private Scenario scenario() {
        Map<String, Object> more = new HashMap<>();
        more.put("interval", Durations.format(settings.interval()));
        more.put("timeout", Durations.format(settings.target().timeout()));
        more.put("duration", Durations.format(settings.duration()));
        more.put("collection", settings.target().collection());
        if (settings.eventsTopic() != null) {
            more.put("topic", settings.eventsTopic());
        }
        return new Scenario(settings.target().kind(), "none", null, null, null, null, null, more);
    }
}
