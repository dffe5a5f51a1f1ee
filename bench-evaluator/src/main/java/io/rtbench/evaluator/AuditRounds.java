package io.rtbench.evaluator;

import io.rtbench.core.target.TargetException;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How an audit counts (docs/MEASUREMENT.md): again and again until the count is complete, or nothing more has landed
 * for {@code quiet}, or {@code timeout} is up. A round the target does not answer is tried again: right after a step at
 * the target's limit a search engine's refresh or a scan of a large table can take longer than the target timeout,
 * and one slow answer must not throw away what the step measured. Only a target that answers no round before the
 * timeout fails the audit, with the last round's reason.
 */
final class AuditRounds<T> {

    private static final Logger LOG = LoggerFactory.getLogger(AuditRounds.class);
    static final long POLL_MILLIS = 250;

    private final Supplier<T> count;
    private final LongSupplier nanoTime;

    AuditRounds(Supplier<T> count, LongSupplier nanoTime) {
        this.count = count;
        this.nanoTime = nanoTime;
    }

    /**
     * @param complete whether a count needs no further round (nothing missing)
     * @param landed how much a count found, to tell progress from standing still
     */
    T settle(Predicate<T> complete, ToLongFunction<T> landed, Duration timeout, Duration quiet)
            throws InterruptedException {
        long deadline = nanoTime.getAsLong() + timeout.toNanos();
        long lastProgress = nanoTime.getAsLong();
        T counted = answered(deadline);
        while (!complete.test(counted)
                && nanoTime.getAsLong() - deadline < 0
                && nanoTime.getAsLong() - lastProgress < quiet.toNanos()) {
            Thread.sleep(POLL_MILLIS);
            T again;
            try {
                again = count.get();
            } catch (TargetException e) {
                LOG.warn("an audit round failed, trying again: {}", e.getMessage());
                continue;
            }
            if (landed.applyAsLong(again) > landed.applyAsLong(counted)) {
                lastProgress = nanoTime.getAsLong();
            }
            counted = again;
        }
        return counted;
    }

    /** The first round that the target answers, tried until {@code deadline}; its last failure after that. */
    T answered(long deadline) throws InterruptedException {
        return answered(count, deadline, nanoTime);
    }

    /** {@code call}'s first answer, tried until {@code deadline} (on {@code nanoTime}); its last failure after that. */
    static <R> R answered(Supplier<R> call, long deadline, LongSupplier nanoTime) throws InterruptedException {
        while (true) {
            try {
                return call.get();
            } catch (TargetException e) {
                if (nanoTime.getAsLong() - deadline >= 0) {
                    throw e;
                }
                LOG.warn("the audit's query failed, trying again: {}", e.getMessage());
                Thread.sleep(POLL_MILLIS);
            }
        }
    }
}
