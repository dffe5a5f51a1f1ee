package io.rtbench.core.mixed;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepReads.Window;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Latency per {@code --window} of a measured phase (docs/MEASUREMENT.md, "Windows"): the engine hands every second's
 * interval of each recorder to {@link #tick}; the intervals of the chosen metrics are merged into the open window's
 * histograms (never averaging percentiles), and a window closes at the tick nearest its end (within half a second). Memory is one
 * histogram per metric for the open window and a summary per closed one, so a 12-hour run keeps it flat. Once the phase
 * has ended ({@link #end}), no window closes or opens: the reads still finishing then are the last window's.
 */
public final class WindowSummaries {

    private static final long HALF_TICK_NANOS = 500_000_000L;

    private final long windowNanos;
    private final Set<String> metrics;
    private final List<Window> closed = new ArrayList<>();
    private final Map<String, Histogram> open = new LinkedHashMap<>();
    private long phaseStartNanos;
    private long openedNanos;
    private long endedNanos;
    private boolean started;
    private boolean ended;

    /** @param metrics the metrics to summarize per window ({@code select}, {@code data}, {@code sinkWrite}) */
    public WindowSummaries(Duration window, Set<String> metrics) {
        this.windowNanos = window.toNanos();
        this.metrics = Set.copyOf(metrics);
    }

    /** A measured phase starts: forgets earlier windows and opens the first. */
    public synchronized void start(long startNanos) {
        closed.clear();
        open.clear();
        phaseStartNanos = startNanos;
        openedNanos = startNanos;
        started = true;
        ended = false;
    }

    /**
     * The measured phase ended at {@code endNanos}: later ticks still add to the open window (reads issued in the
     * phase that finish after it), and {@link #finish} closes that window at the phase's end.
     */
    public synchronized void end(long endNanos) {
        if (started && !ended) {
            ended = true;
            endedNanos = endNanos;
        }
    }

    /** One second's intervals by metric name (µs), taken at {@code nowNanos}. */
    public synchronized void tick(Map<String, Histogram> intervals, long nowNanos) {
        if (!started) {
            return;
        }
        for (String metric : metrics) {
            Histogram interval = intervals.get(metric);
            if (interval != null && interval.getTotalCount() > 0) {
                open.computeIfAbsent(metric, name -> LatencyRecorder.newHistogram())
                        .add(interval);
            }
        }
        // the ticks come about a second apart, not on the window's boundary: the tick nearest the end closes it
        if (!ended && nowNanos - (openedNanos + windowNanos) >= -HALF_TICK_NANOS) {
            close(nowNanos);
        }
    }

    private void close(long nowNanos) {
        Map<String, LatencySummary> summaries = new LinkedHashMap<>();
        open.forEach((metric, histogram) -> summaries.put(metric, LatencySummary.ofMicros(histogram)));
        closed.add(new Window(
                closed.size() + 1, (openedNanos - phaseStartNanos) / 1e9, (nowNanos - openedNanos) / 1e9, summaries));
        open.clear();
        openedNanos = nowNanos;
    }

    /**
     * The step is over: closes the open window if it holds anything (at the phase's end when {@link #end} was called),
     * and returns every window in order.
     */
    public synchronized List<Window> finish(long nowNanos) {
        if (started && !open.isEmpty()) {
            close(ended ? Math.max(openedNanos, endedNanos) : nowNanos);
        }
        started = false;
        return List.copyOf(closed);
    }
}
