package io.rtbench.core.fault;

import java.util.ArrayList;
import java.util.List;

/**
 * Samples with the moment each was taken, kept in the order they came, for {@link Recovery}: the probes' data latencies
 * of one measured phase (what a histogram forgets). Safe for several writers. At one probe a second per generator it
 * holds 3,600 samples (56 KB) an hour.
 */
public final class TimedSamples {

    private final List<Recovery.Point> points = new ArrayList<>();

    /** A sample of {@code value} taken at {@code atMicros} (µs since the epoch). */
    public synchronized void add(long atMicros, long value) {
        points.add(new Recovery.Point(atMicros, value));
    }

    /** The samples so far, in the order they came. */
    public synchronized List<Recovery.Point> points() {
        return List.copyOf(points);
    }

    /** Forgets every sample (a new measured phase begins). */
    public synchronized void clear() {
        points.clear();
    }
}
