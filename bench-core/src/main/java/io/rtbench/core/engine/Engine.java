package io.rtbench.core.engine;

import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepRepetitions.Iteration;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
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
    private final StatusLine status;
    private final AtomicBoolean stop;
    private final LongSupplier nanoTime;
    private final ForkMerge merge;
    private List<Stage> stages;
    private List<TickListener> listeners;
    private int fork;
    private RunResult result;

    private Engine(RunPlan plan, StatusLine status, AtomicBoolean stop, LongSupplier nanoTime) {
        this.plan = plan;
        this.status = status;
        this.stop = stop;
        this.nanoTime = nanoTime;
        this.merge = new ForkMerge(plan.repetitions());
    }

    /** Opens a run's stages and resources. */
    @FunctionalInterface
    public interface Assembly {
        /**
         * Opens, in order, what one fork of the run needs ({@link RunResources#fork()}; a run without repetitions is
         * one fork); what it opened is closed again if it throws, and when the fork ends.
         */
        void open(RunResources run);

        /**
         * Opens what every fork of the run shares (e.g. servers kept across forks), before the first fork; closed when
         * the run ends. Nothing by default.
         */
        default void openShared(RunResources run) {}
    }

    /**
     * Opens the run, runs its steps, closes everything and returns the result (also written, if the plan names a
     * file). A Ctrl-C stops the run after the current phase: the result holds the finished steps and is not complete.
     * With {@link Repetitions#forks()} above 1 the whole run is made that many times, each fork opened anew by the
     * assembly; later forks repeat the steps the first one ran (a peak search is made once).
     *
     * @throws RunFailedException when a stage failed; the result file holds the steps finished before
     */
    public static RunResult run(RunPlan plan, StatusLine status, Assembly assembly) {
        return run(plan, status, assembly, new AtomicBoolean());
    }

    /** As {@link #run(RunPlan, StatusLine, Assembly)}; setting {@code stop} ends the run as a Ctrl-C does. */
    public static RunResult run(RunPlan plan, StatusLine status, Assembly assembly, AtomicBoolean stop) {
        int forks = plan.repetitions().forks();
        try (ShutdownGuard guard = ShutdownGuard.install(stop, SHUTDOWN_WAIT);
                RunResources shared = new RunResources(status, stop, 0, forks)) {
            assembly.openShared(shared);
            Engine engine = new Engine(plan, status, stop, System::nanoTime);
            List<Step> firstFork = new ArrayList<>();
            for (int fork = 1; fork <= forks && !stop.get(); fork++) {
                try (RunResources own = new RunResources(status, stop, fork, forks)) {
                    if (forks > 1) {
                        status.update("fork " + fork + " of " + forks + ": opening a fresh pipeline");
                    }
                    assembly.open(own);
                    engine.fork = fork;
                    engine.stages = Stream.concat(shared.stages().stream(), own.stages().stream())
                            .toList();
                    engine.listeners = Stream.concat(shared.listeners().stream(), own.listeners().stream())
                            .toList();
                    engine.runSteps(fork == 1 ? plan.steps() : StepSource.of(firstFork), firstFork);
                }
            }
            return engine.conclude();
        } finally {
            status.finish();
        }
    }

    private void runSteps(StepSource steps, List<Step> firstFork) {
        if (result == null) {
            RunEnvironment environment = RunEnvironment.detect();
            for (Stage stage : stages) {
                environment = stage.environment(environment);
            }
            result = RunResult.started(UUID.randomUUID().toString(), Instant.now(), environment, plan.scenario());
        }
        List<StepResult> finished = new ArrayList<>();
        Optional<Step> next;
        while (!stop.get() && (next = steps.next(finished)).isPresent()) {
            ForkMerge.ForkStep step = runStep(next.get(), finished.size());
            if (step == null) {
                break;
            }
            if (fork == 1) {
                firstFork.add(next.get());
            }
            finished.add(step.step());
            merge.add(finished.size() - 1, step);
            result = result.withSteps(merge.merged());
            write();
            if (!stop.get()) {
                stages.forEach(stage -> stage.settleBetweenSteps(stop::get));
            }
        }
    }

    private RunResult conclude() {
        if (result == null) {
            // stopped before the first fork opened
            result = RunResult.started(
                    UUID.randomUUID().toString(), Instant.now(), RunEnvironment.detect(), plan.scenario());
        }
        result = plan.steps().conclude(result).finished(Instant.now(), !stop.get());
        write();
        if (stop.get()) { // said now: once the shutdown hook is released, the JVM exits, cutting what follows
            status.note(ShutdownGuard.stoppedNote(result, plan.resultFile()));
        }
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
     * One step: the prefill (first step only), warmup (discarded), measured phase (cut into iterations with
     * repetitions), the stages' figures, the audit; null when it was stopped.
     *
     * @param position the step's place among the steps this fork ran so far (0-based)
     */
    private ForkMerge.ForkStep runStep(Step step, int position) {
        stages.forEach(stage -> stage.beginStep(step));
        String label = RunResources.forkPrefix(fork, plan.repetitions().forks()) + step.label();
        if (step.index() == 1 && plan.prefillEvents() > 0 && step.rate() != null) {
            prefill(step);
        }
        if (!step.warmup().isZero() && step.rate() != null && !stop.get()) {
            status.update(label + "  warmup " + step.warmup().toSeconds() + "s");
            runPhase(Phase.Kind.WARMUP, step, step.warmup(), 0);
            checkFailures();
            extendWarmup(step, label);
        }
        if (stop.get()) {
            return null; // stopped in the prefill or the warmup: no measured phase begins
        }
        stages.forEach(Stage::resetMetrics);
        long startNanos = nanoTime.getAsLong() + START_LEAD_NANOS;
        IterationWindows windows = IterationWindows.forStep(plan, step, fork, startNanos);
        Duration length = windows == null ? step.duration() : windows.phaseLength();
        String logName = windows == null ? plan.histogramLogName(step.index()) : null;
        double seconds;
        try (IntervalLog log = logName == null
                        ? null
                        : new IntervalLog(
                                plan.resultFile().toAbsolutePath().resolveSibling(logName),
                                System.currentTimeMillis());
                Ticker ticker = new Ticker(
                        label,
                        length == null ? null : length.toSeconds(),
                        step.eventsPerSecond(plan.docSizeBytes()),
                        stages,
                        log,
                        windows,
                        windows == null ? List.of() : windows.boundaries(),
                        listeners,
                        status,
                        nanoTime)) {
            seconds = runPhase(Phase.Kind.MEASURED, step, length, step.maxEvents(), startNanos);
        }
        Map<String, Histogram> totals = windows == null ? totals() : windows.totals();
        StepResult.Builder builder = StepResult.builder()
                .batchSize(step.rate() == null ? null : step.batchSize())
                .durationSec(seconds)
                .latencies(LatencySummary.ofEachWithSamples(totals))
                .histogramLog(logName);
        stages.forEach(stage -> stage.finishStep(builder));
        List<Iteration> iterations = windows == null ? List.of() : windows.iterations(fork);
        double iterationSec = windows == null ? seconds : windows.iterationSec();
        Optional<String> failure = anyFailure();
        if (failure.isEmpty() && !stop.get()) {
            failure = audit(builder);
        }
        if (failure.isPresent()) {
            // the failed step is kept, not sustained, with what its stages counted (e.g. the events that failed)
            merge.add(
                    position,
                    new ForkMerge.ForkStep(builder.sustained(false).build(), totals, iterations, iterationSec));
            result = result.withSteps(merge.merged());
            write();
            throw new RunFailedException(failure.get());
        }
        if (stop.get()) {
            return null;
        }
        if (builder.rate() != null && (step.rate() != null || builder.backlog() != null)) {
            builder.sustained(Sustained.judge(builder.rate(), builder.schedule(), builder.backlog(), builder.events()));
        }
        StepResult finished = builder.build();
        Sustained.describe(finished).ifPresent(verdict -> status.note(label + ": " + verdict));
        return new ForkMerge.ForkStep(finished, totals, iterations, iterationSec);
    }

    /** Why the audit could not count (e.g. the target stopped answering), if so: the measured figures still stand. */
    private Optional<String> audit(StepResult.Builder builder) {
        try {
            stages.forEach(stage -> stage.auditStep(builder));
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of("audit failed: " + e.getMessage());
        }
    }

    /**
     * Runs one phase on every stage and returns its length in seconds, by the wall clock: from its start to the end of
     * its time, or to when it ended earlier (its stages were done, or it was stopped).
     */
    private double runPhase(Phase.Kind kind, Step step, Duration length, long maxEvents) {
        return runPhase(kind, step, length, maxEvents, nanoTime.getAsLong() + START_LEAD_NANOS);
    }

    private double runPhase(Phase.Kind kind, Step step, Duration length, long maxEvents, long startNanos) {
        AtomicBoolean phaseStop = new AtomicBoolean();
        Rate rate = kind == Phase.Kind.PREFILL ? Rate.MAX : step.rate();
        int batchSize = kind == Phase.Kind.PREFILL ? plan.prefillBatchSize() : step.batchSize();
        Phase phase = new Phase(kind, rate, batchSize, startNanos, length, maxEvents, phaseStop);
        List<Stage> bounding = stages.stream().filter(Stage::boundsPhase).toList();
        long endedNanos;
        boolean endedEarly;
        try {
            stages.forEach(stage -> stage.startPhase(phase));
            endedNanos = awaitEnd(phase, bounding);
        } finally {
            // Stages end a phase at its time on their own; they are told to stop early only when the run ends.
            endedEarly = stop.get() || anyFailure().isPresent();
            if (endedEarly) {
                phaseStop.set(true);
            }
            stages.forEach(stage -> stage.endPhase(phase));
        }
        boolean endedAtLimit = phase.maxEvents() > 0 && !endedEarly && endedNanos - phase.endNanos() < 0;
        if (endedAtLimit) {
            OptionalDouble scheduled = bounding.stream()
                    .map(Stage::phaseSeconds)
                    .filter(OptionalDouble::isPresent)
                    .mapToDouble(OptionalDouble::getAsDouble)
                    .max();
            if (scheduled.isPresent()) {
                return scheduled.getAsDouble();
            }
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
        return stages.stream()
                .map(Stage::backlogEvents)
                .flatMapToLong(OptionalLong::stream)
                .max()
                .orElse(0);
    }

    /** The first stage's failure, asking no stage after it (some ask a server). */
    private Optional<String> anyFailure() {
        return stages.stream()
                .flatMap(stage -> stage.failure().map(why -> "the " + stage.name() + " stopped: " + why).stream())
                .findFirst();
    }

    private void checkFailures() {
        Optional<String> failure = anyFailure();
        if (failure.isPresent()) {
            write();
            throw new RunFailedException(failure.get());
        }
    }

    /** Every recorder's total of the measured phase, by metric name. */
    private Map<String, Histogram> totals() {
        Map<String, Histogram> all = new LinkedHashMap<>();
        for (Stage stage : stages) {
            for (LatencyRecorder recorder : stage.recorders()) {
                all.put(recorder.name(), recorder.total());
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
