package io.rtbench.core.engine;

import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepRepetitions.Iteration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;

/**
 * The iterations of one step's measured phase (docs/MEASUREMENT.md, "Repetitions"): the {@link Ticker} hands every
 * recorder's interval to the window open at the time, and closes a window at each boundary. The intervals of a window
 * are summed per metric into its histograms; those of a measured window also go to that iteration's own interval log,
 * while the warmup windows are discarded.
 */
final class IterationWindows {

    /** One measured window: its histograms by metric name (microseconds) and its log's name (null: none). */
    record Window(int iteration, double durationSec, Map<String, Histogram> histograms, String logName) {}

    private final int warmupWindows;
    private final int totalWindows;
    private final long startNanos;
    private final Duration window;
    private final IntFunction<String> logName;
    private final Path logDirectory;
    private final List<Window> measured = new ArrayList<>();
    private int index = 1;
    private long openedNanos;
    private Map<String, Histogram> current = new LinkedHashMap<>();
    private IntervalLog log;

    /**
     * @param window the length of one window
     * @param logName the interval log's file name of measured iteration n, or null for no logs
     * @param logDirectory where the logs go (the result file's directory)
     * @param startNanos when the first window opens (the measured phase's start)
     */
    IterationWindows(
            int warmupWindows,
            int totalWindows,
            Duration window,
            IntFunction<String> logName,
            Path logDirectory,
            long startNanos) {
        this.warmupWindows = warmupWindows;
        this.totalWindows = totalWindows;
        this.window = window;
        this.startNanos = startNanos;
        this.logName = logName;
        this.logDirectory = logDirectory;
        open(startNanos);
    }

    /**
     * The windows of a step's measured phase starting at {@code startNanos}; null where the plan has no repetitions or
     * the step runs until stopped (a single window, as before repetitions).
     */
    static IterationWindows forStep(RunPlan plan, Step step, int fork, long startNanos) {
        Repetitions repetitions = plan.repetitions();
        if (!repetitions.repeated() || step.duration() == null) {
            return null;
        }
        Path result = plan.resultFile();
        return new IterationWindows(
                repetitions.warmupIterations(),
                repetitions.warmupIterations() + repetitions.iterations(),
                repetitions.iterationLength(step.duration()),
                result == null ? null : iteration -> plan.iterationLogName(step.index(), fork, iteration),
                result == null ? null : result.toAbsolutePath().getParent(),
                startNanos);
    }

    /** The measured phase: every window, the warmup ones included. */
    Duration phaseLength() {
        return window.multipliedBy(totalWindows);
    }

    /** The planned length of one window in seconds. */
    double iterationSec() {
        return window.toNanos() / 1e9;
    }

    /** When each window but the last ends (the last ends with the phase), on the phase's clock. */
    List<Long> boundaries() {
        List<Long> ends = new ArrayList<>();
        for (int k = 1; k < totalWindows; k++) {
            ends.add(startNanos + k * window.toNanos());
        }
        return ends;
    }

    /** By metric: every measured window's histograms merged, in microseconds. */
    synchronized Map<String, Histogram> totals() {
        Map<String, Histogram> totals = new LinkedHashMap<>();
        for (Window measuredWindow : measured) {
            measuredWindow
                    .histograms()
                    .forEach((metric, histogram) -> totals.computeIfAbsent(
                                    metric, name -> LatencyRecorder.newHistogram())
                            .add(histogram));
        }
        return totals;
    }

    /** The measured windows as the result reports them. */
    synchronized List<Iteration> iterations(int fork) {
        return measured.stream()
                .map(w -> new Iteration(
                        fork,
                        w.iteration(),
                        w.durationSec(),
                        LatencySummary.ofEachWithSamples(w.histograms()),
                        w.logName()))
                .toList();
    }

    private boolean measuring() {
        return index > warmupWindows;
    }

    private void open(long nowNanos) {
        openedNanos = nowNanos;
        current = new LinkedHashMap<>();
        if (measuring() && logName != null) {
            log = new IntervalLog(
                    logDirectory.resolve(logName.apply(index - warmupWindows)), System.currentTimeMillis());
        }
    }

    /** Adds one recorder's interval (tagged with its metric) to the open window. */
    synchronized void record(Histogram interval) {
        if (index > totalWindows) {
            return;
        }
        current.computeIfAbsent(interval.getTag(), name -> LatencyRecorder.newHistogram())
                .add(interval);
        if (log != null) {
            log.append(interval);
        }
    }

    /**
     * Adds an interval of readings that are not latencies (the backlog,
     * {@link io.rtbench.core.metrics.Metrics#READINGS}) to the open window's log, if it is measured and has one; the
     * window's histograms never hold it.
     */
    synchronized void log(Histogram readings) {
        if (index <= totalWindows && log != null) {
            log.append(readings);
        }
    }

    /** Ends the open window at {@code nowNanos} and opens the next, if there is one. */
    synchronized void close(long nowNanos) {
        if (index > totalWindows) {
            return;
        }
        if (log != null) {
            log.close();
        }
        if (measuring()) {
            int iteration = index - warmupWindows;
            measured.add(new Window(
                    iteration,
                    (nowNanos - openedNanos) / 1e9,
                    current,
                    logName == null ? null : logName.apply(iteration)));
        }
        log = null;
        index++;
        if (index <= totalWindows) {
            open(nowNanos);
        }
    }

    /** Whether every window was closed. */
    synchronized boolean finished() {
        return index > totalWindows;
    }

    /** The measured windows closed so far, in order. */
    synchronized List<Window> measured() {
        return List.copyOf(measured);
    }
}
