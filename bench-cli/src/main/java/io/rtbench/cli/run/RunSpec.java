package io.rtbench.cli.run;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A fully resolved run (defaults < scenario YAML < command-line flags, see {@link RunSpecBuilder}): what to measure,
 * where, and how. One step per rate × batch size.
 *
 * @param credentialsFile target credentials (user, password, api.key) for external servers; else the environment
 * @param kafkaConfig Kafka client properties (TLS, SASL …) for the producer, the bridge and the backlog sampler; read
 *     from a file, never shown in the result
 * @param localServers start the servers the run needs on this machine ({@code --servers local}), or use the given
 *     addresses ({@code external})
 * @param connector for {@code kafka-connect}: {@code rtbench} (rtbench's own sink plugin) or the path of a connector
 *     JSON config (any third-party sink, e.g. the Debezium JDBC sink)
 * @param valueFormat the Kafka record values: the document, or Connect's JSON envelope for sinks that need a schema
 * @param warmup produced at the step's rate before measuring, then discarded
 * @param drainTimeout how long to wait between steps for the sink to catch up
 * @param dml workload {@code dml} (updates and deletes, docs/GUIDE.md); null for workload {@code ingest}
 */
public record RunSpec(
        String target,
        Pipeline pipeline,
        boolean localServers,
        URI targetUrl,
        String bootstrapServers,
        String connectUrl,
        String collection,
        Map<String, String> targetOptions,
        Path credentialsFile,
        Map<String, String> kafkaConfig,
        String connector,
        String topic,
        ValueFormat valueFormat,
        List<Rate> rates,
        List<Integer> batchSizes,
        int generators,
        int docSize,
        long seed,
        long prefill,
        Duration warmup,
        Duration duration,
        Duration probeInterval,
        Duration probeTimeout,
        Duration drainTimeout,
        BridgeSpec bridge,
        Path result,
        DmlSettings dml) {

    /** The sink's settings: the bridge's ({@code kafka-bridge}); batch size, threads (as tasks) and writes in flight
     * also for rtbench's Connect sink. */
    public record BridgeSpec(int batchSize, Duration linger, int threads, int maxInFlight) {}

    public RunSpec {
        Objects.requireNonNull(target, "target");
        targetOptions = Map.copyOf(targetOptions);
        kafkaConfig = Map.copyOf(kafkaConfig);
        rates = List.copyOf(rates);
        batchSizes = List.copyOf(batchSizes);
    }

    /** The target's options for this run: the user's, and those of workload {@code dml} (docs/TARGETS.md). */
    public TargetConfig target(URI url, Credentials credentials, Duration timeout) {
        TargetConfig config = new TargetConfig(target, url, collection, credentials, timeout, targetOptions);
        return dml == null ? config : config.forDml(dml.updateMode());
    }

    /** The steps in order: every rate, for every batch size. */
    public List<StepPlan> steps() {
        return batchSizes.stream()
                .flatMap(batch -> rates.stream().map(rate -> new StepPlan(rate, batch)))
                .toList();
    }

    /** One step: a rate held for the step's duration, in bursts of {@code batchSize}. */
    public record StepPlan(Rate rate, int batchSize) {}
}
