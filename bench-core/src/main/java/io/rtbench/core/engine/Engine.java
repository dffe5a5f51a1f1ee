package io.rtbench.core.engine;

import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepRepetitions.Iteration;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.slf4j.LoggerFactory;

/**
 * The one run loop of rtbench: every command is this engine running its stages (docs/ARCHITECTURE.md). {@code produce},
 * {@code bridge} and {@code evaluate} run one stage each; {@code run}, {@code sweep}, {@code peak}, {@code calibrate}
 * and {@code quickstart} run the whole pipeline. The engine owns what they share: the Ctrl-C path ({@link
 * ShutdownGuard}), the phases of a step and their timing ({@link PhaseDriver}, calling the stages through {@link
 * Stages}, as a worker of a run on several hosts does), the status line, the interval logs, the result assembly, and
 * writing the result after every step (atomically, also on Ctrl-C, with the steps finished so far and {@code complete:
 * false}).
 */
public final class Engine {

    /** How long a Ctrl-C waits for the run to write its result and stop its servers before the JVM exits anyway. */
    static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(90);

    private final RunPlan plan;
    private final StatusLine status;
    private final AtomicBoolean stop;
    private final LongSupplier nanoTime;
    private final ForkMerge merge;
    private Stages stages;
    private PhaseDriver driver;
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

    /**
     * As {@link #run(RunPlan, StatusLine, Assembly)}; setting {@code stop} ends the run as a Ctrl-C does.
     *
     * @throws RunInterruptedException when Ctrl-C or SIGTERM stopped the run, once everything is closed and the finished
     *     steps are written
     */
    public static RunResult run(RunPlan plan, StatusLine status, Assembly assembly, AtomicBoolean stop) {
        return run(plan, status, assembly, stop, result -> {});
    }

    /**
     * As {@link #run(RunPlan, StatusLine, Assembly)}, then {@code afterwards} (what the command makes of the result: its
     * table, its report) under the same Ctrl-C path: a Ctrl-C meanwhile lets it finish its files, then ends the command.
     */
    public static RunResult run(RunPlan plan, StatusLine status, Assembly assembly, Consumer<RunResult> afterwards) {
        return run(plan, status, assembly, new AtomicBoolean(), afterwards);
    }

    private static RunResult run(
            RunPlan plan, StatusLine status, Assembly assembly, AtomicBoolean stop, Consumer<RunResult> afterwards) {
        ShutdownGuard guard = ShutdownGuard.install(stop, SHUTDOWN_WAIT);
        Engine engine = new Engine(plan, status, stop, System::nanoTime);
        try {
            RunResult result = engine.runForks(assembly, guard);
            if (guard.signalExitCode().isPresent()) {
                throw engine.interrupted(guard, null);
            }
            status.finish();
            afterwards.accept(result);
            if (guard.signalExitCode().isPresent()) {
                throw new RunInterruptedException(
                        "stopped (" + guard.signalName() + ") after the run had ended"
                                + (plan.resultFile() == null
                                        ? ""
                                        : "; result: " + plan.resultFile().toAbsolutePath()),
                        guard.signalExitCode().getAsInt());
            }
            return result;
        } catch (RuntimeException | Error e) {
            if (guard.signalExitCode().isEmpty() || e instanceof RunInterruptedException) {
                throw e;
            }
            // what failed because of the interrupt (a server's start cut short, a database the terminal's Ctrl-C
            // reached too) is the interrupt, said as such; the steps finished before are written as a stopped run's
            LoggerFactory.getLogger(Engine.class).info("after {}: {}", guard.signalName(), e.toString(), e);
            engine.concludeStopped();
            throw engine.interrupted(guard, e);
        } finally {
            status.finish();
            guard.close();
        }
    }

    private RunResult runForks(Assembly assembly, ShutdownGuard guard) {
        int forks = plan.repetitions().forks();
        try (RunResources shared = new RunResources(status, stop, 0, forks)) {
            assembly.openShared(shared);
            List<Step> firstFork = new ArrayList<>();
            for (int fork = 1; fork <= forks && !stop.get(); fork++) {
                try (RunResources own = new RunResources(status, stop, fork, forks)) {
                    if (forks > 1) {
                        status.update("fork " + fork + " of " + forks + ": opening a fresh pipeline");
                    }
                    assembly.open(own);
                    if (stop.get()) {
                        break; // stopped while opening: no step begins
                    }
                    this.fork = fork;
                    stages = new Stages(Stream.concat(shared.stages().stream(), own.stages().stream())
                            .toList());
                    driver = new PhaseDriver(plan, stages, status, stop, nanoTime);
                    listeners = Stream.concat(shared.listeners().stream(), own.listeners().stream())
                            .toList();
                    runSteps(fork == 1 ? plan.steps() : StepSource.of(firstFork), firstFork);
                }
            }
        }
        return conclude(guard.signalExitCode().isEmpty());
    }

    /**
     * The one line of a run that Ctrl-C stopped: what it was doing, if it had not begun a step, and what it wrote. A run
     * stopped before it had a result writes none, so an earlier result at that path stays as it was.
     */
    private RunInterruptedException interrupted(ShutdownGuard guard, Throwable failure) {
        String how = guard.signalName();
        String doing = status.last().isBlank() ? "opening the run" : status.last();
        String message = result == null
                ? "stopped (" + how + ") while " + doing + ": nothing measured, no result written"
                : ShutdownGuard.stoppedNote(how, result, plan.resultFile());
        RunInterruptedException interrupted =
                new RunInterruptedException(message, guard.signalExitCode().getAsInt());
        if (failure != null) {
            interrupted.addSuppressed(failure);
        }
        return interrupted;
    }

    private void runSteps(StepSource steps, List<Step> firstFork) {
        if (result == null) {
            RunEnvironment environment = stages.environment(RunEnvironment.detect());
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
                stages.settle(stop::get);
            }
        }
    }

    /** Writes the result of a run that a failure ended after Ctrl-C, if it had one, as stopped ({@code complete: false}). */
    private void concludeStopped() {
        if (result == null || result.finishedAt() != null) {
            return;
        }
        try {
            conclude(false);
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(Engine.class).warn("could not write the result of the stopped run", e);
        }
    }

    /** @param note whether to say that the run was stopped early (a Ctrl-C's line is said by the command instead) */
    private RunResult conclude(boolean note) {
        if (result == null) {
            if (!note) {
                return null; // Ctrl-C before a step began: nothing to write
            }
            // stopped before the first fork opened
            result = RunResult.started(
                    UUID.randomUUID().toString(), Instant.now(), RunEnvironment.detect(), plan.scenario());
        }
        result = plan.steps().conclude(result).finished(Instant.now(), !stop.get());
        write();
        if (stop.get() && note) {
            status.note(ShutdownGuard.stoppedNote("Ctrl-C or SIGTERM", result, plan.resultFile()));
        }
        return result;
    }

    /**
     * One step: the prefill (first step only), warmup (discarded), measured phase (cut into iterations with
     * repetitions), the stages' figures, the audit; null when it was stopped.
     *
     * @param position the step's place among the steps this fork ran so far (0-based)
     */
    private ForkMerge.ForkStep runStep(Step step, int position) {
        stages.beginStep(step);
        String label = RunResources.forkPrefix(fork, plan.repetitions().forks()) + step.label();
        try {
            if (!driver.prepare(step, label)) {
                return null; // stopped in the prefill or the warmup: no measured phase begins
            }
        } catch (RunFailedException e) {
            write();
            throw e;
        }
        long startNanos = driver.startNanos();
        IterationWindows windows = IterationWindows.forStep(plan, step, fork, startNanos);
        String logName = windows == null ? plan.histogramLogName(step.index()) : null;
        double seconds = measure(step, label, windows, logName, startNanos);
        Map<String, Histogram> totals = windows == null ? stages.totals() : windows.totals();
        StepResult.Builder builder = StepResult.builder()
                .batchSize(step.rate() == null ? null : step.batchSize())
                .durationSec(seconds)
                .latencies(LatencySummary.ofEachWithSamples(totals))
                .histogramLog(logName);
        stages.finishStep(builder);
        List<Iteration> iterations = windows == null ? List.of() : windows.iterations(fork);
        double iterationSec = windows == null ? seconds : windows.iterationSec();
        Optional<String> failure = stages.failure();
        if (failure.isEmpty() && !stop.get()) {
            failure = stages.audit(builder);
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

    /** The measured phase, its intervals logged (or cut into iterations) every second; its length in seconds. */
    private double measure(Step step, String label, IterationWindows windows, String logName, long startNanos) {
        Duration length = windows == null ? step.duration() : windows.phaseLength();
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
            return driver.run(Phase.Kind.MEASURED, length, step.maxEvents(), startNanos);
        }
    }

    private void write() {
        if (plan.resultFile() != null && result != null) {
            ResultFiles.write(plan.resultFile(), result);
        }
    }
}
