package io.rtbench.core.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.Recorder;

/**
 * One latency metric (docs/MEASUREMENT.md), recorded in microseconds with 3 significant digits. Writers call
 * {@link #recordMicros} from any thread without locking; a reader periodically calls {@link #takeInterval()} (for
 * interval logs and the live status) and {@link #total()} (for the result).
 */
public final class LatencyRecorder {

    /** Longer latencies are recorded as this value: an hour is a failed benchmark, not a latency. */
    public static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.HOURS.toMicros(1);

    public static final int SIGNIFICANT_DIGITS = 3;

    private final String name;
    private final Recorder recorder = new Recorder(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    private final Histogram total = newHistogram();
    private Histogram interval;

    public LatencyRecorder(String name) {
        this.name = name;
    }

    public static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    public String name() {
        return name;
    }

    /** Records one latency; negative values (clock steps) count as 0, values above an hour as an hour. */
    public void recordMicros(long micros) {
        recorder.recordValue(clamp(micros));
    }

    /** Records the same latency for {@code count} events (e.g. every event of one written batch). */
    public void recordMicros(long micros, long count) {
        recorder.recordValueWithCount(clamp(micros), count);
    }

    /**
     * Records every value of a histogram in microseconds (e.g. an interval another process logged), bucket by bucket,
     * so that nothing is averaged.
     */
    public void recordAll(Histogram micros) {
        for (HistogramIterationValue value : micros.recordedValues()) {
            recorder.recordValueWithCount(clamp(value.getValueIteratedTo()), value.getCountAtValueIteratedTo());
        }
    }

    private static long clamp(long micros) {
        return Math.max(0, Math.min(micros, HIGHEST_TRACKABLE_MICROS));
    }

    /**
     * Moves what was recorded since the previous call into the total and returns it. The returned histogram is reused:
     * it is valid until the next call.
     */
    public synchronized Histogram takeInterval() {
        interval = recorder.getIntervalHistogram(interval);
        total.add(interval);
        interval.setTag(name);
        return interval;
    }

    /** Everything recorded so far, including the not yet taken interval; a copy. */
    public synchronized Histogram total() {
        takeInterval();
        Histogram copy = total.copy();
        copy.setTag(name);
        return copy;
    }

    /** Forgets everything recorded so far (e.g. at the end of a warmup). */
    public synchronized void reset() {
        interval = recorder.getIntervalHistogram(interval);
        total.reset();
    }
}
