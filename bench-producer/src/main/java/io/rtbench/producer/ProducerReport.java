package io.rtbench.producer;

import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.time.Durations;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Turns a producer run's counters into the live status line and the result file's step and scenario. */
final class ProducerReport {

    private final ProducerSettings settings;
    private final ProducerStats stats;
    private final long startNanos = System.nanoTime();
    private long lastTickNanos = startNanos;
    private long lastSentEvents;
    private long lastSentBytes;

    ProducerReport(ProducerSettings settings, ProducerStats stats) {
        this.settings = settings;
        this.stats = stats;
    }

    /** The status since the previous call; takes the latency intervals and appends them to {@code log} if any. */
    String statusLine(IntervalLog log) {
        long now = System.nanoTime();
        double seconds = Math.max(1e-9, (now - lastTickNanos) / 1e9);
        long sentEvents = stats.sentEvents();
        long sentBytes = stats.sentBytes();
        double eventsPerSecond = (sentEvents - lastSentEvents) / seconds;
        double bytesPerSecond = (sentBytes - lastSentBytes) / seconds;
        lastTickNanos = now;
        lastSentEvents = sentEvents;
        lastSentBytes = sentBytes;

        Histogram ack = null;
        for (LatencyRecorder recorder : stats.metrics().all()) {
            Histogram interval = recorder.takeInterval();
            if (log != null) {
                log.append(interval);
            }
            if (recorder == stats.produceAck()) {
                ack = interval;
            }
        }
        Rate target = settings.workload().rate();
        StringBuilder line = new StringBuilder(160);
        line.append(String.format(
                Locale.ROOT,
                "%4ds  sent %,d  %,.0f ev/s  %.2f MB/s (target %s)",
                (now - startNanos) / 1_000_000_000L,
                sentEvents,
                eventsPerSecond,
                bytesPerSecond / 1e6,
                target));
        if (ack != null && ack.getTotalCount() > 0) {
            line.append(String.format(
                    Locale.ROOT,
                    "  ack p50 %.1f ms p99 %.1f ms",
                    ack.getValueAtPercentile(50) / 1000.0,
                    ack.getValueAtPercentile(99) / 1000.0));
        }
        long failed = stats.failed();
        if (failed > 0) {
            line.append(String.format(Locale.ROOT, "  FAILED %,d", failed));
        }
        return line.toString();
    }

    /**
     * The measured step. The achieved rate is over the phase's wall-clock time; a paced step is sustained when the
     * producer kept its schedule (within the tolerance of {@link PhaseOutcome#behindSchedule}).
     */
    StepResult step(PhaseOutcome phase, DocSizeStats sizes, String histogramLog) {
        int docSize = settings.generator().docSizeBytes();
        Rate target = settings.workload().rate();
        double measuredSeconds = phase.wallSeconds();
        StepRate rate = new StepRate(
                target.isMax() ? null : target.eventsPerSecond(docSize),
                target.isMax() ? null : target.bytesPerSecond(docSize),
                stats.sentEvents() / measuredSeconds,
                stats.sentBytes() / measuredSeconds);
        return new StepResult(
                rate,
                settings.workload().batchSize(),
                measuredSeconds,
                new StepResult.DocBytes(sizes.meanBytes(), sizes.minBytes(), sizes.maxBytes(), sizes.fields()),
                EventCounts.producedOnly(stats.ackedEvents(), stats.failed()),
                null,
                stats.metrics().summaries(),
                null,
                target.isMax() ? null : !phase.behindSchedule() && !stats.hasFailed(),
                histogramLog);
    }

    Scenario scenario(ProducerSession session) {
        String targetName = session.targetName();
        Workload workload = settings.workload();
        Map<String, Object> more = new LinkedHashMap<>();
        more.put("rate", workload.rate().toString());
        more.put("duration", Durations.format(workload.duration()));
        if (!workload.warmup().isZero()) {
            more.put("warmup", Durations.format(workload.warmup()));
        }
        if (workload.maxEvents() > 0) {
            more.put("maxEvents", workload.maxEvents());
        }
        if (settings.kafka() != null) {
            more.put("topic", settings.kafka().topic());
            more.put("key", settings.kafka().key().name().toLowerCase(Locale.ROOT));
            more.put("valueFormat", settings.kafka().valueFormat().cliName());
            more.put("producerConfig", settings.kafka().describeConfig());
        }
        if (settings.target() != null) {
            more.put("collection", settings.target().collection());
        }
        String pipeline = settings.sink() == ProducerSettings.Sink.DIRECT ? "direct" : "none";
        return new Scenario(
                targetName,
                pipeline,
                workload.batchSize(),
                workload.generators(),
                settings.generator().docSizeBytes(),
                settings.generator().contentSeed(),
                workload.prefillEvents(),
                more);
    }
}
