package io.rtbench.core.engine;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.ReadingRecorder;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The one stage protocol: the order in which a run's stages are called (see {@link Stage}), how a phase is made, ended
 * early and told done, whose samples a take of the recorders' intervals holds, and how a failed stage is named. The
 * {@link Engine} drives a run's stages through it, timing the phases itself; a worker of a run on several hosts drives
 * its share's stages through it, at the phases its coordinator announces (docs/ARCHITECTURE.md, "The engine and its
 * stages" and "Several hosts"), so both call their stages alike and say a failure in the same words.
 */
public final class Stages {

    private final List<Stage> stages;
    private Step step;
    private Phase phase;
    /** The step and phase whose samples the recorders hold now; the phase is null between phases. */
    private Integer tickStep;

    private Phase.Kind tickPhase;

    public Stages(List<Stage> stages) {
        this.stages = List.copyOf(stages);
    }

    /** The step begun last; null before the first. */
    public synchronized Step step() {
        return step;
    }

    /** A new step begins on every stage. */
    public void beginStep(Step next) {
        synchronized (this) {
            step = next;
        }
        stages.forEach(stage -> stage.beginStep(next));
    }

    /**
     * Starts a phase of the current step on every stage and returns it. The prefill is produced as fast as possible,
     * the other phases at the step's rate; a measured phase starts from no samples, and from now on a take of the
     * intervals is this phase's.
     *
     * @param batchSize events per send burst (the prefill has its own)
     * @param startNanos when it starts, on {@link System#nanoTime()}'s scale
     * @param length how long it lasts; null: until stopped, or until the stages that bound it are done
     * @param maxEvents events produced at most in the phase; 0 for no limit
     */
    public Phase startPhase(Phase.Kind kind, int batchSize, long startNanos, Duration length, long maxEvents) {
        Phase started;
        synchronized (this) {
            Rate rate = kind == Phase.Kind.PREFILL ? Rate.MAX : step.rate();
            started = new Phase(kind, rate, batchSize, startNanos, length, maxEvents, new AtomicBoolean());
            phase = started;
            // the interval taken before now is still the previous phase's; a measured phase starts from nothing
            tickStep = step.index();
            tickPhase = kind;
            if (started.measured()) {
                stages.forEach(Stage::resetMetrics);
            }
        }
        stages.forEach(stage -> stage.startPhase(started));
        return started;
    }

    /** The phase started and not yet ended; null between phases. */
    public synchronized Phase phase() {
        return phase;
    }

    /**
     * Ends the current phase on every stage, if one runs. Stages end a phase at its time on their own; {@code early}
     * (Ctrl-C, a failed stage, a run that is over) tells them to stop at once, dropping what is in flight.
     *
     * @return the phase that ended; null when none ran
     */
    public Phase endPhase(boolean early) {
        Phase ended;
        synchronized (this) {
            ended = phase;
            phase = null;
        }
        if (ended == null) {
            return null;
        }
        if (early) {
            ended.stop().set(true);
        }
        stages.forEach(stage -> stage.endPhase(ended));
        return ended;
    }

    /** Whether the stages that bound a phase ({@link Stage#boundsPhase()}) are all done with it; false with none. */
    public boolean phaseDone() {
        List<Stage> bounding = bounding();
        return !bounding.isEmpty() && bounding.stream().allMatch(Stage::phaseDone);
    }

    /** After {@link #endPhase}: the longest a bounding stage's part of the phase lasted by its own schedule. */
    OptionalDouble scheduledSeconds() {
        return bounding().stream()
                .map(Stage::phaseSeconds)
                .filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble)
                .max();
    }

    private List<Stage> bounding() {
        return stages.stream().filter(Stage::boundsPhase).toList();
    }

    /** The first stage's failure, in the run's words ({@code the producer stopped: …}), asking no stage after it. */
    public Optional<String> failure() {
        return stages.stream()
                .flatMap(stage -> stage.failure().map(why -> "the " + stage.name() + " stopped: " + why).stream())
                .findFirst();
    }

    /** Every stage's recorders, in the stages' order. */
    public List<LatencyRecorder> recorders() {
        List<LatencyRecorder> all = new ArrayList<>();
        stages.forEach(stage -> all.addAll(stage.recorders()));
        return all;
    }

    /** Every stage's readings that are not latencies ({@link Stage#readings()}), in the stages' order. */
    List<ReadingRecorder> readings() {
        List<ReadingRecorder> all = new ArrayList<>();
        stages.forEach(stage -> all.addAll(stage.readings()));
        return all;
    }

    /**
     * One take of the recorders' intervals: what each recorded since the last take, in the recorders' order, with the
     * step and phase they belong to, handed to {@code read} and valid only during that call (a recorder reuses its
     * interval histogram). Taken atomically with a phase's start and with other takes, so that none mixes two phases.
     */
    public synchronized <T> T takeIntervals(Function<Tick, T> read) {
        List<Tick.Interval> intervals = new ArrayList<>();
        for (LatencyRecorder recorder : recorders()) {
            intervals.add(new Tick.Interval(recorder.name(), recorder.takeInterval()));
        }
        List<Tick.Interval> readings = new ArrayList<>();
        for (ReadingRecorder recorder : readings()) {
            recorder.takeIntervals().forEach(reading -> readings.add(new Tick.Interval(recorder.name(), reading)));
        }
        return read.apply(new Tick(tickStep, tickPhase, intervals, readings));
    }

    /**
     * A phase's last take, after {@link #endPhase}: its samples up to its end; later takes belong to no phase until
     * the next one starts.
     */
    public synchronized <T> T lastTick(Function<Tick, T> read) {
        T last = takeIntervals(read);
        tickPhase = null;
        return last;
    }

    /** Events the first stage that moves events has moved so far (produced, written); the live rate's count. */
    public OptionalLong movedEvents() {
        return stages.stream()
                .map(Stage::movedEvents)
                .filter(OptionalLong::isPresent)
                .findFirst()
                .orElse(OptionalLong.empty());
    }

    /** What each stage says of itself for the status line, each part after two spaces. */
    String status(Map<String, Histogram> intervals) {
        StringBuilder line = new StringBuilder();
        for (Stage stage : stages) {
            String part = stage.status(intervals);
            if (!part.isEmpty()) {
                line.append("  ").append(part);
            }
        }
        return line.toString();
    }

    /** Every recorder's total of the measured phase, by metric name. */
    Map<String, Histogram> totals() {
        Map<String, Histogram> all = new LinkedHashMap<>();
        recorders().forEach(recorder -> all.put(recorder.name(), recorder.total()));
        return all;
    }

    /** After the phases: every stage's figures of the step. */
    public void finishStep(StepResult.Builder builder) {
        stages.forEach(stage -> stage.finishStep(builder));
    }

    /** Why the audit could not count (e.g. the target stopped answering), if so: the measured figures still stand. */
    Optional<String> audit(StepResult.Builder builder) {
        try {
            stages.forEach(stage -> stage.auditStep(builder));
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of("audit failed: " + e.getMessage());
        }
    }

    /** Between steps and after the prefill: every stage catches up, or gives up when {@code stopped}. */
    void settle(BooleanSupplier stopped) {
        stages.forEach(stage -> stage.settleBetweenSteps(stopped));
    }

    /** Whether any stage has a backlog to read (a sink). */
    boolean hasBacklog() {
        return stages.stream().anyMatch(stage -> stage.backlogEvents().isPresent());
    }

    /** The largest backlog of any stage now; 0 with none. */
    long backlog() {
        return stages.stream()
                .map(Stage::backlogEvents)
                .flatMapToLong(OptionalLong::stream)
                .max()
                .orElse(0);
    }

    /** What the stages know of the environment, added to {@code environment}. */
    RunEnvironment environment(RunEnvironment environment) {
        RunEnvironment known = environment;
        for (Stage stage : stages) {
            known = stage.environment(known);
        }
        return known;
    }

    /**
     * One take of every recorder's interval.
     *
     * @param step the step of the phase last started; null before the first
     * @param phase the phase the samples belong to; null between phases
     * @param intervals one per recorder, in order (two stages may record a metric of one name); valid only while the
     *     take's reader runs
     * @param readings one per reading taken since the last take, of every reading recorder ({@link Stage#readings()}):
     *     not latencies, so for the interval log only
     */
    public record Tick(Integer step, Phase.Kind phase, List<Interval> intervals, List<Interval> readings) {

        /** What one recorder (of latencies or of readings) recorded since the last take. */
        public record Interval(String metric, Histogram histogram) {}
    }
}
