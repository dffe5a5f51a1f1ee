package io.rtbench.producer;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.time.Durations;
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

    /** The most generators one producer keeps apart (their ids, sequences and probes). */
    public static final int MAX_GENERATORS = 1024;

    /** Without a warmup. */
    public PacingSettings(
            Rate rate, int batchSize, int generators, Duration duration, long prefillEvents, long maxEvents) {
        this(rate, batchSize, generators, duration, prefillEvents, maxEvents, Duration.ZERO);
    }

    public PacingSettings {
        if (batchSize < 1) {
            throw new IllegalArgumentException("--batch-size must be at least 1, got " + batchSize);
        }
        if (generators < 1 || generators > MAX_GENERATORS) {
            throw new IllegalArgumentException(
                    "--generators must be between 1 and " + MAX_GENERATORS + ", got " + generators);
        }
        Durations.requirePositive("--duration", duration);
        if (prefillEvents < 0) {
            throw new IllegalArgumentException("--prefill must be 0 or more, got " + prefillEvents);
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("--warmup must be 0 or more, got " + Durations.format(warmup));
        }
        if (maxEvents < 0) {
            throw new IllegalArgumentException("--events must be 0 (no limit) or more, got " + maxEvents);
        }
    }

    /** One generator's share of {@code total} events: the shares differ by at most one and add up exactly. */
    static long share(long total, int generators, int index) {
        return total / generators + (index < total % generators ? 1 : 0);
    }
}
