package io.rtbench.connectors.reference;

import io.rtbench.core.time.EpochClock;
import java.util.concurrent.locks.LockSupport;

/** Waits until a moment of an {@link EpochClock}; injected so that tests with a fake clock never sleep. */
@FunctionalInterface
interface Sleeper {

    void sleepUntilMicros(long epochMicros) throws InterruptedException;

    /** Parks the thread until {@code clock} reaches the moment (parking may wake early, hence the loop). */
    static Sleeper of(EpochClock clock) {
        return epochMicros -> {
            long remaining;
            while ((remaining = epochMicros - clock.epochMicros()) > 0) {
                LockSupport.parkNanos(remaining * 1_000);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        };
    }
}
