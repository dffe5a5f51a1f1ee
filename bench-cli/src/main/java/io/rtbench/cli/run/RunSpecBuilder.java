package io.rtbench.cli.run;

import static io.rtbench.cli.support.SettingChecks.name;
import static io.rtbench.cli.support.SettingChecks.positive;
import static io.rtbench.cli.support.SettingChecks.resultFile;

import io.rtbench.cli.support.BridgeOptions;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.MixedInput;
import io.rtbench.cli.support.MixedOptions;
import io.rtbench.cli.support.OutputOptions;
import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.ProbeOptions;
import io.rtbench.cli.support.RepetitionOptions;
import io.rtbench.cli.support.SettingChecks;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.WorkloadOptions;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.core.Bounds;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.target.Targets;
import io.rtbench.core.workload.Workload;
import io.rtbench.producer.PacingSettings;
import io.rtbench.producer.ValueFormatOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The settings of a run, typed, before they are checked together ({@link #build}): the options of a pipeline command
 * fill it with their option groups, one method per group ({@link RunOptions}; defaults < scenario file < flags are
 * picocli's layers, {@link ScenarioFile}), and {@code calibrate}, {@code quickstart}, {@code dml} and the tests change
 * what they fix ({@code pacing(p -> p.withDuration(…))}). Each group's settings are made and checked by its mixin when
 * the run is built, so that a new setting of a group needs no line here (docs/ARCHITECTURE.md, "The command line").
 */
public final class RunSpecBuilder {

    /** Rates of the steps, e.g. {@code [1MB, 2MB, 4MB]}; null: one step at the pacing's rate. */
    public List<Rate> rates;

    /** Batch sizes of the steps; null: the pacing's batch size alone. */
    public List<Integer> batchSizes;

    /** Null: the command's default result file. */
    public Path result;
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

    private Supplier<RunOptions.Settings> run;
    private Supplier<TargetOptions.Settings> target;
    private Supplier<KafkaOptions.Settings> kafka;
    private Supplier<ValueFormatOptions.Settings> values;
    private Supplier<PacingOptions.Settings> pacing;
    private Supplier<ProbeOptions.Settings> probe;
    private Supplier<StartOptions.Settings> start;
    private Supplier<BridgeOptions.Settings> bridge;
    private Supplier<RepetitionOptions.Settings> repetitions;

    /** The run of a pipeline command's options, every group as given. */
    RunSpecBuilder(RunOptions options) {
        run = options::settings;
        target = options.target::settings;
        kafka = options.kafka::settings;
        values = options.values::settings;
        start = options.start::settings;
        pacing(options.pacing).workload(options.workload).mixed(options.mixed);
        probe(options.probe).bridge(options.bridge).repetitions(options.repetitions);
        result = options.output.result();
    }

    /** A run with every setting at its default under a pipeline command (that of {@code rtbench run} given nothing). */
    public static RunSpecBuilder defaults() {
        return RunOptions.defaults().builder();
    }

    /**
     * A run with a command's own groups of what every pipeline command measures with ({@code calibrate}'s), the others
     * at their defaults.
     */
    public static RunSpecBuilder measuring(
            PacingOptions pacing,
            WorkloadOptions workload,
            ProbeOptions probe,
            BridgeOptions bridge,
            RepetitionOptions repetitions,
            OutputOptions output) {
        RunSpecBuilder builder = defaults()
                .pacing(pacing)
                .workload(workload)
                .probe(probe)
                .bridge(bridge)
                .repetitions(repetitions);
        builder.result = output.result();
        return builder;
    }

    /** The pipeline, its servers, connector and timeouts changed. */
    public RunSpecBuilder run(UnaryOperator<RunOptions.Settings> change) {
        run = changed(run, change);
        return this;
    }

    /** {@code --target}, {@code --target-url}, {@code --collection}, {@code --target-option}, credentials. */
    public RunSpecBuilder target(TargetOptions options) {
        target = options::settings;
        return this;
    }

    public RunSpecBuilder target(UnaryOperator<TargetOptions.Settings> change) {
        target = changed(target, change);
        return this;
    }

    /** {@code --bootstrap-servers}, {@code --topic}, {@code --kafka-config} changed. */
    public RunSpecBuilder kafka(UnaryOperator<KafkaOptions.Settings> change) {
        kafka = changed(kafka, change);
        return this;
    }

    public RunSpecBuilder values(UnaryOperator<ValueFormatOptions.Settings> change) {
        values = changed(values, change);
        return this;
    }

    /** The producer's rate, batch size, generators, document, prefill, warmup and duration. */
    public RunSpecBuilder pacing(PacingOptions options) {
        pacing = options::settings;
        return this;
    }

    public RunSpecBuilder pacing(UnaryOperator<PacingOptions.Settings> change) {
        pacing = changed(pacing, change);
        return this;
    }

    public RunSpecBuilder probe(ProbeOptions options) {
        probe = options::settings;
        return this;
    }

    public RunSpecBuilder probe(UnaryOperator<ProbeOptions.Settings> change) {
        probe = changed(probe, change);
        return this;
    }

    /** {@code --connect-timeout}. */
    public RunSpecBuilder start(UnaryOperator<StartOptions.Settings> change) {
        start = changed(start, change);
        return this;
    }

    public RunSpecBuilder bridge(BridgeOptions options) {
        bridge = options::settings;
        return this;
    }

    public RunSpecBuilder bridge(UnaryOperator<BridgeOptions.Settings> change) {
        bridge = changed(bridge, change);
        return this;
    }

    public RunSpecBuilder repetitions(RepetitionOptions options) {
        repetitions = options::settings;
        return this;
    }

    public RunSpecBuilder repetitions(UnaryOperator<RepetitionOptions.Settings> change) {
        repetitions = changed(repetitions, change);
        return this;
    }

    /** The settings {@code before} makes, changed as {@code change} says, when the run is built. */
    private static <T> Supplier<T> changed(Supplier<T> before, UnaryOperator<T> change) {
        return () -> change.apply(before.get());
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
        RunOptions.Settings runSettings = run.get().checked();
        PacingOptions.Settings pacingSettings = pacing.get().checked();
        List<Rate> resolvedRates = rates != null ? rates : List.of(pacingSettings.rate());
        List<Integer> resolvedBatches = steps(pacingSettings.batchSize());
        TargetOptions.Settings targetSettings = target.get().checked();
        KafkaOptions.Settings kafkaSettings = kafka.get();
        if (runSettings.pipeline().usesKafka()) {
            name("--topic", kafkaSettings.topic(), "a Kafka topic name: letters, digits, '_', '.' and '-'", 249);
        }
        TargetProvider provider = checkedProvider(targetSettings, runSettings, kafkaSettings);
        Workload resolvedWorkload = resolveWorkload(provider, runSettings.pipeline(), resolvedRates);
        Bounds.between("--generators", 1, PacingSettings.MAX_GENERATORS, pacingSettings.generators());
        RepetitionOptions.Settings repetitionSettings = repetitions.get().checked();
        FaultChecks.requirePipeline(
                faults,
                runSettings.pipeline(),
                runSettings.localServers(),
                bridge.get().threads());
        ConnectFaults.check(faults, runSettings, bridge.get().threads(), System.getenv());
        return new RunSpec(
                targetSettings,
                runSettings,
                kafkaSettings,
                values.get(),
                pacingSettings,
                resolvedRates,
                resolvedBatches,
                probe.get().checked(),
                start.get().checked(),
                bridgeSettings(),
                resultFile(result != null ? result : Path.of(defaultResult)),
                repetitionSettings,
                resolvedWorkload,
                FaultChecks.check(
                        faults,
                        runSettings.localServers(),
                        targetSettings.kind(),
                        targetSettings.url(),
                        repetitionSettings.repetitions().measuredLength(pacingSettings.duration())));
    }

    /** The steps' batch sizes, checked; at least one rate and one batch size. */
    private List<Integer> steps(int batchSize) {
        List<Integer> resolvedBatches = batchSizes != null ? batchSizes : List.of(batchSize);
        if ((rates != null && rates.isEmpty()) || resolvedBatches.isEmpty()) {
            throw new IllegalArgumentException(
                    "at least one rate (--rates) and one batch size (--batch-sizes) are needed");
        }
        // a --batch-size on the command line arrives as the list of its one value (RunOptions.steps)
        String batchName =
                batchSizes == null || batchSizes.equals(List.of(batchSize)) ? "--batch-size" : "--batch-sizes";
        resolvedBatches.forEach(b -> positive(batchName, b));
        return resolvedBatches;
    }

    /** The sink's settings, within the bridge's own bounds of threads and writes in flight. */
    private BridgeOptions.Settings bridgeSettings() {
        BridgeOptions.Settings settings = bridge.get().checked();
        Bounds.between("--bridge-threads", 1, BridgeSettings.MAX_THREADS, settings.threads());
        Bounds.between("--bridge-max-in-flight", 1, BridgeSettings.MAX_IN_FLIGHT_LIMIT, settings.maxInFlight());
        return settings;
    }

    /**
     * The target's provider, with what can be checked of the target with the run's other settings before any server
     * starts: no address of the user's with local servers, native ingest where asked for.
     */
    private static TargetProvider checkedProvider(
            TargetOptions.Settings target, RunOptions.Settings run, KafkaOptions.Settings kafka) {
        TargetProvider provider = target.provider();
        if (run.localServers()) {
            requireNoServerOfYours(provider, target, run, kafka);
        }
        if (run.pipeline() == Pipeline.NATIVE) {
            requireNativeIngest(provider, target);
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
    private static void requireNoServerOfYours(
            TargetProvider provider,
            TargetOptions.Settings target,
            RunOptions.Settings run,
            KafkaOptions.Settings kafka) {
        refuseWithLocalServers(kafka.bootstrapServers(), "--bootstrap-servers", "Kafka");
        refuseWithLocalServers(run.connectUrl(), "--connect-url", "Connect worker");
        provider.server().ifPresent(database -> {
            refuseWithLocalServers(target.url(), "--target-url", database);
            // the database the run starts takes no credentials of the user's (its address carries what a client needs)
            refuseWithLocalServers(target.credentialsFile(), "--credentials-file", database);
        });
    }

    private static void refuseWithLocalServers(Object yours, String setting, String server) {
        if (yours != null) {
            throw new IllegalArgumentException(setting + " is for a server of yours, but --servers local (the default)"
                    + " starts its own " + server + ": add --servers external to measure yours");
        }
    }

    /** A usage error before any server starts when the target cannot ingest from Kafka itself. */
    private static void requireNativeIngest(TargetProvider provider, TargetOptions.Settings target) {
        String kind = target.kind();
        TargetConfig unaddressed = new TargetConfig(kind, null, target.collection(), null, null, target.options());
        Optional<NativeIngest> ingest =
                SettingChecks.named("--target-option", () -> provider.nativeIngest(unaddressed));
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
