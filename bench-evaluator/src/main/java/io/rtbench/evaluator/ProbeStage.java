package io.rtbench.evaluator;

import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.target.GroundTruth;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * The evaluator as a stage of the engine: probes each generator's newest visible event and records {@code data},
 * {@code dataAtRequest} and {@code query} (and {@code truth} against the {@code reference} target). In a pipeline run
 * it probes each step's generators from the warmup to the end of the measured phase; on its own
 * ({@code rtbench evaluate}) it probes the generators it is told of, as they come and go.
 */
public final class ProbeStage implements Stage {

    private final Target target;
    private final Evaluator evaluator;
    private final Supplier<List<Long>> stepGenerators;
    private final Supplier<Map<Long, ChangeHistory>> stepChanges;
    private final String serverVersion;
    private List<Long> probing = List.of();
    /** Whether the measured phase had a data sample yet: a tick without one says so differently after the first. */
    private volatile boolean dataSeen;

    /**
     * Opens the probe's own target (its calls bounded by the probe timeout) and asks its version: a target that cannot
     * be reached fails the run at its start, not after its duration.
     *
     * @param stepGenerators the generators of the current step, probed from its warmup on; null when generators are
     *     added with {@link #probe} and removed with {@link #stopProbing} instead
     * @param stepChanges workload {@code dml}: each generator's updates and deletes, whose visibility is measured too
     *     ({@code updateVisible}, {@code deleteVisible}; docs/MEASUREMENT.md); null for other workloads
     */
    public ProbeStage(
            TargetConfig target,
            Duration interval,
            Duration timeout,
            EpochClock clock,
            MeterRegistry registry,
            Supplier<List<Long>> stepGenerators,
            Supplier<Map<Long, ChangeHistory>> stepChanges) {
        this.target = Targets.open(target.withTimeout(timeout));
        try {
            this.serverVersion = this.target.serverVersion();
            this.evaluator = new Evaluator(this.target, target.kind(), interval, timeout, clock, registry);
        } catch (RuntimeException e) {
            this.target.close();
            throw e;
        }
        this.stepGenerators = stepGenerators;
        this.stepChanges = stepChanges;
        if (stepChanges != null) {
            ChangeProbe.probed(this.target)
                    .ifPresent(versioned -> evaluator.metrics().addChangeMetrics(versioned.readVariants()));
        }
    }

    @Override
    public String name() {
        return "evaluator";
    }

    /** The probe's target, for the audit. */
    public Target target() {
        return target;
    }

    public EvaluatorMetrics metrics() {
        return evaluator.metrics();
    }

    public void probe(long generatorId) {
        evaluator.probe(generatorId);
    }

    public void stopProbing(long generatorId) {
        evaluator.stopProbing(generatorId);
    }

    @Override
    public void startPhase(Phase phase) {
        if (phase.kind() != Phase.Kind.PREFILL) {
            // a probe sent before the phase's start or after its end is no sample of it
            evaluator.probeWithin(phase.startNanos(), phase.endNanos());
        }
        if (stepGenerators != null && phase.kind() != Phase.Kind.PREFILL && probing.isEmpty()) {
            probing = List.copyOf(stepGenerators.get());
            Map<Long, ChangeHistory> changes = stepChanges == null ? Map.of() : stepChanges.get();
            probing.forEach(id -> evaluator.probe(id, changes.get(id)));
        }
    }

    @Override
    public void endPhase(Phase phase) {
        if (phase.measured()) {
            probing.forEach(evaluator::stopProbing);
            probing = List.of();
        }
    }

    @Override
    public List<LatencyRecorder> recorders() {
        List<LatencyRecorder> all =
                new ArrayList<>(evaluator.metrics().latencies().all());
        if (target instanceof GroundTruth truth) {
            all.addAll(truth.truths());
        }
        return all;
    }

    @Override
    public void resetMetrics() {
        dataSeen = false;
        evaluator.metrics().reset();
        if (target instanceof GroundTruth truth) {
            truth.truths().forEach(LatencyRecorder::reset);
        }
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        StringBuilder line = new StringBuilder();
        if (stepGenerators == null) {
            line.append("generators ").append(evaluator.probedGenerators()).append("  ");
        }
        Histogram data = intervals.get(Metrics.DATA);
        if (data != null && data.getTotalCount() > 0) {
            dataSeen = true;
            line.append(String.format(
                    Locale.ROOT,
                    "data p50 %,.1f p99 %,.1f ms",
                    data.getValueAtPercentile(50) / 1e3,
                    data.getValueAtPercentile(99) / 1e3));
        } else {
            // the phase's last tick covers a fraction of a second: a probe may not have answered within it
            line.append(
                    dataSeen
                            ? "data: no new sample"
                            : stepGenerators == null && evaluator.probedGenerators() == 0
                                    ? "data: no generator to probe yet"
                                    : "data: nothing visible yet");
        }
        if (evaluator.metrics().probeErrors() > 0) {
            line.append("  probe errors ").append(evaluator.metrics().probeErrors());
        }
        return line.toString();
    }

    @Override
    public void finishStep(StepResult.Builder step) {
        step.probeErrors(evaluator.metrics().probeErrors());
        long beforeVisible = evaluator.metrics().probesBeforeVisible();
        step.probesBeforeVisible(beforeVisible > 0 && target.showsEvents() ? beforeVisible : null);
    }

    @Override
    public RunEnvironment environment(RunEnvironment environment) {
        return environment.withTargetVersion(serverVersion);
    }

    @Override
    public void close() {
        evaluator.close();
        target.close();
    }
}
