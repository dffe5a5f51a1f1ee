package io.rtbench.cli.run;

import io.rtbench.connectors.bridge.Bridge;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;

/** {@code kafka-bridge}: rtbench's bridge in this JVM, with a target of its own (the evaluator probes another). */
final class BridgeSink implements SinkPipeline {

    private final Target target;
    private final Bridge bridge;

    BridgeSink(RunSpec spec, String bootstrapServers, TargetConfig targetConfig) {
        BridgeSettings settings = new BridgeSettings(
                bootstrapServers,
                spec.topic(),
                null,
                targetConfig,
                spec.bridge().batchSize(),
                spec.bridge().linger(),
                spec.bridge().threads(),
                spec.kafkaConfig(),
                Duration.ofMinutes(2));
        this.target = Targets.open(targetConfig);
        try {
            this.bridge = new Bridge(settings, target, EpochClock.SYSTEM);
            bridge.start();
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
    }

    @Override
    public MetricSet metrics() {
        return bridge.stats().metrics();
    }

    @Override
    public String consumerGroup() {
        return bridge.settings().groupId();
    }

    @Override
    public String failure() {
        return bridge.failure() == null ? null : bridge.failure().getMessage();
    }

    @Override
    public void close() {
        bridge.close();
        target.close();
    }
}
