package io.rtbench.core.engine;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;

/**
 * The one wait for a phase's end, of the {@link Engine} (through {@link PhaseDriver}) and of a worker of a run on
 * several hosts, so that both stop alike on Ctrl-C (the stop flag, or an interrupt). The engine's phase ends on its
 * time, when its bounding stages are done, or when a stage failed; a worker's is decided elsewhere, by its coordinator,
 * which must hear that the worker's stages are done (docs/ARCHITECTURE.md, "Several hosts").
 */
public final class PhaseWait {

    private static final long POLL_MILLIS = 20;

    /** How often a waiting engine asks its stages whether one failed (some ask a server). */
    private static final long FAILURE_CHECK_NANOS = 250_000_000;

    private final Stages stages;
    private final AtomicBoolean stop;
    private final LongSupplier nanoTime;

    /** Waits for the phases of {@code stages}; setting {@code stop} ends a wait at once, as a Ctrl-C does. */
    public PhaseWait(Stages stages, AtomicBoolean stop) {
        this(stages, stop, System::nanoTime);
    }

    PhaseWait(Stages stages, AtomicBoolean stop, LongSupplier nanoTime) {
        this.stages = stages;
        this.stop = stop;
        this.nanoTime = nanoTime;
    }

    /** The engine's own end of {@code phase}; returns when it ended, on {@code nanoTime}'s scale. */
    long timed(Phase phase) {
        boolean timed = phase.length() != null;
        long[] nextFailureCheck = {nanoTime.getAsLong()};
        return until(now -> {
            if (now - nextFailureCheck[0] >= 0) {
                if (stages.failure().isPresent()) {
                    return true;
                }
                nextFailureCheck[0] = now + FAILURE_CHECK_NANOS;
            }
            boolean timeUp = timed && now - phase.endNanos() >= 0;
            // A timed phase lasts its length (its last burst's slot included); one with an event limit, or without a
            // length (the prefill), ends when the stages that bound it are done.
            boolean done = stages.phaseDone();
            return timeUp || done && (!timed || phase.maxEvents() > 0);
        });
    }

    /**
     * A phase whose end is decided elsewhere (a worker's, by its coordinator): waits until {@code decided} says so, or
     * Ctrl-C. When the stages that bound it are done, {@code stagesDone} is told, once: the one deciding ends it.
     */
    public void decidedElsewhere(BooleanSupplier decided, Runnable stagesDone) {
        boolean[] told = {false};
        until(now -> {
            if (!told[0] && stages.phaseDone()) {
                told[0] = true;
                stagesDone.run();
            }
            return decided.getAsBoolean();
        });
    }

    private long until(LongPredicate ended) {
        while (true) {
            long now = nanoTime.getAsLong();
            if (stop.get() || ended.test(now)) {
                return now;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
                return nanoTime.getAsLong();
            }
        }
    }
}
