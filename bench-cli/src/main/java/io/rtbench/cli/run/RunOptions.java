package io.rtbench.cli.run;

import io.rtbench.cli.support.TargetKinds;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options shared by {@code run}, {@code sweep}, {@code peak} and {@code calibrate} (a picocli mixin). Each flag
 * given overrides the scenario file; nothing here has a default of its own (those live in {@link RunSpecBuilder}), so
 * that an absent flag never hides the file's value.
 */
public final class RunOptions {

    @Parameters(arity = "0..1", paramLabel = "SCENARIO.yaml", description = "A scenario file (see scenarios/).")
    Path scenario;

    @Option(
            names = "--target",
            paramLabel = "KIND",
            completionCandidates = TargetKinds.class,
            description = "${COMPLETION-CANDIDATES} (default opensearch).")
    String target;

    @Option(names = "--pipeline", paramLabel = "NAME", description = "kafka-bridge (default), kafka-connect or direct.")
    String pipeline;

    @Option(
            names = "--servers",
            paramLabel = "local|external",
            description = "Start the servers here (local, default) or use the given addresses (external).")
    String servers;

    @Option(names = "--target-url", paramLabel = "URL", description = "The target's address (external servers).")
    String targetUrl;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT", description = "Kafka (external servers).")
    String bootstrapServers;

    @Option(names = "--connect-url", paramLabel = "URL", description = "Kafka Connect's REST address (external).")
    String connectUrl;

    @Option(
            names = "--connector",
            paramLabel = "rtbench|FILE",
            description = "kafka-connect: rtbench's sink plugin (default) or a connector JSON config file.")
    String connector;

    @Option(
            names = "--value-format",
            paramLabel = "json|json-with-schema",
            description = "Kafka record values: the document (default) or Connect's JSON envelope, for sinks that"
                    + " need a schema (Debezium JDBC).")
    String valueFormat;

    @Option(names = "--collection", paramLabel = "NAME", description = "Index or table (default rtbench_events).")
    String collection;

    @Option(
            names = "--target-option",
            paramLabel = "NAME=VALUE",
            description = "A driver option, e.g. refresh.interval=1s.")
    Map<String, String> targetOptions;

    @Option(
            names = "--credentials-file",
            paramLabel = "FILE",
            description = "Target credentials (user, password, api.key); else RTBENCH_TARGET_USER/_PASSWORD/_API_KEY.")
    String credentialsFile;

    @Option(
            names = "--kafka-config",
            paramLabel = "FILE",
            description = "Kafka client properties (TLS, SASL …) for the producer, bridge and backlog sampler.")
    String kafkaConfig;

    @Option(names = "--rate", paramLabel = "RATE", description = "The step's rate: 20MB, 8000/s, … (default 1MB).")
    String rate;

    @Option(names = "--batch-size", paramLabel = "N", description = "Events per send burst (default 50).")
    Integer batchSize;

    @Option(names = "--batch-sizes", split = ",", paramLabel = "N", description = "One set of steps per batch size.")
    List<Integer> batchSizes;

    @Option(names = "--generators", paramLabel = "N", description = "Generator threads (default 1).")
    Integer generators;

    @Option(names = "--doc-size", paramLabel = "BYTES", description = "Document size (default 1250).")
    Integer docSize;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the document contents (default 1).")
    Long seed;

    @Option(
            names = "--prefill",
            paramLabel = "N",
            description = "Events written before measuring, unmeasured (default 0).")
    Long prefill;

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            description = "Produced then discarded before each step (default 10s).")
    String warmup;

    @Option(names = "--duration", paramLabel = "DURATION", description = "Measured length of each step (default 60s).")
    String duration;

    @Option(names = "--probe-interval", paramLabel = "DURATION", description = "Time between probes (default 1s).")
    String probeInterval;

    @Option(names = "--probe-timeout", paramLabel = "DURATION", description = "A slower probe fails (default 5s).")
    String probeTimeout;

    @Option(
            names = "--result",
            paramLabel = "FILE",
            description = "The result file (default rtbench-out/<command>-<time>.json).")
    String result;

    @Option(
            names = "--prometheus-port",
            defaultValue = "9464",
            description = "Port of /metrics on 127.0.0.1 (0: none).")
    int prometheusPort;

    /** The flags as a builder, to lay over the scenario file. */
    RunSpecBuilder flags() {
        RunSpecBuilder flags = new RunSpecBuilder();
        flags.target = target;
        flags.pipeline = pipeline;
        flags.servers = servers;
        flags.targetUrl = targetUrl;
        flags.bootstrapServers = bootstrapServers;
        flags.connectUrl = connectUrl;
        flags.connector = connector;
        flags.valueFormat = valueFormat;
        flags.collection = collection;
        flags.targetOptions = targetOptions;
        flags.credentialsFile = credentialsFile;
        flags.kafkaConfig = kafkaConfig;
        flags.rate = rate;
        flags.rates = rate == null ? null : List.of(rate);
        flags.batchSize = batchSize;
        flags.batchSizes = batchSizes != null ? batchSizes : batchSize == null ? null : List.of(batchSize);
        flags.generators = generators;
        flags.docSize = docSize;
        flags.seed = seed;
        flags.prefill = prefill;
        flags.warmup = warmup;
        flags.duration = duration;
        flags.probeInterval = probeInterval;
        flags.probeTimeout = probeTimeout;
        flags.result = result;
        return flags;
    }

    /** Defaults, then the scenario file, then the flags. */
    RunSpecBuilder resolved() {
        RunSpecBuilder base = scenario == null ? new RunSpecBuilder() : RunSpecBuilder.fromYaml(scenario);
        if (base.target == null && target == null) {
            base.target = "opensearch";
        }
        return base.overriddenBy(flags());
    }
}
