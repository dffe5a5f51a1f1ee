package io.rtbench.core.engine;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.ReadingRecorder;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;

/**
 * A part of a run that the {@link Engine} drives: the producer, a sink (bridge, Connect, a database's own consumer),
 * the probe, the backlog sampler, the audit, a reader. Every method but {@link #name()} has a default that does
 * nothing, so a stage says only what it does. docs/ARCHITECTURE.md shows the engine and its stages.
 *
 * <p>The engine calls, for every step and in the order the stages were added: {@link #beginStep} → per phase
 * (prefill, warmup, measured) {@link #startPhase} … {@link #endPhase} → {@link #finishStep} → {@link #auditStep} (only
 * when the step was neither stopped nor failed) → {@link #settleBetweenSteps}. Once a second during a measured phase it
 * reads {@link #recorders()}, {@link #readings()}, {@link #status}, {@link #failure()} and {@link #movedEvents()}.
 */
public interface Stage extends AutoCloseable {

    /** A short name for messages: {@code producer}, {@code bridge}, {@code evaluator}, … */
    String name();

    /** A new step begins (e.g. the producer makes the step's generators, the probe starts probing them). */
    default void beginStep(Step step) {}

    /** Starts this stage's part of a phase and returns at once (work goes on in the stage's own threads). */
    default void startPhase(Phase phase) {}

    /**
     * Whether this stage's work decides when a phase is over (the producer: its schedule, or its event limit). A phase
     * with no such stage lasts its length, or until stopped when it has none.
     */
    default boolean boundsPhase() {
        return false;
    }

    /** For a stage that {@link #boundsPhase()}: whether its part of the current phase is over. */
    default boolean phaseDone() {
        return true;
    }

    /** The phase is over: stop this stage's part of it and wait for that (bounded); {@code phase.measured()} says which. */
    default void endPhase(Phase phase) {}

    /**
     * For a stage that {@link #boundsPhase()}, read after {@link #endPhase}: how long its part of the phase lasted by
     * its own schedule (the producer: to the end of its last burst's slot). A phase that ends at its event limit lasts
     * that long, not until the moment the engine saw it done, which is some time after the last burst was sent and
     * one slot short of the schedule: 3,000 events at 4,000/s in bursts of 50 last 750 ms, not 738. Empty for a stage
     * without a schedule.
     */
    default OptionalDouble phaseSeconds() {
        return OptionalDouble.empty();
    }

    /**
     * How many events this stage is behind now (a sink's consumer lag), read after a warmup: while it is more than a
     * second of events, the engine extends the warmup (see {@link WarmupExtension}). Empty for a stage without a
     * backlog; may block for a moment and throw when the backlog cannot be read.
     */
    default OptionalLong backlogEvents() {
        return OptionalLong.empty();
    }

    /** The latency recorders this stage records into; the engine logs their intervals and sums up their totals. */
    default List<LatencyRecorder> recorders() {
        return List.of();
    }

    /**
     * The readings this stage takes over time that are not latencies (the sink's backlog); the engine writes their
     * intervals into the step's interval log beside the latencies, and sums them into nothing.
     */
    default List<ReadingRecorder> readings() {
        return List.of();
    }

    /** Forgets what was recorded (the end of a warmup). */
    default void resetMetrics() {
        recorders().forEach(LatencyRecorder::reset);
        readings().forEach(ReadingRecorder::reset);
    }

    /** A few words for the live status line, given the last second's intervals of every recorder by name. */
    default String status(Map<String, Histogram> intervals) {
        return "";
    }

    /** Events this stage has moved so far (produced, written), for the live rate; empty if it moves none. */
    default OptionalLong movedEvents() {
        return OptionalLong.empty();
    }

    /** Why the stage stopped on its own; empty while it works. The engine ends the run with it (exit 1). */
    default Optional<String> failure() {
        return Optional.empty();
    }

    /** After the phases: adds this stage's figures to the step (rates, counts, backlog, probe errors). */
    default void finishStep(StepResult.Builder step) {}

    /** The audit: waits for what is still in flight, then counts what landed; skipped when the step was stopped. */
    default void auditStep(StepResult.Builder step) {}

    /**
     * Between steps and after the prefill: waits until this stage has caught up (e.g. the sink's backlog drained), or
     * until {@code stopped} says the run is over.
     */
    default void settleBetweenSteps(BooleanSupplier stopped) {}

    /** Adds what this stage knows of the environment (a server's version). */
    default RunEnvironment environment(RunEnvironment environment) {
        return environment;
    }

    /** Releases what the stage holds; does not throw. Stages close in the reverse order of their adding. */
    @Override
    default void close() {}
}
