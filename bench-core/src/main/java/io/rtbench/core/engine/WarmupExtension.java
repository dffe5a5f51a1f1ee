package io.rtbench.core.engine;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;

/**
 * Warmup goes on, a second at a time and for at most its own length again, while the sink is more than a second of
 * events behind. A measured step must not start with the catch-up of a cold target (a freshly started search engine
 * compiles its code paths during its first seconds): its latency would describe the start, not the rate. A step still
 * behind after that is measured anyway, and its backlog shows it.
 */
final class WarmupExtension {

    /** How long each extra piece of warmup lasts. */
    static final Duration SLICE = Duration.ofSeconds(1);

    private final long maxExtraNanos;
    private final double behindEvents;
    private final LongSupplier nanoTime;

    /**
     * @param warmup the step's warmup: the most it is extended by
     * @param eventsPerSecond the step's rate: a backlog above one second of it is "behind"
     */
    WarmupExtension(Duration warmup, double eventsPerSecond, LongSupplier nanoTime) {
        this.maxExtraNanos = warmup.toNanos();
        this.behindEvents = eventsPerSecond;
        this.nanoTime = nanoTime;
    }

    /**
     * @param lag the sink's backlog in events now
     * @param warmOneSlice produces one more {@link #SLICE} of warmup, given the backlog that asked for it; false to stop
     * @return the number of slices added
     */
    int run(Callable<Long> lag, LongPredicate warmOneSlice) throws Exception {
        long deadline = nanoTime.getAsLong() + maxExtraNanos;
        int slices = 0;
        long behind;
        while (nanoTime.getAsLong() < deadline && (behind = lag.call()) > behindEvents) {
            slices++;
            if (!warmOneSlice.test(behind)) {
                break;
            }
        }
        return slices;
    }
}
