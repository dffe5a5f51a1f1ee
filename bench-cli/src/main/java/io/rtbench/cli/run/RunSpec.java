package io.rtbench.cli.run;

import io.rtbench.cli.support.Defaults;
import io.rtbench.core.engine.Repetitions;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.workload.Workload;
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
 * @param connectTimeout how long Kafka and the target may take to answer at the start
 * @param retryTimeout how long a broker or target that stops answering mid-run is waited for before the run gives up:
 *     the producer's sends (Kafka's {@code max.block.ms}), the bridge's broker watch and write retries, rtbench's
 *     Connect sink's retries
 * @param targetTimeout the upper bound of one call of the target (a write, a probe, a statement)
 * @param repetitions forks × iterations (docs/MEASUREMENT.md, "Repetitions")
 * @param forkServers with local servers: fresh servers for every fork instead of one set kept across forks
 * @param workload ingest, dml (updates and deletes) or mixed (reads under write load), docs/GUIDE.md
 * @param faults injected into every measured phase ({@code run --fault}; docs/MEASUREMENT.md, "Freshness under faults")
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
        Duration connectTimeout,
        Duration retryTimeout,
        Duration targetTimeout,
        BridgeSpec bridge,
        Path result,
        Repetitions repetitions,
        boolean forkServers,
        Workload workload,
        List<Fault> faults) {

    /** The sink's settings: the bridge's ({@code kafka-bridge}); batch size, threads (as tasks) and writes in flight
     * also for rtbench's Connect sink. */
    public record BridgeSpec(int batchSize, Duration linger, int threads, int maxInFlight) {}

    public RunSpec {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(repetitions, "repetitions");
        Objects.requireNonNull(workload, "workload");
        targetOptions = Map.copyOf(targetOptions);
        kafkaConfig = Map.copyOf(kafkaConfig);
        rates = List.copyOf(rates);
        batchSizes = List.copyOf(batchSizes);
        faults = faults == null ? List.of() : List.copyOf(faults);
        if (!localServers) {
            requireAddresses(target, pipeline, targetUrl, bootstrapServers, connectUrl);
        }
    }

    /** With {@code --servers external}, the addresses the pipeline needs: a usage error before anything starts. */
    private static void requireAddresses(
            String target, Pipeline pipeline, URI targetUrl, String bootstrapServers, String connectUrl) {
        if (pipeline.usesKafka() && bootstrapServers == null) {
            throw new IllegalArgumentException("--servers external needs --bootstrap-servers");
        }
        if (targetUrl == null && Targets.provider(target).server().isPresent()) {
            throw new IllegalArgumentException("--servers external needs --target-url");
        }
        if (pipeline == Pipeline.KAFKA_CONNECT && connectUrl == null) {
            throw new IllegalArgumentException("--servers external with kafka-connect needs --connect-url");
        }
    }

    /** Whether a connector other than rtbench's own sink plugin lands the events ({@code kafka-connect}, docs/CONNECT.md). */
    public boolean thirdPartyConnector() {
        return pipeline == Pipeline.KAFKA_CONNECT && !connector.equals(Defaults.CONNECTOR);
    }

    /**
     * The run as fork {@code fork} makes it: with several forks each has its own collection and topic (and so its own
     * consumer group or connector, named after the collection), so that no fork reads what an earlier one wrote; a run
     * of one fork keeps the names it was given.
     */
    public RunSpec forFork(int fork) {
        if (repetitions.forks() < 2) {
            return this;
        }
        return new RunSpec(
                target,
                pipeline,
                localServers,
                targetUrl,
                bootstrapServers,
                connectUrl,
                collection + "_fork" + fork,
                targetOptions,
                credentialsFile,
                kafkaConfig,
                connector,
                topic + ".fork" + fork,
                valueFormat,
                rates,
                batchSizes,
                generators,
                docSize,
                seed,
                prefill,
                warmup,
                duration,
                probeInterval,
                probeTimeout,
                drainTimeout,
                connectTimeout,
                retryTimeout,
                targetTimeout,
                bridge,
                result,
                repetitions,
                forkServers,
                workload,
                faults);
    }

    /** The target's options for this run: the user's, and those of workload {@code dml} (docs/TARGETS.md). */
    public TargetConfig target(URI url, Credentials credentials) {
        return new TargetConfig(target, url, collection, credentials, targetTimeout, targetOptions)
                .forWorkload(workload);
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
