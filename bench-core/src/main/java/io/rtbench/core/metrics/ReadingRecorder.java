package io.rtbench.core.metrics;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One series of readings over time that is not a latency (the sink's backlog in events, {@link Metrics#BACKLOG}). The
 * engine writes each reading into the step's interval log as an interval of its own under the series' tag, beside the
 * latencies: one recorded value in the reading's unit, its start and end the moment it was read, so that the report
 * places it where it was taken, not where the next tick of the latencies fell. Nothing else takes it: no latency
 * summary, total or gauge sums it (docs/MEASUREMENT.md, "Sustained: when a backlog grew").
 */
public final class ReadingRecorder {

    private final String name;
    /** The readings not yet taken: epoch ms and value. A take once a second drains it. */
    private final List<long[]> pending = new ArrayList<>();

    public ReadingRecorder(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Records one reading taken at {@code atEpochMillis}; a negative one (none is expected) counts as 0. */
    public synchronized void record(long atEpochMillis, long value) {
        pending.add(new long[] {atEpochMillis, Math.max(0, value)});
    }

    /**
     * The readings since the previous call, each as its own interval histogram (one value, exact to
     * {@link LatencyRecorder#SIGNIFICANT_DIGITS} significant digits), tagged with the name and timed at its reading.
     */
    public synchronized List<Histogram> takeIntervals() {
        List<Histogram> intervals = new ArrayList<>(pending.size());
        for (long[] reading : pending) {
            Histogram interval = new Histogram(LatencyRecorder.SIGNIFICANT_DIGITS);
            interval.recordValue(reading[1]);
            interval.setTag(name);
            interval.setStartTimeStamp(reading[0]);
            interval.setEndTimeStamp(reading[0]);
            intervals.add(interval);
        }
        pending.clear();
        return intervals;
    }

    /** Forgets the readings not yet taken (a measured phase starts from none). */
    public synchronized void reset() {
        pending.clear();
    }
}
