package io.rtbench.core.engine;

import java.util.Map;
import org.HdrHistogram.Histogram;

/** Receives each second of a measured phase: every recorder's interval by metric name, and the live event rate. */
@FunctionalInterface
public interface TickListener {

    /**
     * @param intervals the last second's histogram of every metric (microseconds), valid only during the call
     * @param eventsPerSecond events moved over the last second (produced, or written), NaN where nothing moves events
     */
    void tick(Map<String, Histogram> intervals, double eventsPerSecond);
}
