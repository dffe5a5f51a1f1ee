package io.rtbench.cli.run;

import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.cli.run.RunSpec.StepPlan;
import io.rtbench.cli.support.FailureException;
import io.rtbench.cli.support.StatusLine;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.target.GroundTruth;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import io.rtbench.evaluator.Audit;
import io.rtbench.evaluator.BacklogSampler;
import io.rtbench.evaluator.BacklogSeries;
import io.rtbench.evaluator.Evaluator;
import io.rtbench.producer.PhaseOutcome;
import io.rtbench.producer.ProducerSession;
import io.rtbench.producer.ProducerStep;
import io.rtbench.servers.ServerProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One benchmark run with its servers, producer, sink and evaluator, opened once; the commands run steps on it
 * ({@code run}/{@code sweep}: the planned rates; {@code peak}: rates chosen as it goes). Each step has generators of its
 * own and goes: warmup (discarded) → measured phase → audit; the result file is rewritten after every step, so an
 * interrupted run keeps the steps it finished ({@code complete: false}).
 */
public final class BenchmarkSession implements AutoCloseable {

    private static final Duration AUDIT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration AUDIT_QUIET = Duration.ofSeconds(15);

    private final RunSpec spec;
    private final StatusLine status;
    private final AtomicBoolean stop;
    private final String runId = UUID.randomUUID().toString();
    // Opened one after the other by start(); close() closes whatever was opened, also after a failed start.
    private RunServers servers;
    private Target probeTarget;
    private ProducerSession producer;
    private StageGauges stageGauges;
    private SinkPipeline sink;
    private Evaluator evaluator;
    private BacklogSampler backlogSampler;
    private RunResult result;

    private BenchmarkSession(RunSpec spec, StatusLine status, AtomicBoolean stop) {
        this.spec = spec;
        this.status = status;
        this.stop = stop;
    }

    private void start(ServerProvider provider, String connectPluginPath, MeterRegistry registry) {
        this.servers = RunServers.start(spec, provider, connectPluginPath, status::update);
        status.update("preparing the " + spec.target() + " target and the "
                + spec.pipeline().cliName() + " pipeline");
        TargetConfig targetConfig = new TargetConfig(
                spec.target(),
                servers.targetUrl(),
                spec.collection(),
                servers.credentials(),
                Duration.ofSeconds(30),
                spec.targetOptions());
        this.probeTarget = Targets.open(targetConfig.withTimeout(spec.probeTimeout()));
        probeTarget.ensureCollection();
        this.producer = new ProducerSession(
                RunSettings.producer(spec, servers.bootstrapServers(), targetConfig), EpochClock.SYSTEM, runId);
        this.sink = switch (spec.pipeline()) {
            case KAFKA_BRIDGE -> new BridgeSink(spec, servers.bootstrapServers(), targetConfig);
            case KAFKA_CONNECT -> new ConnectSink(spec, servers.connectUrl(), targetConfig);
            case DIRECT -> SinkPipeline.NONE;
        };
        this.evaluator = new Evaluator(
                probeTarget, spec.target(), spec.probeInterval(), spec.probeTimeout(), EpochClock.SYSTEM, registry);
        this.stageGauges = new StageGauges(registry, spec.target());
        this.backlogSampler = sink.consumerGroup() == null
                ? null
                : new BacklogSampler(
                        servers.bootstrapServers(),
                        spec.kafkaConfig(),
                        sink.consumerGroup(),
                        spec.topic(),
                        Duration.ofSeconds(5));
        this.result = RunResult.started(runId, Instant.now(), environment(), RunSettings.scenario(spec));
    }

    /** Starts servers (when local), opens the target, producer, sink and evaluator; prefills if asked. */
    public static BenchmarkSession open(
            RunSpec spec,
            ServerProvider provider,
            String connectPluginPath,
            MeterRegistry registry,
            StatusLine status,
            AtomicBoolean stop) {
        BenchmarkSession session = new BenchmarkSession(spec, status, stop);
        try {
            session.start(provider, connectPluginPath, registry);
            session.prefill();
            return session;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    private void prefill() {
        if (spec.prefill() == 0) {
            return;
        }
        status.update(String.format("prefill: %,d events (not measured)", spec.prefill()));
        ProducerStep seed = producer.newStep(spec.generators());
        seed.prefill(spec.prefill(), spec.batchSizes().get(0), stop);
        producer.finish(seed);
        drain();
    }

    /** Runs one step and adds it to the result (written at once); null when the run was stopped during the step. */
    public StepResult runStep(StepPlan plan) {
        int index = result.steps().size() + 1;
        String label = String.format("step %d  %s x%d", index, plan.rate(), plan.batchSize());
        ProducerStep step = producer.newStep(spec.generators());
        step.generatorIds().forEach(evaluator::probe);
        status.update(label + "  warmup " + spec.warmup().toSeconds() + "s");
        if (!spec.warmup().isZero()) {
            step.run(plan.rate(), plan.batchSize(), spec.warmup(), 0, false, stop);
            extendWarmupWhileBehind(step, plan, label);
        }
        resetMetrics();
        BacklogSeries backlog = new BacklogSeries();
        String hlogName = RunSettings.histogramLogName(spec.result(), index);
        PhaseOutcome phase;
        try (IntervalLog log = new IntervalLog(
                        spec.result().toAbsolutePath().resolveSibling(hlogName), System.currentTimeMillis());
                StepTicker ticker = new StepTicker(
                        label,
                        plan.rate().eventsPerSecond(spec.docSize()),
                        spec.duration().toSeconds(),
                        recorders(),
                        log,
                        backlogSampler,
                        backlog,
                        evaluator.metrics(),
                        stageGauges,
                        () -> producer.stats().sentEvents(),
                        status)) {
            phase = step.run(plan.rate(), plan.batchSize(), spec.duration(), 0, true, stop);
        }
        step.generatorIds().forEach(evaluator::stopProbing);
        sink.settle();
        Map<String, LatencySummary> latencies = summaries();
        producer.finish(step);
        if (producer.stats().hasFailed()) {
            throw new FailureException(
                    "the producer stopped: " + producer.stats().failureSummary());
        }
        if (sink.failure() != null) {
            throw new FailureException("the sink stopped: " + sink.failure());
        }
        if (stop.get()) {
            return null;
        }
        status.update(label + "  audit: waiting for every event to land");
        EventCounts events = audit(step);
        Backlog backlogSummary = backlog.summary();
        StepResult stepResult = RunSettings.step(
                spec,
                plan,
                producer.stats(),
                step.docSizes(),
                phase,
                events,
                evaluator.metrics().probeErrors(),
                latencies,
                backlogSummary,
                hlogName);
        result = result.withStep(stepResult);
        ResultFiles.write(spec.result(), result);
        drain();
        return stepResult;
    }

    /** See {@link WarmupExtension}: a measured step must not start with the catch-up of a cold target. */
    private void extendWarmupWhileBehind(ProducerStep step, StepPlan plan, String label) {
        if (backlogSampler == null || plan.rate().isMax()) {
            return;
        }
        try {
            new WarmupExtension(spec.warmup(), plan.rate().eventsPerSecond(spec.docSize()), System::nanoTime)
                    .run(backlogSampler::lag, lag -> {
                        status.update(String.format("%s  warmup: the sink is %,d events behind", label, lag));
                        step.run(plan.rate(), plan.batchSize(), WarmupExtension.SLICE, 0, false, stop);
                        return !stop.get();
                    });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.set(true);
        } catch (Exception e) {
            status.update("could not read the backlog: " + e.getMessage());
        }
    }

    /** Runs the steps in order until they are done or the run is stopped; returns the result so far. */
    public RunResult runSteps(List<StepPlan> plans) {
        for (StepPlan plan : plans) {
            if (stop.get() || runStep(plan) == null) {
                break;
            }
        }
        return result;
    }

    private List<LatencyRecorder> recorders() {
        List<LatencyRecorder> all = new ArrayList<>();
        for (MetricSet set : List.of(
                producer.stats().metrics(), sink.metrics(), evaluator.metrics().latencies())) {
            all.addAll(set.all());
        }
        if (probeTarget instanceof GroundTruth truth) {
            all.add(truth.truth());
        }
        return all;
    }

    private void resetMetrics() {
        producer.stats().reset();
        sink.resetMetrics();
        evaluator.metrics().reset();
        if (probeTarget instanceof GroundTruth truth) {
            truth.truth().reset();
        }
    }

    private Map<String, LatencySummary> summaries() {
        Map<String, LatencySummary> all = new LinkedHashMap<>();
        for (LatencyRecorder recorder : recorders()) {
            var total = recorder.total();
            if (total.getTotalCount() > 0) {
                all.put(recorder.name(), LatencySummary.ofMicros(total));
            }
        }
        return all;
    }

    private EventCounts audit(ProducerStep step) {
        try {
            return new Audit(probeTarget, AUDIT_TIMEOUT, AUDIT_QUIET)
                    .run(
                            step.producedByGenerator(),
                            step.newestEventTimes(),
                            producer.stats().failed());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.set(true);
            return null;
        }
    }

    /** Waits until the sink has caught up, so that one step's backlog does not spill into the next. */
    private void drain() {
        if (backlogSampler == null) {
            return;
        }
        long deadline = System.nanoTime() + spec.drainTimeout().toNanos();
        try {
            while (!stop.get() && System.nanoTime() < deadline && backlogSampler.lag() > 0) {
                Thread.sleep(500);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.set(true);
        } catch (Exception e) {
            status.update("could not read the backlog: " + e.getMessage());
        }
    }

    /** The result so far (finished steps). */
    public RunResult result() {
        return result;
    }

    /** Marks the result finished ({@code complete} unless the run was stopped), writes and returns it. */
    public RunResult finish() {
        result = result.finished(Instant.now(), !stop.get());
        ResultFiles.write(spec.result(), result);
        return result;
    }

    /** Replaces the result (e.g. to add the peak or calibration section) and writes it. */
    public void update(RunResult updated) {
        result = updated;
        ResultFiles.write(spec.result(), result);
    }

    public RunSpec spec() {
        return spec;
    }

    public Target probeTarget() {
        return probeTarget;
    }

    private RunEnvironment environment() {
        RunEnvironment environment = RunEnvironment.detect().withTargetVersion(probeTarget.serverVersion());
        return servers.kafkaVersion() != null ? environment.withKafkaVersion(servers.kafkaVersion()) : environment;
    }

    @Override
    public void close() {
        closeQuietly(evaluator);
        closeQuietly(backlogSampler);
        closeQuietly(sink);
        closeQuietly(producer);
        closeQuietly(probeTarget);
        closeQuietly(servers);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            // closing after a failure: the first failure is what the user must see
        }
    }
}
