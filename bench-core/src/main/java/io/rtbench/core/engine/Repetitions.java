package io.rtbench.core.engine;

import io.rtbench.core.Bounds;
import java.time.Duration;

/**
 * JMH-style repetitions of a run (docs/MEASUREMENT.md, "Repetitions"): the whole run {@code forks} times, each fork on
 * a fresh pipeline (a fresh collection, consumer group or connector), and each step's measured phase cut into
 * {@code warmupIterations} discarded windows followed by {@code iterations} measured ones, each window with its own
 * histograms.
 *
 * @param forks times the run is made, each from a fresh pipeline
 * @param iterations measured windows per step and fork
 * @param iterationTime the length of one window; null: the step's duration
 * @param warmupIterations windows measured before them and discarded
 */
public record Repetitions(int forks, int iterations, Duration iterationTime, int warmupIterations) {

    /** One fork, one iteration of the step's duration, no warmup iteration: a run as it was before repetitions. */
    public static final Repetitions NONE = new Repetitions(1, 1, null, 0);

    public Repetitions {
        Bounds.atLeast("--forks", 1, forks);
        Bounds.atLeast("--iterations", 1, iterations);
        Bounds.atLeast("--warmup-iterations", 0, warmupIterations);
        if (iterationTime != null) {
            Bounds.positive("--iteration-time", iterationTime);
        }
    }

    /** Whether the run asked for anything but one fork of one iteration; only then does a step report repetitions. */
    public boolean repeated() {
        return !equals(NONE);
    }

    /** One window's length for a step of {@code stepDuration}; null for a step that runs until stopped. */
    public Duration iterationLength(Duration stepDuration) {
        return iterationTime != null ? iterationTime : stepDuration;
    }

    /** The whole measured phase: every window, the warmup ones included; null for a step that runs until stopped. */
    public Duration measuredLength(Duration stepDuration) {
        Duration window = iterationLength(stepDuration);
        return window == null || stepDuration == null
                ? stepDuration
                : window.multipliedBy(warmupIterations + iterations);
    }
}
