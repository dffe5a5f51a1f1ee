package io.rtbench.connectors.writes;

import io.rtbench.core.Bounds;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * How a write that the target failed ({@link io.rtbench.core.target.TargetException}) is retried: after
 * {@code firstBackoff}, doubling up to {@code maxBackoff}, until {@code timeout} has passed since its first attempt.
 *
 * @param firstBackoff the pause after the first failure
 * @param maxBackoff the longest pause (equal to {@code firstBackoff} for a fixed pause)
 * @param timeout how long one batch is retried before the write gives up
 */
public record RetryPolicy(Duration firstBackoff, Duration maxBackoff, Duration timeout) {

    public RetryPolicy {
        Objects.requireNonNull(firstBackoff, "firstBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(timeout, "timeout");
        if (firstBackoff.isNegative() || firstBackoff.isZero() || maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("backoff must be positive and at most its maximum, got "
                    + Durations.format(firstBackoff) + " / " + Durations.format(maxBackoff));
        }
        Bounds.positive("--retry-timeout", timeout);
    }

    /** The pause after {@code previousMs}: doubled, at most {@link #maxBackoff()}. */
    long nextBackoffMs(long previousMs) {
        return Math.min(previousMs * 2, maxBackoff.toMillis());
    }
}
