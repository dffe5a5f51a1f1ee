package io.rtbench.cli.run;

import io.rtbench.cli.support.BridgeOptions;
import io.rtbench.cli.support.Given;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.OutputOptions;
import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.ProbeOptions;
import io.rtbench.cli.support.RepetitionOptions;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.WorkloadOptions;
import io.rtbench.producer.ValueFormatOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of the pipeline commands ({@code run}, {@code sweep}, {@code peak}): a scenario file and a flag for
 * every one of its settings. A flag the user gave overrides the file; a flag's default never does (defaults <
 * scenario < flags), so only the flags given reach {@link #flags}.
 */
public final class RunOptions {

    @Parameters(arity = "0..1", paramLabel = "SCENARIO.yaml", description = "A scenario file (see scenarios/).")
    Path scenario;

    @Mixin
    TargetOptions target;

    @Option(
            names = "--pipeline",
            paramLabel = "NAME",
            description = "kafka-bridge, kafka-connect, direct or native (the database reads Kafka itself).")
    String pipeline;

    @Option(
            names = "--servers",
            paramLabel = "local|external",
            description = "Start the servers here (local) or use the given addresses (external).")
    String servers;

    @Mixin
    KafkaOptions kafka;

    @Option(names = "--connect-url", paramLabel = "URL", description = "Kafka Connect's REST address (external).")
    String connectUrl;

    @Option(
            names = "--connector",
            paramLabel = "rtbench|FILE",
            description = "kafka-connect: rtbench's sink plugin or a connector JSON config file.")
    String connector;

    @Mixin
    ValueFormatOptions values;

    @Mixin
    PacingOptions pacing;

    @Mixin
    WorkloadOptions workload;

    @Option(names = "--rates", split = ",", paramLabel = "RATE", description = "One step per rate, e.g. 1MB,2MB,4MB.")
    List<String> rates;

    @Option(names = "--batch-sizes", split = ",", paramLabel = "N", description = "One set of steps per batch size.")
    List<Integer> batchSizes;

    @Mixin
    ProbeOptions probe;

    @Option(
            names = "--drain-timeout",
            paramLabel = "DURATION",
            description = "How long to wait between steps for the sink to catch up.")
    String drainTimeout;

    @Mixin
    StartOptions start;

    @Option(
            names = "--retry-timeout",
            paramLabel = "DURATION",
            description = "How long a broker or target that stops answering mid-run is waited for (the producer's"
                    + " sends, the sink's writes) before the run gives up.")
    String retryTimeout;

    @Mixin
    BridgeOptions bridge;

    @Option(
            names = "--workers",
            paramLabel = "N",
            description = "Run on N hosts: `rtbench worker` processes produce and probe the generators, this command"
                    + " coordinates through Kafka (needs --servers external; docs/GUIDE.md, \"Several hosts\")."
                    + " Default: this host alone.")
    Integer workers;

    @Mixin
    RepetitionOptions repetitions;

    @Mixin
    OutputOptions output;

    /** The flags the user gave, as a builder to lay over the scenario file. */
    RunSpecBuilder flags(CommandSpec command) {
        Given given = Given.of(command);
        RunSpecBuilder flags = new RunSpecBuilder();
        flags.target = given.text("--target");
        flags.pipeline = given.text("--pipeline");
        flags.servers = given.text("--servers");
        flags.targetUrl = given.text("--target-url");
        flags.bootstrapServers = given.text("--bootstrap-servers");
        flags.connectUrl = given.text("--connect-url");
        flags.connector = given.text("--connector");
        flags.valueFormat = given.text("--value-format");
        flags.collection = given.text("--collection");
        flags.targetOptions = given.<Map<String, String>>value("--target-option");
        flags.credentialsFile = given.text("--credentials-file");
        flags.kafkaConfig = given.text("--kafka-config");
        flags.topic = given.text("--topic");
        flags.rate = given.text("--rate");
        flags.rates = given.values("--rates") != null ? rates : flags.rate == null ? null : List.of(flags.rate);
        flags.batchSize = given.value("--batch-size");
        flags.batchSizes = batchSizes != null ? batchSizes : flags.batchSize == null ? null : List.of(flags.batchSize);
        flags.generators = given.value("--generators");
        flags.docSize = given.value("--doc-size");
        flags.seed = given.value("--seed");
        flags.prefill = given.value("--prefill");
        flags.warmup = given.text("--warmup");
        flags.duration = given.text("--duration");
        flags.probeInterval = given.text("--probe-interval");
        flags.probeTimeout = given.text("--probe-timeout");
        flags.drainTimeout = given.text("--drain-timeout");
        flags.connectTimeout = given.text("--connect-timeout");
        flags.retryTimeout = given.text("--retry-timeout");
        flags.bridgeBatchSize = given.value("--bridge-batch-size");
        flags.bridgeLinger = given.text("--bridge-linger");
        flags.bridgeThreads = given.value("--bridge-threads");
        flags.bridgeMaxInFlight = given.value("--bridge-max-in-flight");
        flags.result = given.text("--result");
        flags.forks = given.value("--forks");
        flags.iterations = given.value("--iterations");
        flags.iterationTime = given.text("--iteration-time");
        flags.warmupIterations = given.value("--warmup-iterations");
        flags.forkServers = given.value("--fork-servers");
        flags.workload = given.text("--workload");
        flags.updates = given.text("--updates");
        flags.deletes = given.text("--deletes");
        flags.updateMode = given.text("--update-mode");
        flags.minRowAge = given.text("--min-row-age");
        flags.readRate = given.text("--read-rate");
        flags.readShare = given.text("--read-share");
        flags.users = given.text("--users");
        flags.readAge = given.text("--read-age");
        flags.readQuery = given.text("--read-query");
        flags.window = given.text("--window");
        return flags;
    }

    /** Defaults, then the scenario file, then the flags given; a scenario that cannot be read is a usage error. */
    RunSpecBuilder resolved(CommandSpec command) {
        try {
            RunSpecBuilder base = scenario == null ? new RunSpecBuilder() : ScenarioFile.read(scenario);
            return base.overriddenBy(flags(command));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(command.commandLine(), e.getMessage(), e);
        }
    }

    /** {@code --workers}: the number of worker hosts; null for a run on this host alone. */
    Integer workers() {
        return workers;
    }

    int prometheusPort() {
        return output.prometheusPort();
    }

    String prometheusHost() {
        return output.prometheusHost();
    }
}
