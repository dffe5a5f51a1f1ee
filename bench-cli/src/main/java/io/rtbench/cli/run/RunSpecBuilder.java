package io.rtbench.cli.run;

import static io.rtbench.cli.run.SettingChecks.docSize;
import static io.rtbench.cli.run.SettingChecks.duration;
import static io.rtbench.cli.run.SettingChecks.name;
import static io.rtbench.cli.run.SettingChecks.named;
import static io.rtbench.cli.run.SettingChecks.notNegative;
import static io.rtbench.cli.run.SettingChecks.positive;
import static io.rtbench.cli.run.SettingChecks.resultFile;

import io.rtbench.cli.run.RunSpec.BridgeSpec;
import io.rtbench.cli.support.BridgeOptions;
import io.rtbench.cli.support.ClientProperties;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.MixedInput;
import io.rtbench.cli.support.MixedOptions;
import io.rtbench.cli.support.OutputOptions;
import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.ProbeOptions;
import io.rtbench.cli.support.RepetitionOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.WorkloadOptions;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.core.Bounds;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.engine.Repetitions;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.Durations;
import io.rtbench.core.workload.Workload;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import io.rtbench.producer.PacingSettings;
import io.rtbench.servers.connect.ConnectorDefinition;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The settings of a run, typed, before they are checked together ({@link #build}): the options of a pipeline command
 * fill it from their mixins, one method per mixin ({@link RunOptions}; defaults < scenario file < flags are picocli's
 * layers, {@link ScenarioFile}), and {@code calibrate}, {@code quickstart}, {@code dml} and the tests set what they fix.
 * A field left alone keeps rtbench's default ({@link Defaults}).
 */
public final class RunSpecBuilder {

    public String target = Defaults.TARGET;
    public String pipeline = Defaults.PIPELINE;
    /** {@code local} or {@code external}. */
    public String servers = Defaults.SERVERS;

    public URI targetUrl;
    public String bootstrapServers;
    public String connectUrl;
    public String collection = Defaults.COLLECTION;
    public Map<String, String> targetOptions = Map.of();
    public Path credentialsFile;
    /** Kafka client properties (TLS, SASL …) for every Kafka client of the run: producer, bridge, backlog. */
    public Path kafkaConfig;

    public String connector = Defaults.CONNECTOR;
    public String topic = Defaults.TOPIC;
    public ValueFormat valueFormat = ValueFormat.fromCliName(Defaults.VALUE_FORMAT);
    /** Rates of the steps, e.g. {@code [1MB, 2MB, 4MB]}; null: one step at {@link #rate}. */
    public List<Rate> rates;

    public Rate rate = Rate.parse(Defaults.RATE);
    /** Batch sizes of the steps; null: {@link #batchSize} alone. */
    public List<Integer> batchSizes;

    public int batchSize = Integer.parseInt(Defaults.BATCH_SIZE);
    public int generators = Integer.parseInt(Defaults.GENERATORS);
    public int docSize = Integer.parseInt(Defaults.DOC_SIZE);
    public long seed = Long.parseLong(Defaults.SEED);
    public long prefill = Long.parseLong(Defaults.PREFILL);
    public Duration warmup = Durations.parse(Defaults.WARMUP);
    public Duration duration = Durations.parse(Defaults.DURATION);
    public Duration probeInterval = Durations.parse(Defaults.PROBE_INTERVAL);
    public Duration probeTimeout = Durations.parse(Defaults.PROBE_TIMEOUT);
    public Duration drainTimeout = Durations.parse(Defaults.DRAIN_TIMEOUT);
    public Duration connectTimeout = Durations.parse(Defaults.CONNECT_TIMEOUT);
    public Duration retryTimeout = Durations.parse(Defaults.RETRY_TIMEOUT);
    public Duration targetTimeout = Durations.parse(Defaults.PIPELINE_TARGET_TIMEOUT);
    public int bridgeBatchSize = Integer.parseInt(Defaults.BRIDGE_BATCH_SIZE);
    public Duration bridgeLinger = Durations.parse(Defaults.BRIDGE_LINGER);
    public int bridgeThreads = Integer.parseInt(Defaults.BRIDGE_THREADS);
    public int bridgeMaxInFlight = Integer.parseInt(Defaults.BRIDGE_MAX_IN_FLIGHT);
    /** Null: the command's default result file. */
    public Path result;
    /** Repetitions (docs/MEASUREMENT.md): forks, measured iterations, their length, discarded ones before them. */
    public int forks = Integer.parseInt(Defaults.FORKS);

    public int iterations = Integer.parseInt(Defaults.ITERATIONS);
    /** Null: each iteration lasts the step's duration. */
    public Duration iterationTime;

    public int warmupIterations = Integer.parseInt(Defaults.WARMUP_ITERATIONS);
    /** Fresh local servers for every fork. */
    public boolean forkServers;
    /** {@code run --fault}: checked by {@link FaultChecks} (docs/MEASUREMENT.md, "Freshness under faults"). */
    public List<Fault> faults = List.of();

    /**
     * {@code ingest}, {@code dml} or {@code mixed} and their options, as given (null: not given), resolved by
     * {@link WorkloadOptions#resolve} and {@link MixedInput#resolve}.
     */
    public String workload;

    public String updates;
    public String deletes;
    public String updateMode;
    public String minRowAge;

    /** Workload {@code mixed} (docs/GUIDE.md, "Reads under write load"): {@code --read-rate} or {@code --read-share}. */
    public String readRate;

    public String readShare;
    public String users;
    public String readAge;
    public String readQuery;
    public String window;

    /**
     * Whether the command takes workload {@code mixed}: a command that gives its {@link WorkloadOptions} takes it only
     * with its {@link MixedOptions}.
     */
    private boolean mixedAccepted = true;

    /** What every pipeline command measures with ({@code run}, {@code sweep}, {@code peak}, {@code calibrate}). */
    public static RunSpecBuilder measuring(
            PacingOptions pacing,
            WorkloadOptions workload,
            ProbeOptions probe,
            BridgeOptions bridge,
            RepetitionOptions repetitions,
            OutputOptions output) {
        RunSpecBuilder builder = new RunSpecBuilder()
                .pacing(pacing)
                .workload(workload)
                .probe(probe)
                .bridge(bridge)
                .repetitions(repetitions);
        builder.result = output.result();
        return builder;
    }

    /** {@code --target}, {@code --target-url}, {@code --collection}, {@code --target-option}, credentials. */
    public RunSpecBuilder target(TargetOptions options) {
        target = options.kind();
        targetUrl = options.url();
        collection = options.collection();
        targetOptions = options.driverOptions();
        credentialsFile = options.credentialsFile();
        return this;
    }

    /** {@code --bootstrap-servers}, {@code --topic}, {@code --kafka-config}. */
    public RunSpecBuilder kafka(KafkaOptions options) {
        bootstrapServers = options.bootstrapServers();
        topic = options.topic();
        kafkaConfig = options.configFile();
        return this;
    }

    /** The producer's rate, batch size, generators, document, prefill, warmup and duration. */
    public RunSpecBuilder pacing(PacingOptions options) {
        rate = options.rate();
        batchSize = options.batchSize();
        generators = options.generators();
        docSize = options.docSize();
        seed = options.seed();
        prefill = options.prefill();
        warmup = options.warmup();
        duration = options.duration();
        return this;
    }

    public RunSpecBuilder probe(ProbeOptions options) {
        probeInterval = options.interval();
        probeTimeout = options.timeout();
        return this;
    }

    public RunSpecBuilder bridge(BridgeOptions options) {
        bridgeBatchSize = options.batchSize();
        bridgeLinger = options.linger();
        bridgeThreads = options.threads();
        bridgeMaxInFlight = options.maxInFlight();
        return this;
    }

    public RunSpecBuilder repetitions(RepetitionOptions options) {
        forks = options.forks();
        iterations = options.iterations();
        iterationTime = options.iterationTime();
        warmupIterations = options.warmupIterations();
        forkServers = options.forkServers();
        return this;
    }

    /** {@code --workload} and the options of workload {@code dml}, as the user gave them. */
    public RunSpecBuilder workload(WorkloadOptions options) {
        workload = options.workload();
        updates = options.updates();
        deletes = options.deletes();
        updateMode = options.updateMode();
        minRowAge = options.minRowAge();
        mixedAccepted = false; // until mixed(MixedOptions)
        return this;
    }

    /** The options of workload {@code mixed}, as the user gave them (a command without them refuses it). */
    public RunSpecBuilder mixed(MixedOptions options) {
        mixedAccepted = true;
        MixedInput mixed = options.input(workload);
        readRate = mixed.readRate();
        readShare = mixed.readShare();
        users = mixed.users();
        readAge = mixed.readAge();
        readQuery = mixed.readQuery();
        window = mixed.window();
        return this;
    }

    /** The resolved run; {@link IllegalArgumentException} naming the setting when something is wrong. */
    public RunSpec build(String defaultResult) {
        Pipeline resolvedPipeline = named("--pipeline", () -> Pipeline.fromCliName(pipeline));
        boolean local = switch (servers.toLowerCase(Locale.ROOT)) {
            case "local" -> true;
            case "external" -> false;
            default -> throw new IllegalArgumentException("--servers must be local or external, got '" + servers + "'");
        };
        List<Rate> resolvedRates = rates != null ? rates : List.of(rate);
        List<Integer> resolvedBatches = batchSizes != null ? batchSizes : List.of(batchSize);
        if (resolvedRates.isEmpty() || resolvedBatches.isEmpty()) {
            throw new IllegalArgumentException(
                    "at least one rate (--rates) and one batch size (--batch-sizes) are needed");
        }
        // a --batch-size on the command line arrives as the list of its one value (RunOptions.steps)
        String batchName =
                batchSizes == null || batchSizes.equals(List.of(batchSize)) ? "--batch-size" : "--batch-sizes";
        resolvedBatches.forEach(b -> positive(batchName, b));
        name("--collection", collection, "a name of letters, digits, '_', '.' and '-'", 255);
        if (resolvedPipeline.usesKafka()) {
            name("--topic", topic, "a Kafka topic name: letters, digits, '_', '.' and '-'", 249);
        }
        String resolvedTarget = target.toLowerCase(Locale.ROOT);
        TargetProvider provider = checkedProvider(resolvedTarget, resolvedPipeline, local);
        Workload resolvedWorkload = resolveWorkload(provider, resolvedPipeline, resolvedRates);
        return new RunSpec(
                resolvedTarget,
                resolvedPipeline,
                local,
                targetUrl,
                bootstrapServers,
                connectUrl,
                collection,
                targetOptions,
                credentialsFile,
                ClientProperties.read(kafkaConfig, "--kafka-config"),
                connector,
                topic,
                valueFormat,
                resolvedRates,
                resolvedBatches,
                Bounds.between("--generators", 1, PacingSettings.MAX_GENERATORS, generators),
                docSize(docSize),
                seed,
                notNegative("--prefill", prefill),
                duration("--warmup", warmup, true),
                duration("--duration", duration, false),
                duration("--probe-interval", probeInterval, false),
                duration("--probe-timeout", probeTimeout, false),
                duration("--drain-timeout", drainTimeout, true),
                duration("--connect-timeout", connectTimeout, false),
                duration("--retry-timeout", retryTimeout, false),
                duration("--target-timeout", targetTimeout, false),
                bridgeSpec(),
                resultFile(result != null ? result : Path.of(defaultResult)),
                repetitions(),
                forkServers,
                resolvedWorkload,
                FaultChecks.check(
                        faults, local, resolvedTarget, targetUrl, repetitions().measuredLength(duration)));
    }

    /**
     * The target's provider, with what can be checked of the target before any server starts: its files read (read
     * again when used), its options, no address of the user's with local servers, native ingest where asked for.
     */
    private TargetProvider checkedProvider(String kind, Pipeline resolvedPipeline, boolean local) {
        TargetOptions.credentials(credentialsFile);
        TargetProvider provider = named("--target", () -> Targets.provider(kind));
        named("--target-option", () -> {
            Targets.requireOptions(provider, targetOptions);
            return null;
        });
        if (targetUrl != null) {
            named("--target-url", () -> {
                provider.checkUrl(targetUrl);
                return null;
            });
        }
        if (local) {
            requireNoServerOfYours(provider);
        }
        if (resolvedPipeline == Pipeline.NATIVE) {
            requireNativeIngest(provider, kind);
        }
        if (resolvedPipeline == Pipeline.KAFKA_CONNECT && !connector.equals(Defaults.CONNECTOR)) {
            named("--connector", () -> ConnectorDefinition.read(Path.of(connector)));
        }
        return provider;
    }

    /** The run's workload; a usage error for one the pipeline or the target cannot run. */
    private Workload resolveWorkload(TargetProvider provider, Pipeline resolvedPipeline, List<Rate> resolvedRates) {
        DmlSettings dml = WorkloadOptions.resolve(workload, updates, deletes, updateMode, minRowAge);
        if (dml != null) {
            if (resolvedPipeline == Pipeline.NATIVE) {
                throw new IllegalArgumentException("--workload dml: the native pipeline takes workload"
                        + " ingest only (the database's own Kafka consumer appends; updates and deletes need a sink"
                        + " that applies versions: kafka-bridge or kafka-connect)");
            }
            provider.dmlRefusal(dml.updateMode()).ifPresent(reason -> {
                throw new IllegalArgumentException("--workload dml: " + reason);
            });
        }
        MixedSettings mixed = mixed(provider, resolvedRates);
        return dml != null ? new Workload.Dml(dml) : mixed != null ? new Workload.Mixed(mixed) : Workload.INGEST;
    }

    private BridgeSpec bridgeSpec() {
        return new BridgeSpec(
                positive("--bridge-batch-size", bridgeBatchSize),
                duration("--bridge-linger", bridgeLinger, true),
                Bounds.between("--bridge-threads", 1, BridgeSettings.MAX_THREADS, bridgeThreads),
                Bounds.between("--bridge-max-in-flight", 1, BridgeSettings.MAX_IN_FLIGHT_LIMIT, bridgeMaxInFlight));
    }

    private Repetitions repetitions() {
        return new Repetitions(
                positive("--forks", forks),
                positive("--iterations", iterations),
                iterationTime == null ? null : duration("--iteration-time", iterationTime, false),
                (int) notNegative("--warmup-iterations", warmupIterations));
    }

    /**
     * Workload {@code mixed}, or null; a usage error for read options without it, a target without reads, or a read
     * share at an unpaced rate (a share of what?).
     */
    private MixedSettings mixed(TargetProvider provider, List<Rate> resolvedRates) {
        if (!mixedAccepted
                && MixedInput.MIXED.equalsIgnoreCase(String.valueOf(workload).strip())) {
            throw new IllegalArgumentException(MixedInput.ONLY_UNDER_PIPELINE_COMMANDS);
        }
        MixedSettings mixed =
                new MixedInput(workload, readRate, readShare, users, readAge, readQuery, window).resolve();
        if (mixed == null) {
            return null;
        }
        provider.readRefusal(mixed.readQuery()).ifPresent(reason -> {
            throw new IllegalArgumentException("--workload mixed: " + reason);
        });
        if (mixed.readShare() != null && resolvedRates.stream().anyMatch(Rate::isMax)) {
            throw new IllegalArgumentException(
                    "--read-share is a share of a paced write rate; with --rate" + " max give --read-rate instead");
        }
        return mixed;
    }

    /**
     * With {@code --servers local} (the default) the run starts its own Kafka, Connect worker and database: an address
     * of the user's for one of them would be ignored, and the run would measure servers the user did not mean. A usage
     * error naming the flag; the address of a target without a server (reference, null) is the target itself.
     */
    private void requireNoServerOfYours(TargetProvider provider) {
        refuseWithLocalServers(bootstrapServers, "--bootstrap-servers", "Kafka");
        refuseWithLocalServers(connectUrl, "--connect-url", "Connect worker");
        provider.server().ifPresent(database -> {
            refuseWithLocalServers(targetUrl, "--target-url", database);
            // the database the run starts takes no credentials of the user's (its address carries what a client needs)
            refuseWithLocalServers(credentialsFile, "--credentials-file", database);
        });
    }

    private static void refuseWithLocalServers(Object yours, String setting, String server) {
        if (yours != null) {
            throw new IllegalArgumentException(setting + " is for a server of yours, but --servers local (the default)"
                    + " starts its own " + server + ": add --servers external to measure yours");
        }
    }

    /** A usage error before any server starts when the target cannot ingest from Kafka itself. */
    private void requireNativeIngest(TargetProvider provider, String kind) {
        TargetConfig unaddressed = new TargetConfig(kind, null, collection, null, null, targetOptions);
        Optional<NativeIngest> ingest = named("--target-option", () -> provider.nativeIngest(unaddressed));
        if (ingest.isEmpty()) {
            List<String> able = Targets.providers().values().stream()
                    .filter(p -> p.nativeIngest(new TargetConfig(p.kind(), null, null, null, null, null))
                            .isPresent())
                    .map(TargetProvider::kind)
                    .toList();
            throw new IllegalArgumentException("--pipeline: " + kind
                    + " does not ingest from Kafka itself; native works with " + String.join(", ", able));
        }
    }
}
