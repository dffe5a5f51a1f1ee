package io.rtbench.evaluator;

import io.rtbench.core.engine.ShutdownGuard;
import io.rtbench.core.target.TargetException;
import java.time.Duration;
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
final class AuditRounds {

    private static final Logger LOG = LoggerFactory.getLogger(AuditRounds.class);
    private static final long POLL_MILLIS = 250;

    private AuditRounds() {}

    /**
     * @param count one round
     * @param complete whether a count needs no further round (nothing missing)
     * @param landed how much a count found, to tell progress from standing still
     */
    static <T> T settle(
            Supplier<T> count, Predicate<T> complete, ToLongFunction<T> landed, Duration timeout, Duration quiet)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long lastProgress = System.nanoTime();
        T counted = answered(count, deadline);
        // Ctrl-C ends the audit at once: the stopped step is not kept, so its counts are not needed
        while (!complete.test(counted)
                && !ShutdownGuard.stopRequested()
                && System.nanoTime() - deadline < 0
                && System.nanoTime() - lastProgress < quiet.toNanos()) {
            Thread.sleep(POLL_MILLIS);
            T again;
            try {
                again = count.get();
            } catch (TargetException e) {
                LOG.warn("an audit round failed, trying again: {}", e.getMessage());
                continue;
            }
            if (landed.applyAsLong(again) > landed.applyAsLong(counted)) {
                lastProgress = System.nanoTime();
            }
            counted = again;
        }
        return counted;
    }

    /** {@code call}'s first answer, tried until {@code deadline} ({@link System#nanoTime()}); its last failure after. */
    static <R> R answered(Supplier<R> call, long deadline) throws InterruptedException {
        while (true) {
            try {
                return call.get();
            } catch (TargetException e) {
                if (System.nanoTime() - deadline >= 0 || ShutdownGuard.stopRequested()) {
                    throw e;
                }
                LOG.warn("the audit's query failed, trying again: {}", e.getMessage());
                Thread.sleep(POLL_MILLIS);
            }
        }
    }
}
