package io.rtbench.hosts;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.PhaseWait;
import io.rtbench.core.engine.RunResources;
import io.rtbench.core.engine.Stages;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.Step;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.EpochClock;
import io.rtbench.core.utilisation.UtilisationSampler;
import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.evaluator.ProbeStage;
import io.rtbench.hosts.HostMessages.Control;
import io.rtbench.hosts.HostMessages.Result;
import io.rtbench.hosts.HostMessages.Share;
import io.rtbench.hosts.HostMessages.StepReport;
import io.rtbench.producer.ProducerStage;
import io.rtbench.servers.local.MachineUtilisation;
import io.rtbench.servers.local.ProcessUtilisation;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker's share of a run: its own producer and probe stages (the engine's, unchanged), driven through the
 * phases the coordinator's engine announces, and the per-second intervals of their recorders sent to the coordinator.
 * The worker follows the coordinator's phases rather than timing its own, because the coordinator's engine decides
 * them with what only it sees: the sink's backlog (a warmup extended until the sink caught up), the audit, the catching
 * up between steps (docs/ARCHITECTURE.md, "Several hosts").
 */
final class WorkerShareRun implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerShareRun.class);

    /** A phase command this late is worth a line in the worker's log: Kafka or this host is slow. */
    private static final long LATE_MS = 250;

    private final String run;
    private final String worker;
    private final Share share;
    private final int totalGenerators;
    private final HostChannel<Result, Control> channel;
    /** The share's producer and probe, opened and closed in order as a run's stages are. */
    private final RunResources resources;
    /** The share's producer and probe, called as the engine calls a run's stages. */
    private final Stages stages;
    /** Waits for a phase's end as the engine does, the coordinator deciding it. */
    private final PhaseWait phaseWait;

    private ProducerStage producer;

    /**
     * Opens the share's stages: fails with one line when Kafka or the target cannot be reached from this host.
     *
     * @param stop the worker's Ctrl-C flag
     */
    WorkerShareRun(
            String run,
            String worker,
            Share share,
            WorkerSpec scenario,
            String bootstrapServers,
            Map<String, String> kafkaConfig,
            Credentials credentials,
            HostChannel<Result, Control> channel,
            AtomicBoolean stop) {
        this.run = run;
        this.worker = worker;
        this.share = share;
        this.totalGenerators = scenario.generators();
        this.channel = channel;
        TargetConfig target = scenario.targetConfig(credentials);
        this.resources = RunResources.open(StatusLine.onStdout(), stop, opened -> {
            producer = opened.add(new ProducerStage(
                    scenario.producer(share, bootstrapServers, kafkaConfig, target), EpochClock.SYSTEM, run));
            opened.add(new ProbeStage(
                    target,
                    scenario.probeInterval(),
                    scenario.probeTimeout(),
                    EpochClock.SYSTEM,
                    new SimpleMeterRegistry(),
                    producer::generatorIds,
                    null));
            hostSampler(opened);
        });
        this.stages = new Stages(resources.stages());
        this.phaseWait = new PhaseWait(stages, stop);
    }

    /**
     * This host's CPU beside the share's stages: the worker's own process and its machine (docs/MEASUREMENT.md, "The
     * harness and the machine"), for the coordinator to keep in this worker's share; none where {@code /proc} cannot
     * be read.
     */
    private static void hostSampler(RunResources opened) {
        Map<String, UtilisationSource> harness = new LinkedHashMap<>();
        ProcessUtilisation.ofThisProcess().ifPresent(source -> harness.put("rtbench", source));
        UtilisationSampler.Sources sources = new UtilisationSampler.Sources(
                null, harness, MachineUtilisation.ofThisMachine().orElse(null));
        if (!sources.isEmpty()) {
            opened.add(new UtilisationSampler(sources, readings -> {}));
        }
    }

    String run() {
        return run;
    }

    /** Applies one command of the coordinator, in the order its engine calls its stages (see {@link Stages}). */
    void handle(Control command) {
        switch (command.type()) {
            case HostMessages.PHASE -> startPhase(command);
            case HostMessages.END -> endPhase(Boolean.TRUE.equals(command.stop()));
            case HostMessages.FINISH -> finishStep(command.durationSec());
            default -> {
                // beats keep the lease; the others are not for a running share
            }
        }
    }

    /** Whether {@link #handle} acts on {@code command}: beats only keep the lease. */
    static boolean acts(Control command) {
        return switch (command.type()) {
            case HostMessages.PHASE, HostMessages.END, HostMessages.FINISH -> true;
            default -> false;
        };
    }

    private void startPhase(Control command) {
        Rate rate = HostMessages.rate(command.rate());
        Rate own = rate == null ? null : rate.times((double) share.generators() / totalGenerators);
        Step step = stages.step();
        if (step == null || step.index() != command.step()) {
            // the step as this worker runs it: its share of the rate is what its producer reports as the target
            step = new Step(command.step(), own, command.batchSize(), Duration.ZERO, null, 0);
            stages.beginStep(step);
        }
        Phase.Kind kind = Phase.Kind.valueOf(command.phase());
        long lateMs = System.currentTimeMillis() - command.startEpochMs();
        long startNanos = System.nanoTime() - lateMs * 1_000_000L;
        if (lateMs > LATE_MS) {
            // The phase keeps the coordinator's start: the pacer catches up on what is due (as scheduleDelay), and a
            // phase that is over before its command arrived produces nothing (seen on a 2-core machine at load 12).
            LOG.warn(
                    "run {} step {}: the {} phase's command came {} ms after its start",
                    run,
                    step.index(),
                    kind,
                    lateMs);
        }
        Duration length = command.lengthMs() == null ? null : Duration.ofMillis(command.lengthMs());
        stages.startPhase(
                kind,
                command.batchSize(),
                startNanos,
                length,
                command.maxEvents() == null ? 0 : share.eventsOf(command.maxEvents(), totalGenerators));
    }

    /** Whether one of the coordinator's phases runs on this share now. */
    boolean inPhase() {
        return stages.phase() != null;
    }

    /**
     * Waits for the running phase's end as the engine does ({@link PhaseWait}): until {@code decided} (the
     * coordinator's next command, or its lease run out) or Ctrl-C; says once when the producer's part of it is done
     * (the prefill), so that the coordinator ends it.
     */
    void awaitPhaseEnd(BooleanSupplier decided) {
        phaseWait.decidedElsewhere(decided, this::sendPhaseDone);
    }

    private void sendPhaseDone() {
        Phase phase = stages.phase();
        channel.send(
                run,
                Result.of(
                        HostMessages.PHASE_DONE,
                        run,
                        worker,
                        stages.step().index(),
                        phase.kind().name()));
    }

    private void endPhase(boolean stop) {
        Phase ended = stages.endPhase(stop);
        if (ended == null) {
            return;
        }
        int step = stages.step().index();
        LOG.info(
                "run {} step {}: {} phase ended; this worker's generators produced {} events in the step so far",
                run,
                step,
                ended.kind(),
                producer.producedByGenerator().values().stream()
                        .mapToLong(Long::longValue)
                        .sum());
        send(stages.lastTick(Taken::of)); // the phase's last samples, before the coordinator hears that it ended
        channel.send(
                run,
                Result.of(HostMessages.ENDED, run, worker, step, ended.kind().name()));
        channel.flush();
    }

    private void finishStep(Double durationSec) {
        Step step = stages.step();
        if (step == null) {
            return;
        }
        StepResult.Builder builder = StepResult.builder().durationSec(durationSec == null ? 1 : durationSec);
        stages.finishStep(builder);
        StepResult figures = builder.build();
        StepReport report = new StepReport(
                figures.rate(),
                figures.schedule(),
                figures.docBytes(),
                figures.events() == null ? 0 : figures.events().produced(),
                figures.events() == null || figures.events().failed() == null
                        ? 0
                        : figures.events().failed(),
                figures.probeErrors(),
                figures.probesBeforeVisible(),
                producer.producedByGenerator(),
                producer.newestEventTimes(),
                producer.failedEvents(),
                figures.host());
        channel.send(run, Result.stepDone(run, worker, step.index(), report));
        channel.flush();
    }

    /**
     * Once a second (also between phases, as the worker's sign of life): the last second's interval of every recorder
     * that has samples, the events sent so far, and a failure of the share's own stages.
     */
    void sendInterval() {
        send(stages.takeIntervals(Taken::of));
    }

    private void send(Taken taken) {
        channel.send(
                run,
                Result.interval(
                        run,
                        worker,
                        taken.step(),
                        taken.phase(),
                        taken.intervals(),
                        stages.movedEvents().orElse(0),
                        stages.failure().orElse(null)));
    }

    /** One take of the share's intervals, encoded while it is valid: the recorders with samples, by metric. */
    private record Taken(Integer step, String phase, Map<String, String> intervals) {
        static Taken of(Stages.Tick tick) {
            Map<String, String> intervals = new LinkedHashMap<>();
            for (Stages.Tick.Interval interval : tick.intervals()) {
                if (interval.histogram().getTotalCount() > 0) {
                    intervals.put(interval.metric(), HostTopics.encode(interval.histogram()));
                }
            }
            return new Taken(
                    tick.step(), tick.phase() == null ? null : tick.phase().name(), intervals);
        }
    }

    /** The coordinator is gone or the run is over: what is in flight is dropped, and the stages are closed. */
    void abandon(String why) {
        if (stages.phase() != null) {
            LOG.warn("run {}: {}; stopping this worker's share", run, why);
            stages.endPhase(true);
        }
    }

    @Override
    public void close() {
        resources.close();
    }
}
