package io.rtbench.core.engine;

import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * The one run loop of rtbench: every command is this engine running its stages (docs/ARCHITECTURE.md). {@code produce},
 * {@code bridge} and {@code evaluate} run one stage each; {@code run}, {@code sweep}, {@code peak}, {@code calibrate}
 * and {@code quickstart} run the whole pipeline. The engine owns what they share: the Ctrl-C path, the phases of a step
 * and their timing, the status line, the interval logs, the result assembly, and writing the result after every step
 * (atomically, also on Ctrl-C, with the steps finished so far and {@code complete: false}).
 */
public final class Engine {

    /** How long a Ctrl-C waits for the run to write its result and stop its servers before the JVM exits anyway. */
    static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(90);

    /** A paced phase starts a little after it is scheduled, so that every generator thread starts on time. */
    static final long START_LEAD_NANOS = 20_000_000;

    private static final long POLL_MILLIS = 20;

    /** How often a waiting engine asks its stages whether one failed (some ask a server). */
    private static final long FAILURE_CHECK_NANOS = 250_000_000;

    private final RunPlan plan;
    private final List<Stage> stages;
    private final List<TickListener> listeners;
    private final StatusLine status;
    private final AtomicBoolean stop;
    private final LongSupplier nanoTime;
    private RunResult result;

    private Engine(RunPlan plan, RunResources resources, StatusLine status, AtomicBoolean stop, LongSupplier nanoTime) {
        this.plan = plan;
        this.stages = resources.stages();
        this.listeners = resources.listeners();
        this.status = status;
        this.stop = stop;
        this.nanoTime = nanoTime;
    }

    /** Opens a run's stages and resources. */
    @FunctionalInterface
    public interface Assembly {
        /** Opens, in order, what the run needs; what it opened is closed again if it throws. */
        void open(RunResources run);
    }

    /**
     * Opens the run, runs its steps, closes everything and returns the result (also written, if the plan names a
     * file). A Ctrl-C stops the run after the current phase: the result holds the finished steps and is not complete.
     *
     * @throws RunFailedException when a stage failed; the result file holds the steps finished before
     */
    public static RunResult run(RunPlan plan, StatusLine status, Assembly assembly) {
        return run(plan, status, assembly, new AtomicBoolean());
    }

    /** As {@link #run(RunPlan, StatusLine, Assembly)}; setting {@code stop} ends the run as a Ctrl-C does. */
    public static RunResult run(RunPlan plan, StatusLine status, Assembly assembly, AtomicBoolean stop) {
        try (ShutdownGuard guard = ShutdownGuard.install(stop, SHUTDOWN_WAIT);
                RunResources resources = new RunResources(status, stop)) {
            assembly.open(resources);
            return new Engine(plan, resources, status, stop, System::nanoTime).runSteps();
        } finally {
            status.finish();
        }
    }

    private RunResult runSteps() {
        RunEnvironment environment = RunEnvironment.detect();
        for (Stage stage : stages) {
            environment = stage.environment(environment);
        }
        result = RunResult.started(UUID.randomUUID().toString(), Instant.now(), environment, plan.scenario());
        List<StepResult> finished = new ArrayList<>();
        Optional<Step> next;
        while (!stop.get() && (next = plan.steps().next(finished)).isPresent()) {
            StepResult step = runStep(next.get());
            if (step == null) {
                break;
            }
            finished.add(step);
            result = result.withStep(step);
            write();
            if (!stop.get()) {
                stages.forEach(stage -> stage.settleBetweenSteps(stop::get));
            }
        }
        result = plan.steps().conclude(result).finished(Instant.now(), !stop.get());
        write();
        return result;
    }

    /** The first step's generators write the prefill before its warmup; it must have landed before anything else. */
    private void prefill(Step step) {
        status.update(String.format("prefill: %,d events (not measured)", plan.prefillEvents()));
        runPhase(Phase.Kind.PREFILL, step, null, plan.prefillEvents());
        checkFailures();
        if (!stop.get()) {
            stages.forEach(stage -> stage.settleBetweenSteps(stop::get));
        }
    }

    /**
     * One step: the prefill (first step only), warmup (discarded), measured phase, the stages' figures, the audit; null
     * when it was stopped.
     */
    private StepResult runStep(Step step) {
        stages.forEach(stage -> stage.beginStep(step));
        String label = step.label();
        if (step.index() == 1 && plan.prefillEvents() > 0 && step.rate() != null) {
            prefill(step);
        }
        if (!step.warmup().isZero() && step.rate() != null && !stop.get()) {
            status.update(label + "  warmup " + step.warmup().toSeconds() + "s");
            runPhase(Phase.Kind.WARMUP, step, step.warmup(), 0);
            checkFailures();
            extendWarmup(step, label);
        }
        stages.forEach(Stage::resetMetrics);
        String logName = plan.histogramLogName(step.index());
        double seconds;
        try (IntervalLog log = logName == null
                        ? null
                        : new IntervalLog(
                                plan.resultFile().toAbsolutePath().resolveSibling(logName),
                                System.currentTimeMillis());
                Ticker ticker = new Ticker(
                        label,
                        step.duration() == null ? null : step.duration().toSeconds(),
                        step.eventsPerSecond(plan.docSizeBytes()),
                        stages,
                        log,
                        listeners,
                        status,
                        nanoTime)) {
            seconds = runPhase(Phase.Kind.MEASURED, step, step.duration(), step.maxEvents());
        }
        StepResult.Builder builder = StepResult.builder()
                .batchSize(step.rate() == null ? null : step.batchSize())
                .durationSec(seconds)
                .latencies(summaries())
                .histogramLog(logName);
        stages.forEach(stage -> stage.finishStep(builder));
        Optional<String> failure = anyFailure();
        if (failure.isPresent()) {
            // the failed step is kept, not sustained, with what its stages counted (e.g. the events that failed)
            result = result.withStep(builder.sustained(false).build());
            write();
            throw new RunFailedException(failure.get());
        }
        if (stop.get()) {
            return null;
        }
        stages.forEach(stage -> stage.auditStep(builder));
        if (builder.rate() != null && (step.rate() != null || builder.backlog() != null)) {
            boolean vetoed = Boolean.FALSE.equals(builder.sustained());
            builder.sustained(!vetoed && Sustained.judge(builder.rate(), builder.backlog(), builder.events()));
        }
        return builder.build();
    }

    /**
     * Runs one phase on every stage and returns its length in seconds, by the wall clock: from its start to the end of
     * its time, or to when it ended earlier (its stages were done, or it was stopped).
     */
    private double runPhase(Phase.Kind kind, Step step, Duration length, long maxEvents) {
        AtomicBoolean phaseStop = new AtomicBoolean();
        Rate rate = kind == Phase.Kind.PREFILL ? Rate.MAX : step.rate();
        int batchSize = kind == Phase.Kind.PREFILL ? plan.prefillBatchSize() : step.batchSize();
        Phase phase =
                new Phase(kind, rate, batchSize, nanoTime.getAsLong() + START_LEAD_NANOS, length, maxEvents, phaseStop);
        List<Stage> bounding = stages.stream().filter(Stage::boundsPhase).toList();
        long endedNanos;
        try {
            stages.forEach(stage -> stage.startPhase(phase));
            endedNanos = awaitEnd(phase, bounding);
        } finally {
            // Stages end a phase at its time on their own; they are told to stop early only when the run ends.
            if (stop.get() || anyFailure().isPresent()) {
                phaseStop.set(true);
            }
            stages.forEach(stage -> stage.endPhase(phase));
        }
        long measuredUntil = endedNanos - phase.endNanos() < 0 ? endedNanos : phase.endNanos();
        return Math.max(1e-9, (measuredUntil - phase.startNanos()) / 1e9);
    }

    private long awaitEnd(Phase phase, List<Stage> bounding) {
        boolean timed = phase.length() != null;
        long nextFailureCheck = nanoTime.getAsLong();
        while (true) {
            long now = nanoTime.getAsLong();
            if (stop.get()) {
                return now;
            }
            if (now - nextFailureCheck >= 0) {
                if (anyFailure().isPresent()) {
                    return now;
                }
                nextFailureCheck = now + FAILURE_CHECK_NANOS;
            }
            boolean timeUp = timed && now - phase.endNanos() >= 0;
            // A timed phase lasts its length (its last burst's slot included); one with an event limit, or without a
            // length (the prefill), ends when the stages that bound it are done.
            boolean done = !bounding.isEmpty() && bounding.stream().allMatch(Stage::phaseDone);
            if (timeUp || done && (!timed || phase.maxEvents() > 0)) {
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

    /** See {@link WarmupExtension}: a measured step must not start with the catch-up of a cold target. */
    private void extendWarmup(Step step, String label) {
        if (step.rate().isMax()
                || stop.get()
                || stages.stream().allMatch(s -> s.backlogEvents().isEmpty())) {
            return;
        }
        try {
            new WarmupExtension(step.warmup(), step.eventsPerSecond(plan.docSizeBytes()), nanoTime)
                    .run(this::backlog, lag -> {
                        status.update(String.format("%s  warmup: the sink is %,d events behind", label, lag));
                        runPhase(Phase.Kind.WARMUP, step, WarmupExtension.SLICE, 0);
                        return !stop.get() && anyFailure().isEmpty();
                    });
        } catch (Exception e) {
            status.update("could not read the backlog: " + e.getMessage());
        }
    }

    private long backlog() {
        long most = 0;
        for (Stage stage : stages) {
            OptionalLong lag = stage.backlogEvents();
            if (lag.isPresent()) {
                most = Math.max(most, lag.getAsLong());
            }
        }
        return most;
    }

    private Optional<String> anyFailure() {
        for (Stage stage : stages) {
            Optional<String> failure = stage.failure();
            if (failure.isPresent()) {
                return Optional.of("the " + stage.name() + " stopped: " + failure.get());
            }
        }
        return Optional.empty();
    }

    private void checkFailures() {
        Optional<String> failure = anyFailure();
        if (failure.isPresent()) {
            write();
            throw new RunFailedException(failure.get());
        }
    }

    /** The summaries of every metric that has samples; the result file leaves out metrics with none. */
    private Map<String, LatencySummary> summaries() {
        Map<String, LatencySummary> all = new LinkedHashMap<>();
        for (Stage stage : stages) {
            for (LatencyRecorder recorder : stage.recorders()) {
                Histogram total = recorder.total();
                if (total.getTotalCount() > 0) {
                    all.put(recorder.name(), LatencySummary.ofMicros(total));
                }
            }
        }
        return all;
    }

    private void write() {
        if (plan.resultFile() != null && result != null) {
            ResultFiles.write(plan.resultFile(), result);
        }
    }
}
