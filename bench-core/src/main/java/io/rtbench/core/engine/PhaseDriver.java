package io.rtbench.core.engine;

import java.time.Duration;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Times a step's phases on one host: starts each on the {@link Stages}, waits for its end ({@link PhaseWait}: its time,
 * its bounding stages done, Ctrl-C, a failed stage) and ends it; runs the prefill and the warmup before a measured phase, extending the
 * warmup while a sink is behind (docs/ARCHITECTURE.md, "The engine and its stages"). Split from {@link Engine}, which
 * assembles the steps' results.
 */
final class PhaseDriver {

    /** A paced phase starts a little after it is scheduled, so that every generator thread starts on time. */
    static final long START_LEAD_NANOS = 20_000_000;

    private final RunPlan plan;
    private final Stages stages;
    private final StatusLine status;
    private final AtomicBoolean stop;
    private final LongSupplier nanoTime;
    private final PhaseWait wait;

    PhaseDriver(RunPlan plan, Stages stages, StatusLine status, AtomicBoolean stop, LongSupplier nanoTime) {
        this.plan = plan;
        this.stages = stages;
        this.status = status;
        this.stop = stop;
        this.nanoTime = nanoTime;
        this.wait = new PhaseWait(stages, stop, nanoTime);
    }

    /**
     * The unmeasured phases before a step's measured one: the prefill (first step only; it must have landed before
     * anything else) and the warmup. Returns whether the measured phase may begin (false: stopped).
     *
     * @throws RunFailedException when a stage failed
     */
    boolean prepare(Step step, String label) {
        if (step.index() == 1 && plan.prefillEvents() > 0 && step.rate() != null) {
            status.update(String.format("prefill: %,d events (not measured)", plan.prefillEvents()));
            run(Phase.Kind.PREFILL, null, plan.prefillEvents(), startNanos());
            checkFailures();
            if (!stop.get()) {
                stages.settle(stop::get);
            }
        }
        if (!step.warmup().isZero() && step.rate() != null && !stop.get()) {
            status.update(label + "  warmup " + step.warmup().toSeconds() + "s");
            run(Phase.Kind.WARMUP, step.warmup(), 0, startNanos());
            checkFailures();
            extendWarmup(step, label);
        }
        return !stop.get(); // stopped in the prefill or the warmup: no measured phase begins
    }

    /** When a phase started now begins. */
    long startNanos() {
        return nanoTime.getAsLong() + START_LEAD_NANOS;
    }

    /**
     * Runs one phase on every stage and returns its length in seconds, by the wall clock: from its start to the end of
     * its time, or to when it ended earlier (its stages were done, or it was stopped).
     */
    double run(Phase.Kind kind, Duration length, long maxEvents, long startNanos) {
        int batchSize = kind == Phase.Kind.PREFILL
                ? plan.prefillBatchSize()
                : stages.step().batchSize();
        Phase phase;
        long endedNanos;
        boolean endedEarly;
        try {
            phase = stages.startPhase(kind, batchSize, startNanos, length, maxEvents);
            endedNanos = wait.timed(phase);
        } finally {
            // Stages end a phase at its time on their own; they are told to stop early only when the run ends.
            endedEarly = stop.get() || stages.failure().isPresent();
            stages.endPhase(endedEarly);
        }
        boolean endedAtLimit = phase.maxEvents() > 0 && !endedEarly && endedNanos - phase.endNanos() < 0;
        if (endedAtLimit) {
            OptionalDouble scheduled = stages.scheduledSeconds();
            if (scheduled.isPresent()) {
                return scheduled.getAsDouble();
            }
        }
        long measuredUntil = endedNanos - phase.endNanos() < 0 ? endedNanos : phase.endNanos();
        return Math.max(1e-9, (measuredUntil - phase.startNanos()) / 1e9);
    }

    /** See {@link WarmupExtension}: a measured step must not start with the catch-up of a cold target. */
    private void extendWarmup(Step step, String label) {
        if (step.rate().isMax() || stop.get() || !stages.hasBacklog()) {
            return;
        }
        try {
            new WarmupExtension(step.warmup(), step.eventsPerSecond(plan.docSizeBytes()), nanoTime)
                    .run(stages::backlog, lag -> {
                        status.update(String.format("%s  warmup: the sink is %,d events behind", label, lag));
                        run(Phase.Kind.WARMUP, WarmupExtension.SLICE, 0, startNanos());
                        return !stop.get() && stages.failure().isEmpty();
                    });
        } catch (Exception e) {
            status.update("could not read the backlog: " + e.getMessage());
        }
    }

    /** @throws RunFailedException with the first stage's failure, if one failed */
    void checkFailures() {
        stages.failure().ifPresent(failure -> {
            throw new RunFailedException(failure);
        });
    }
}
