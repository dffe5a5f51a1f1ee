package io.rtbench.evaluator;

import io.rtbench.core.Bounds;
import io.rtbench.core.target.TargetConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A standalone evaluation ({@code rtbench evaluate}, {@code bench-evaluator.jar}).
 *
 * @param target the probed target; its timeout is the probe timeout
 * @param generatorIds generators to probe; empty when they are discovered on {@code announceTopic}
 * @param bootstrapServers Kafka, for discovery and backlog; null when neither is used
 * @param announceTopic where producers announce their generators, or null
 * @param eventsTopic the events topic: filters discovery, and is the topic whose backlog is sampled
 * @param anyHost probe generators of other hosts too (their clocks differ: only for hosts with synchronized clocks)
 * @param sinkGroup consumer group of the sink (bridge or Connect) whose lag is the backlog, or null
 * @param connectTimeout how long Kafka may take to answer at the start (discovery, backlog) before the evaluation fails
 * @param prometheusPort 0 for no endpoint
 * @param resultFile where to write the result, or null
 */
public record EvaluatorSettings(
        TargetConfig target,
        List<Long> generatorIds,
        String bootstrapServers,
        Map<String, String> kafkaConfig,
        String announceTopic,
        String eventsTopic,
        boolean anyHost,
        String sinkGroup,
        Duration connectTimeout,
        Duration interval,
        Duration duration,
        String prometheusHost,
        int prometheusPort,
        Duration auditTimeout,
        Path resultFile) {

    public EvaluatorSettings {
        Objects.requireNonNull(target, "target");
        generatorIds = List.copyOf(generatorIds);
        kafkaConfig = Map.copyOf(kafkaConfig);
        if (generatorIds.isEmpty() && announceTopic == null) {
            throw new IllegalArgumentException(
                    "give the generators to probe: --generator-ids ID,... or" + " --generators-from-topic TOPIC");
        }
        if ((announceTopic != null || sinkGroup != null) && (bootstrapServers == null || bootstrapServers.isBlank())) {
            throw new IllegalArgumentException("--generators-from-topic and --sink-group need --bootstrap-servers");
        }
        if (sinkGroup != null && eventsTopic == null) {
            throw new IllegalArgumentException("--sink-group needs --topic (the events topic the sink reads)");
        }
        Bounds.positive("--connect-timeout", connectTimeout);
        Bounds.positive("--probe-interval", interval);
        Bounds.positive("--duration", duration);
        Bounds.between("--prometheus-port", 0, 65535, prometheusPort);
    }
}
