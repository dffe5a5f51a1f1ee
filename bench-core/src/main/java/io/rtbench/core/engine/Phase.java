package io.rtbench.core.engine;

import io.rtbench.core.pacing.Rate;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A stretch of a step in which the producer paces at one rate: the prefill (as fast as possible, unmeasured), the
 * warmup (paced, discarded) or the measured phase. Stages read what they need; the engine ends the phase on time.
 *
 * @param kind which phase
 * @param rate the producer's total rate; {@link Rate#MAX} for the prefill; null where nothing is produced
 * @param batchSize events per send burst
 * @param startNanos when it starts, on {@link System#nanoTime()}'s scale
 * @param length how long it lasts; null: until stopped, or until the stages that bound it are done
 * @param maxEvents events the producer produces at most in this phase; 0 for no limit
 * @param stop set by the engine when the phase must end early (Ctrl-C, a failed stage); stages read it and end a
 *     phase at its time on their own; only the engine sets it
 */
public record Phase(
        Kind kind, Rate rate, int batchSize, long startNanos, Duration length, long maxEvents, AtomicBoolean stop) {

    public enum Kind {
        PREFILL,
        WARMUP,
        MEASURED
    }

    public boolean measured() {
        return kind == Kind.MEASURED;
    }

    /**
     * The end on {@link System#nanoTime()}'s scale. A phase without a length ends about 146 years after its start, so
     * that {@code now - endNanos()} never overflows.
     */
    public long endNanos() {
        return startNanos + (length == null ? Long.MAX_VALUE / 2 : length.toNanos());
    }
}
