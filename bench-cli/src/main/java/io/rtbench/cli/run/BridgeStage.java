package io.rtbench.cli.run;

import io.rtbench.connectors.bridge.Bridge;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.connectors.bridge.BridgeStats;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;

/**
 * rtbench's bridge as a stage of the engine: consumes from its start to its close, with a target of its own (the probe
 * uses another), recording {@code kafkaHop} and {@code sinkWrite}. In a pipeline run the producer's figures describe
 * the step; a bridge run on its own ({@code rtbench bridge}) reports its own: events consumed and written, and the rate
 * written.
 */
public final class BridgeStage implements Stage {

    private final Target target;
    private final Bridge bridge;
    private final boolean onItsOwn;

    /**
     * Opens the target and starts consuming.
     *
     * @param onItsOwn whether the bridge is the run's only stage, and so reports the step's rate and counts
     * @param stopRequested whether the run was stopped (Ctrl-C) while the bridge waits for its broker's first answer
     */
    public BridgeStage(BridgeSettings settings, boolean onItsOwn, BooleanSupplier stopRequested) {
        this.onItsOwn = onItsOwn;
        this.target = Targets.open(settings.target());
        try {
            this.bridge = new Bridge(settings, target, EpochClock.SYSTEM);
            bridge.start(stopRequested);
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return "bridge";
    }

    /** The consumer group whose lag is the sink's backlog. */
    public String consumerGroup() {
        return bridge.settings().groupId();
    }

    public BridgeStats stats() {
        return bridge.stats();
    }

    @Override
    public List<LatencyRecorder> recorders() {
        return List.copyOf(bridge.stats().metrics().all());
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        if (!onItsOwn) {
            return "";
        }
        BridgeStats stats = bridge.stats();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "written %,d", stats.written()));
        for (LatencyRecorder recorder : recorders()) {
            Histogram interval = intervals.get(recorder.name());
            if (interval != null && interval.getTotalCount() > 0) {
                line.append(String.format(
                        Locale.ROOT,
                        "  %s p50 %.1f p99 %.1f ms",
                        recorder.name(),
                        interval.getValueAtPercentile(50) / 1e3,
                        interval.getValueAtPercentile(99) / 1e3));
            }
        }
        if (stats.retries() > 0 || stats.failed() > 0) {
            line.append(String.format(
                    Locale.ROOT, "  retries %d failed %d (%s)", stats.retries(), stats.failed(), stats.lastError()));
        }
        return line.toString();
    }

    @Override
    public OptionalLong movedEvents() {
        return onItsOwn ? OptionalLong.of(bridge.stats().written()) : OptionalLong.empty();
    }

    @Override
    public Optional<String> failure() {
        RuntimeException failure = bridge.failure();
        return failure == null ? Optional.empty() : Optional.of(String.valueOf(failure.getMessage()));
    }

    @Override
    public void finishStep(StepResult.Builder step) {
        if (!onItsOwn) {
            return;
        }
        BridgeStats stats = bridge.stats();
        step.rate(StepRate.achievedEvents(stats.written() / step.durationSec()));
        step.events(EventCounts.ofEvents(stats.consumed(), stats.written(), null, null, stats.failed(), null));
    }

    @Override
    public RunEnvironment environment(RunEnvironment environment) {
        return onItsOwn ? environment.withTargetVersion(target.serverVersion()) : environment;
    }

    @Override
    public void close() {
        bridge.close();
        target.close();
    }
}
