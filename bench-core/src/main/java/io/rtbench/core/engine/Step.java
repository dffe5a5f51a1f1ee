package io.rtbench.core.engine;

import io.rtbench.core.pacing.Rate;
import java.time.Duration;
import java.util.Objects;

/**
 * One step of a run: a rate held for a duration after a warmup (a sweep has one per rate, a bridge or an evaluator on
 * its own has a single step with no rate).
 *
 * @param index 1, 2, … in the order the steps run
 * @param rate the total rate the producer paces to; null where nothing is produced
 * @param batchSize events per send burst; 0 where nothing is produced
 * @param warmup produced at the rate before measuring, then discarded; zero for none
 * @param duration the measured phase's length; null: until stopped (Ctrl-C) or a stage fails
 * @param maxEvents the producer stops after this many measured events; 0 for no limit
 */
public record Step(int index, Rate rate, int batchSize, Duration warmup, Duration duration, long maxEvents) {

    public Step {
        Objects.requireNonNull(warmup, "warmup");
        if (index < 1) {
            throw new IllegalArgumentException("steps count from 1, got " + index);
        }
    }

    /** A step with nothing produced: a stage that runs for {@code duration}, or until stopped when it is null. */
    public static Step observing(Duration duration) {
        return new Step(1, null, 0, Duration.ZERO, duration, 0);
    }

    /** The planned events per second at a document size; infinite for {@code max}, NaN with no rate. */
    public double eventsPerSecond(int docSizeBytes) {
        return rate == null ? Double.NaN : rate.eventsPerSecond(docSizeBytes);
    }

    /** The status line's name of the step, e.g. {@code step 2  4MB x50}. */
    public String label() {
        return rate == null ? "" : String.format("step %d  %s x%d", index, rate, batchSize);
    }
}
