package io.rtbench.core.engine;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Once a second during a measured phase: moves every recorder's interval into the step's interval log (or the open
 * iteration's window, see {@link IterationWindows}) and to the {@link TickListener}s, and rewrites the status line: the step, time left, the rate achieved against the target, then
 * what each stage says of itself (backlog, data p50/p99, probe errors, …).
 */
final class Ticker implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Ticker.class);

    /**
     * The shortest interval a live rate is computed over. The last tick of a phase comes a fraction of a second after
     * the one before; events counted in whole seconds (a worker's per-second record on several hosts) that arrive
     * within it would show as a rate several times the real one (2,259/s for 500/s was seen).
     */
    static final long MIN_RATE_INTERVAL_NANOS = 500_000_000L;

    private final String label;
    private final Long durationSeconds;
    private final double targetEventsPerSec;
    private final Stages stages;
    private final IntervalLog log;
    private final IterationWindows windows;
    private final List<TickListener> listeners;
    private final StatusLine status;
    private final LongSupplier nanoTime;
    private final long startNanos;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-ticker"));
    /** What a window's end took since the last tick, by metric: the next tick's listeners get it too. */
    private final Map<String, Histogram> pending = new LinkedHashMap<>();

    private long lastMoved = -1;
    private long lastTickNanos;

    /**
     * @param durationSeconds the phase's length, or null when it runs until stopped
     * @param targetEventsPerSec the paced rate; infinite for {@code max}, NaN where nothing is paced
     * @param log the step's interval log, or null without a result file (or with {@code windows})
     * @param windows the step's iterations, or null for a step of one
     * @param windowBoundaries when each window but the last ends, on {@code nanoTime}'s scale; the last one ends with
     *     the phase ({@link #close()})
     */
    Ticker(
            String label,
            Long durationSeconds,
            double targetEventsPerSec,
            Stages stages,
            IntervalLog log,
            IterationWindows windows,
            List<Long> windowBoundaries,
            List<TickListener> listeners,
            StatusLine status,
            LongSupplier nanoTime) {
        this.label = label;
        this.durationSeconds = durationSeconds;
        this.targetEventsPerSec = targetEventsPerSec;
        this.stages = stages;
        this.log = log;
        this.windows = windows;
        this.listeners = listeners;
        this.status = status;
        this.nanoTime = nanoTime;
        this.startNanos = nanoTime.getAsLong();
        this.lastTickNanos = startNanos;
        timer.scheduleAtFixedRate(this::tickQuietly, 1, 1, TimeUnit.SECONDS);
        for (long boundary : windowBoundaries) {
            timer.schedule(this::endWindow, Math.max(0, boundary - startNanos), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * A window's end: what was recorded up to now belongs to it. Only the logs and windows get this part-second; the
     * status line and the listeners see it with the next whole second's tick (a rate over a few milliseconds is noise).
     */
    private synchronized void endWindow() {
        try {
            takeIntervals()
                    .forEach((metric, part) -> pending.computeIfAbsent(metric, name -> LatencyRecorder.newHistogram())
                            .add(part));
        } catch (RuntimeException e) {
            LOG.warn("iteration boundary failed: {}", e.toString());
        }
        windows.close(nanoTime.getAsLong());
    }

    private void tickQuietly() {
        try {
            tick();
        } catch (RuntimeException e) {
            // a status line that cannot be drawn must not end the measurement
            LOG.warn("status tick failed: {}", e.toString());
        }
    }

    synchronized void tick() {
        long now = nanoTime.getAsLong();
        Map<String, Histogram> intervals = takeIntervals();
        pending.forEach((metric, earlier) -> {
            Histogram interval = intervals.get(metric);
            if (interval != null) {
                interval.add(earlier);
            }
        });
        pending.clear();
        double rate = rate(now);
        listeners.forEach(listener -> listener.tick(intervals, rate));
        status.update(line(now, rate, intervals));
    }

    /**
     * Moves every recorder's interval into the log or the open window; what a window's end took is kept for the next
     * tick's listeners. The readings that are not latencies (the backlog) go to the log, or the open window's log,
     * only: no summary, status line or gauge takes them for a latency.
     */
    private Map<String, Histogram> takeIntervals() {
        return stages.takeIntervals(tick -> {
            Map<String, Histogram> intervals = new LinkedHashMap<>();
            for (Stages.Tick.Interval interval : tick.intervals()) {
                if (log != null) {
                    log.append(interval.histogram());
                }
                if (windows != null) {
                    windows.record(interval.histogram());
                }
                intervals.put(interval.metric(), interval.histogram());
            }
            for (Stages.Tick.Interval reading : tick.readings()) {
                if (log != null) {
                    log.append(reading.histogram());
                }
                if (windows != null) {
                    windows.log(reading.histogram());
                }
            }
            return intervals;
        });
    }

    private double rate(long now) {
        OptionalLong moved = stages.movedEvents();
        if (moved.isEmpty()) {
            return Double.NaN;
        }
        if (lastMoved >= 0 && now - lastTickNanos < MIN_RATE_INTERVAL_NANOS) {
            return Double.NaN; // counted into the next interval's rate
        }
        double rate =
                lastMoved < 0 ? Double.NaN : (moved.getAsLong() - lastMoved) * 1e9 / Math.max(1, now - lastTickNanos);
        lastMoved = moved.getAsLong();
        lastTickNanos = now;
        return rate;
    }

    private String line(long now, double rate, Map<String, Histogram> intervals) {
        long elapsed = Math.round((now - startNanos) / 1e9);
        StringBuilder line = new StringBuilder(label.isEmpty() ? "" : label + "  ");
        // Past its time the phase is ending (its stages finish one after the other); a rate then would be the
        // producer's silence after its last burst, not a rate of the phase.
        boolean ending = durationSeconds != null
                && now - startNanos > durationSeconds * 1_000_000_000L + MIN_RATE_INTERVAL_NANOS;
        if (ending) {
            line.append("ending the phase");
        } else if (durationSeconds != null) {
            line.append(Math.max(0, durationSeconds - elapsed)).append("s left");
        } else {
            line.append(String.format(Locale.ROOT, "%4ds", elapsed));
        }
        if (!Double.isNaN(rate) && !ending) {
            line.append(String.format(Locale.ROOT, "  %,.0f", rate));
            if (Double.isInfinite(targetEventsPerSec)) {
                line.append("/max");
            } else if (!Double.isNaN(targetEventsPerSec)) {
                line.append(String.format(Locale.ROOT, "/%,.0f", targetEventsPerSec));
            }
            line.append(" ev/s");
        }
        return line.append(stages.status(intervals)).toString();
    }

    /** Stops ticking, after a last tick that takes what the phase recorded since the previous one. */
    @Override
    public synchronized void close() {
        timer.shutdownNow();
        tick();
        if (windows != null) {
            windows.close(nanoTime.getAsLong());
        }
        status.finish();
    }
}
