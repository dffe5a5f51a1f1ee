package io.rtbench.evaluator;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One probe sent and not yet settled ({@link Prober}): settled once, by the target's answer or at its timeout, whichever
 * comes first; the other one then finds it settled and records nothing.
 */
final class ProbeCall {

    private static final int PENDING = 0;
    private static final int ANSWERED = 1;
    private static final int TIMED_OUT = 2;

    private final AtomicInteger state = new AtomicInteger(PENDING);
    private final long sentMicros;
    private final long timeoutDueNanos;
    private volatile ScheduledFuture<?> timeout;

    /**
     * @param sentMicros when the probe was due and sent, µs since the epoch
     * @param timeoutDueNanos when it times out, on the prober's scheduler's scale
     */
    ProbeCall(long sentMicros, long timeoutDueNanos) {
        this.sentMicros = sentMicros;
        this.timeoutDueNanos = timeoutDueNanos;
    }

    long sentMicros() {
        return sentMicros;
    }

    long timeoutDueNanos() {
        return timeoutDueNanos;
    }

    /** The task that times the probe out, cancelled when it is answered first. */
    void timeoutTask(ScheduledFuture<?> task) {
        timeout = task;
        if (state.get() != PENDING) {
            task.cancel(false);
        }
    }

    /** Settles the probe by its answer: false when it had timed out already (the answer is then ignored). */
    boolean answer() {
        if (!state.compareAndSet(PENDING, ANSWERED)) {
            return false;
        }
        ScheduledFuture<?> task = timeout;
        if (task != null) {
            task.cancel(false);
        }
        return true;
    }

    /** Settles the probe as timed out: false when it had been answered already. */
    boolean timeOut() {
        return state.compareAndSet(PENDING, TIMED_OUT);
    }

    boolean timedOut() {
        return state.get() == TIMED_OUT;
    }
}
