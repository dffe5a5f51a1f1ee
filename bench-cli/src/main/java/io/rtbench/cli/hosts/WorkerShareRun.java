package io.rtbench.cli.hosts;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.cli.hosts.HostMessages.Control;
import io.rtbench.cli.hosts.HostMessages.Result;
import io.rtbench.cli.hosts.HostMessages.Share;
import io.rtbench.cli.hosts.HostMessages.StepReport;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.engine.Step;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.EpochClock;
import io.rtbench.evaluator.ProbeStage;
import io.rtbench.producer.ProducerStage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
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
    private final ProducerStage producer;
    private final ProbeStage probe;
    private final List<Stage> stages;
    private Step step;
    private Phase phase;
    private boolean phaseDoneSent;
    private volatile String phaseTag;
    private volatile Integer stepTag;

    /** Opens the share's stages: fails with one line when Kafka or the target cannot be reached from this host. */
    WorkerShareRun(
            String run,
            String worker,
            Share share,
            WorkerScenario scenario,
            String bootstrapServers,
            Map<String, String> kafkaConfig,
            Credentials credentials,
            HostChannel<Result, Control> channel) {
        this.run = run;
        this.worker = worker;
        this.share = share;
        this.totalGenerators = scenario.generators();
        this.channel = channel;
        TargetConfig target = scenario.targetConfig(credentials);
        this.producer = new ProducerStage(
                scenario.producer(share, bootstrapServers, kafkaConfig, target), EpochClock.SYSTEM, run);
        try {
            this.probe = new ProbeStage(
                    target,
                    scenario.probeInterval(),
                    scenario.probeTimeout(),
                    EpochClock.SYSTEM,
                    new SimpleMeterRegistry(),
                    producer::generatorIds,
                    null);
        } catch (RuntimeException e) {
            producer.close();
            throw e;
        }
        this.stages = List.of(producer, probe);
    }

    String run() {
        return run;
    }

    /** Applies one command of the coordinator, in the order its engine calls its stages (see {@link Stage}). */
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

    private void startPhase(Control command) {
        Rate rate = HostMessages.rate(command.rate());
        Rate own = rate == null ? null : rate.times((double) share.generators() / totalGenerators);
        if (step == null || step.index() != command.step()) {
            // the step as this worker runs it: its share of the rate is what its producer reports as the target
            step = new Step(command.step(), own, command.batchSize(), Duration.ZERO, null, 0);
            stages.forEach(stage -> stage.beginStep(step));
        }
        Phase.Kind kind = Phase.Kind.valueOf(command.phase());
        Rate phaseRate = kind == Phase.Kind.PREFILL ? Rate.MAX : own;
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
        phase = new Phase(
                kind,
                phaseRate,
                command.batchSize(),
                startNanos,
                length,
                command.maxEvents() == null ? 0 : share.eventsOf(command.maxEvents(), totalGenerators),
                new AtomicBoolean());
        phaseDoneSent = false;
        synchronized (this) {
            // the interval taken now is still the previous phase's; a measured phase starts from nothing
            stepTag = command.step();
            phaseTag = kind.name();
            if (kind == Phase.Kind.MEASURED) {
                stages.forEach(Stage::resetMetrics);
            }
        }
        stages.forEach(stage -> stage.startPhase(phase));
    }

    /** Called often between commands: says once when the producer's part of a phase is done (the prefill). */
    void poll() {
        if (phase != null && !phaseDoneSent && producer.boundsPhase() && producer.phaseDone()) {
            phaseDoneSent = true;
            channel.send(
                    run,
                    Result.of(
                            HostMessages.PHASE_DONE,
                            run,
                            worker,
                            step.index(),
                            phase.kind().name()));
        }
    }

    private void endPhase(boolean stop) {
        if (phase == null) {
            return;
        }
        if (stop) {
            phase.stop().set(true);
        }
        stages.forEach(stage -> stage.endPhase(phase));
        Phase ended = phase;
        phase = null;
        LOG.info(
                "run {} step {}: {} phase ended; this worker's generators produced {} events in the step so far",
                run,
                step.index(),
                ended.kind(),
                producer.producedByGenerator().values().stream()
                        .mapToLong(Long::longValue)
                        .sum());
        sendInterval(); // the phase's last samples, before the coordinator hears that it ended
        synchronized (this) {
            phaseTag = null; // what comes later belongs to no phase the coordinator measures
        }
        channel.send(
                run,
                Result.of(
                        HostMessages.ENDED,
                        run,
                        worker,
                        step.index(),
                        ended.kind().name()));
        channel.flush();
    }

    private void finishStep(Double durationSec) {
        if (step == null) {
            return;
        }
        StepResult.Builder builder = StepResult.builder().durationSec(durationSec == null ? 1 : durationSec);
        stages.forEach(stage -> stage.finishStep(builder));
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
                producer.failedEvents());
        channel.send(run, Result.stepDone(run, worker, step.index(), report));
        channel.flush();
    }

    /**
     * Once a second (also between phases, as the worker's sign of life): the last second's interval of every recorder
     * that has samples, the events sent so far, and a failure of the share's own stages.
     */
    void sendInterval() {
        Map<String, String> intervals = new LinkedHashMap<>();
        String tag;
        Integer stepIndex;
        synchronized (this) {
            tag = phaseTag;
            stepIndex = stepTag;
            for (LatencyRecorder recorder : recorders()) {
                Histogram interval = recorder.takeInterval();
                if (interval.getTotalCount() > 0) {
                    intervals.put(recorder.name(), HostTopics.encode(interval));
                }
            }
        }
        String failure = failure().orElse(null);
        channel.send(
                run,
                Result.interval(
                        run,
                        worker,
                        stepIndex,
                        tag,
                        intervals,
                        producer.movedEvents().orElse(0),
                        failure));
    }

    private List<LatencyRecorder> recorders() {
        List<LatencyRecorder> all = new ArrayList<>();
        stages.forEach(stage -> all.addAll(stage.recorders()));
        return all;
    }

    private Optional<String> failure() {
        for (Stage stage : stages) {
            Optional<String> failure = stage.failure();
            if (failure.isPresent()) {
                return Optional.of("the " + stage.name() + " stopped: " + failure.get());
            }
        }
        return Optional.empty();
    }

    /** The coordinator is gone or the run is over: what is in flight is dropped, and the stages are closed. */
    void abandon(String why) {
        if (phase != null) {
            LOG.warn("run {}: {}; stopping this worker's share", run, why);
            phase.stop().set(true);
            stages.forEach(stage -> stage.endPhase(phase));
            phase = null;
        }
    }

    @Override
    public void close() {
        probe.close();
        producer.close();
    }
}
