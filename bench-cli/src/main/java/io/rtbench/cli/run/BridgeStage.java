package io.rtbench.cli.run;

import io.rtbench.connectors.bridge.Bridge;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.connectors.bridge.BridgeStats;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.fault.Injection;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
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
 *
 * <p>The faults of the sink ({@code run --fault sink-kill} and {@code rebalance}, docs/MEASUREMENT.md, "Freshness under
 * faults") start other bridges of the same settings, each with a target of its own, on the same consumer group; every
 * bridge of the stage counts into the one {@link BridgeStats}, so that the step's {@code kafkaHop} and
 * {@code sinkWrite} hold each event's samples as often as a bridge read or wrote it.
 */
public final class BridgeStage implements Stage, SinkFaults {

    /**
     * How long a new bridge may wait for the group to give it its partitions: under a second normally; the group's
     * other members must rejoin first, each after writing what it read.
     */
    static final Duration ASSIGN_TIMEOUT = Duration.ofSeconds(60);

    private final BridgeSettings settings;
    private final BooleanSupplier stopRequested;
    private final BridgeStats stats = new BridgeStats();
    private final boolean onItsOwn;
    /** The bridge that consumes (after a {@code sink-kill}, the new one), with its target; guarded by this. */
    private volatile Running bridge;
    /** Whether {@link #bridge} was killed and not yet replaced; guarded by this. */
    private boolean killed;
    /** The second bridge of a {@code rebalance} while it is in the group, else null; guarded by this. */
    private volatile Running joined;

    /** A bridge and the target it writes to, which it closes. */
    private record Running(Bridge bridge, Target target) {

        static Running start(BridgeSettings settings, BridgeStats stats, BooleanSupplier stopRequested) {
            Target target = Targets.open(settings.target());
            try {
                Bridge bridge = new Bridge(settings, target, EpochClock.SYSTEM, stats);
                bridge.start(stopRequested);
                return new Running(bridge, target);
            } catch (RuntimeException e) {
                target.close();
                throw e;
            }
        }

        void close() {
            bridge.close();
            target.close();
        }

        void kill() {
            bridge.kill();
            target.close();
        }
    }

    /**
     * Opens the target and starts consuming.
     *
     * @param onItsOwn whether the bridge is the run's only stage, and so reports the step's rate and counts
     * @param stopRequested whether the run was stopped (Ctrl-C) while the bridge waits for its broker's first answer
     */
    public BridgeStage(BridgeSettings settings, boolean onItsOwn, BooleanSupplier stopRequested) {
        this.settings = settings;
        this.onItsOwn = onItsOwn;
        this.stopRequested = stopRequested;
        this.bridge = Running.start(settings, stats, stopRequested);
    }

    @Override
    public String name() {
        return "bridge";
    }

    /** The consumer group whose lag is the sink's backlog. */
    public String consumerGroup() {
        return settings.groupId();
    }

    /** What every bridge of the stage did (one after a {@code sink-kill}, two during a {@code rebalance}). */
    public BridgeStats stats() {
        return stats;
    }

    @Override
    public List<LatencyRecorder> recorders() {
        return List.copyOf(stats.metrics().all());
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        if (!onItsOwn) {
            return "";
        }
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
        return onItsOwn ? OptionalLong.of(stats.written()) : OptionalLong.empty();
    }

    /** Why a bridge of the stage stopped on its own (a killed one says nothing, as a crashed process would not). */
    @Override
    public Optional<String> failure() {
        Running second = joined;
        RuntimeException failure = bridge.bridge().failure();
        if (failure == null && second != null) {
            failure = second.bridge().failure();
        }
        return failure == null ? Optional.empty() : Optional.of(String.valueOf(failure.getMessage()));
    }

    @Override
    public void finishStep(StepResult.Builder step) {
        if (!onItsOwn) {
            return;
        }
        step.rate(StepRate.achievedEvents(stats.written() / step.durationSec()));
        step.events(EventCounts.ofEvents(stats.consumed(), stats.written(), null, null, stats.failed(), null));
    }

    @Override
    public RunEnvironment environment(RunEnvironment environment) {
        return onItsOwn ? environment.withTargetVersion(bridge.target().serverVersion()) : environment;
    }

    @Override
    public Injection sinkKill() {
        return new Injection() {
            @Override
            public void begin() {
                kill();
            }

            @Override
            public void end() {
                restart();
            }

            @Override
            public String description() {
                return "the bridge of group " + settings.groupId();
            }
        };
    }

    @Override
    public Injection rebalance() {
        return new Injection() {
            @Override
            public void begin() {
                join();
            }

            @Override
            public void end() {
                leave();
            }

            @Override
            public String description() {
                return "a second bridge in group " + settings.groupId();
            }
        };
    }

    /** {@code sink-kill} begins: the bridge stops as a crash would ({@link Bridge#kill()}). */
    private synchronized void kill() {
        if (!killed) {
            bridge.kill();
            killed = true;
        }
    }

    /**
     * {@code sink-kill} ends: a new bridge on the group and a target of its own, once the group gave it its partitions
     * (it resumes from the committed offsets). An {@link IllegalStateException} when it did not start or join.
     */
    private synchronized void restart() {
        if (!killed || stopRequested.getAsBoolean()) {
            return; // Ctrl-C: the run ends, with no bridge to drain into the audit
        }
        Running next = startAnother("the new bridge");
        bridge = next;
        killed = false;
    }

    /** {@code rebalance} begins: a second bridge joins the group and returns once it holds its share of partitions. */
    private synchronized void join() {
        if (joined == null) {
            joined = startAnother("a second bridge");
        }
    }

    /** {@code rebalance} ends: the second bridge leaves the group cleanly, writing and committing what it read. */
    private synchronized void leave() {
        Running second = joined;
        joined = null;
        if (second != null) {
            second.close();
        }
    }

    /** A bridge of the stage's settings, started and given its partitions by the group; closed again if it was not. */
    private Running startAnother(String which) {
        Running another;
        try {
            another = Running.start(settings, stats, stopRequested);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    which + " of group " + settings.groupId() + " did not start: " + e.getMessage(), e);
        }
        try {
            another.bridge().awaitAssigned(ASSIGN_TIMEOUT);
            return another;
        } catch (RuntimeException e) {
            another.close();
            throw new IllegalStateException(
                    which + " did not join group " + settings.groupId() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        leave();
        if (killed) {
            return; // its consumers and target are closed already
        }
        bridge.close();
    }
}
