package io.rtbench.producer;

import io.rtbench.core.Bounds;
import io.rtbench.core.pacing.Rate;
import java.time.Duration;

/**
 * How much to produce and how fast.
 *
 * @param rate the total rate over all generators
 * @param batchSize events per send burst (RockBench's batch)
 * @param generators generator threads, each with its own {@code generator_identifier} and an equal share of the rate
 * @param duration how long the measured phase lasts (it also ends after {@code maxEvents})
 * @param prefillEvents events written before measuring, as fast as possible, excluded from every measurement
 * @param maxEvents measured events after which the run ends; 0 = no limit
 * @param warmup produced at the rate before measuring, then discarded: the first sends wait for Kafka's metadata
 *     and run interpreted code, and would show as a schedule the producer catches up with
 */
public record PacingSettings(
        Rate rate,
        int batchSize,
        int generators,
        Duration duration,
        long prefillEvents,
        long maxEvents,
        Duration warmup) {

    /** The most generators of one run (each is a thread of the producer, and a probe of the evaluator). */
    public static final int MAX_GENERATORS = 1024;

    /** Without a warmup. */
    public PacingSettings(
            Rate rate, int batchSize, int generators, Duration duration, long prefillEvents, long maxEvents) {
        this(rate, batchSize, generators, duration, prefillEvents, maxEvents, Duration.ZERO);
    }

    public PacingSettings {
        Bounds.atLeast("--batch-size", 1, batchSize);
        Bounds.between("--generators", 1, MAX_GENERATORS, generators);
        Bounds.positive("--duration", duration);
        Bounds.atLeast("--prefill", 0, prefillEvents);
        Bounds.notNegative("--warmup", warmup);
        Bounds.atLeast("--events", 0, maxEvents);
    }

    /** One generator's share of {@code total} events: the shares differ by at most one and add up exactly. */
    static long share(long total, int generators, int index) {
        return total / generators + (index < total % generators ? 1 : 0);
    }
}
