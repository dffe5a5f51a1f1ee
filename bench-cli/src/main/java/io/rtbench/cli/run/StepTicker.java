package io.rtbench.cli.run;

import io.rtbench.cli.support.StatusLine;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.evaluator.BacklogSampler;
import io.rtbench.evaluator.BacklogSeries;
import io.rtbench.evaluator.EvaluatorMetrics;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Once a second during a measured step: samples the backlog, moves every recorder's interval into the step's interval
 * log and the stage gauges, and updates the status line (step, rate achieved/target, backlog, last data p50/p99, time left).
 */
final class StepTicker implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StepTicker.class);

    private final String stepLabel;
    private final double targetEventsPerSec;
    private final long durationSeconds;
    private final List<LatencyRecorder> recorders;
    private final IntervalLog log;
    private final BacklogSampler sampler;
    private final BacklogSeries backlog;
    private final EvaluatorMetrics evaluator;
    private final StageGauges stages;
    private final LongSupplier sentEvents;
    private final StatusLine status;
    private final long startNanos = System.nanoTime();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "rtbench-step-ticker");
        thread.setDaemon(true);
        return thread;
    });
    private long lastSent;
    private long lastTickNanos = startNanos;

    StepTicker(
            String stepLabel,
            double targetEventsPerSec,
            long durationSeconds,
            List<LatencyRecorder> recorders,
            IntervalLog log,
            BacklogSampler sampler,
            BacklogSeries backlog,
            EvaluatorMetrics evaluator,
            StageGauges stages,
            LongSupplier sentEvents,
            StatusLine status) {
        this.stepLabel = stepLabel;
        this.targetEventsPerSec = targetEventsPerSec;
        this.durationSeconds = durationSeconds;
        this.recorders = recorders;
        this.log = log;
        this.sampler = sampler;
        this.backlog = backlog;
        this.evaluator = evaluator;
        this.stages = stages;
        this.sentEvents = sentEvents;
        this.status = status;
        timer.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    synchronized void tick() {
        long now = System.nanoTime();
        sampleBacklog();
        Histogram data = null;
        for (LatencyRecorder recorder : recorders) {
            Histogram interval = recorder.takeInterval();
            log.append(interval);
            stages.interval(recorder.name(), interval);
            if (recorder.name().equals(Metrics.DATA)) {
                data = interval;
            }
        }
        long sent = sentEvents.getAsLong();
        double rate = (sent - lastSent) * 1e9 / Math.max(1, now - lastTickNanos);
        lastSent = sent;
        stages.rate(rate);
        lastTickNanos = now;
        long elapsed = Math.round((now - startNanos) / 1e9);
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "%s  %ds left  %,.0f/%s ev/s",
                stepLabel,
                Math.max(0, durationSeconds - elapsed),
                rate,
                Double.isInfinite(targetEventsPerSec)
                        ? "max"
                        : String.format(Locale.ROOT, "%,.0f", targetEventsPerSec)));
        if (backlog.size() > 0) {
            line.append(String.format(Locale.ROOT, "  backlog %,d", backlog.last()));
        }
        if (data != null && data.getTotalCount() > 0) {
            line.append(String.format(
                    Locale.ROOT,
                    "  data p50 %,.0f p99 %,.0f ms",
                    data.getValueAtPercentile(50) / 1e3,
                    data.getValueAtPercentile(99) / 1e3));
        }
        if (evaluator.probeErrors() > 0) {
            line.append("  probe errors ").append(evaluator.probeErrors());
        }
        status.update(line.toString());
    }

    private void sampleBacklog() {
        if (sampler == null) {
            return;
        }
        try {
            long lag = sampler.lag();
            backlog.add(System.currentTimeMillis(), lag);
            evaluator.backlog(lag);
        } catch (Exception e) {
            LOG.warn("backlog sample failed: {}", e.toString());
        }
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
        tick();
        status.finish();
    }
}
