package io.rtbench.cli.run;

import io.rtbench.cli.run.RunSpec.BridgeSpec;
import io.rtbench.cli.support.ClientProperties;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.MixedOptions;
import io.rtbench.cli.support.WorkloadOptions;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.engine.Repetitions;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.Durations;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import io.rtbench.servers.connect.ConnectorDefinition;
import java.lang.reflect.Field;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The settings of a run, as a scenario file ({@link ScenarioFile}) and the flags give them, and their precedence:
 * defaults < scenario file < command-line flags. Every field is optional; null means "not said here".
 */
public final class RunSpecBuilder {

    public String target;
    public String pipeline;
    /** {@code local} or {@code external}. */
    public String servers;

    public String targetUrl;
    public String bootstrapServers;
    public String connectUrl;
    public String collection;
    public Map<String, String> targetOptions;
    public String credentialsFile;
    /** Kafka client properties (TLS, SASL …) for every Kafka client of the run: producer, bridge, backlog. */
    public String kafkaConfig;

    public String connector;
    public String topic;
    /** {@code json} (default) or {@code json-with-schema}. */
    public String valueFormat;
    /** Rates of the steps, e.g. {@code [1MB, 2MB, 4MB]}; {@code rate} is the one-step shorthand. */
    public List<String> rates;

    public String rate;
    public List<Integer> batchSizes;
    public Integer batchSize;
    public Integer generators;
    public Integer docSize;
    public Long seed;
    public Long prefill;
    public String warmup;
    public String duration;
    public String probeInterval;
    public String probeTimeout;
    public String drainTimeout;
    public String connectTimeout;
    public String retryTimeout;
    public Integer bridgeBatchSize;
    public String bridgeLinger;
    public Integer bridgeThreads;
    public Integer bridgeMaxInFlight;
    public String result;
    /** Repetitions (docs/MEASUREMENT.md): forks, measured iterations, their length, discarded ones before them. */
    public Integer forks;

    public Integer iterations;
    public String iterationTime;
    public Integer warmupIterations;
    /** Fresh local servers for every fork. */
    public Boolean forkServers;

    /** {@code ingest} (default) or {@code dml}; the next four are workload {@code dml}'s. */
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

    /** This builder with every setting {@code flags} says replacing this one's. */
    public RunSpecBuilder overriddenBy(RunSpecBuilder flags) {
        try {
            for (Field field : RunSpecBuilder.class.getFields()) {
                Object value = field.get(flags);
                if (value != null) {
                    field.set(this, value);
                }
            }
            return this;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The resolved run; {@link IllegalArgumentException} naming the setting when something is wrong. */
    public RunSpec build(String defaultResult) {
        Pipeline resolvedPipeline =
                named("pipeline (--pipeline)", () -> Pipeline.fromCliName(or(pipeline, Defaults.PIPELINE)));
        boolean local = switch (or(servers, Defaults.SERVERS).toLowerCase(Locale.ROOT)) {
            case "local" -> true;
            case "external" -> false;
            default ->
                throw new IllegalArgumentException(
                        "servers (--servers) must be local or external, got '" + servers + "'");
        };
        List<Rate> resolvedRates = rates != null
                ? rates.stream().map(r -> rate("rates (--rates)", r)).toList()
                : List.of(rate("rate (--rate)", or(rate, Defaults.RATE)));
        List<Integer> resolvedBatches =
                batchSizes != null ? batchSizes : List.of(or(batchSize, Integer.parseInt(Defaults.BATCH_SIZE)));
        if (resolvedRates.isEmpty() || resolvedBatches.isEmpty()) {
            throw new IllegalArgumentException(
                    "at least one rate (--rates) and one batch size (--batch-sizes) are needed");
        }
        resolvedBatches.forEach(b -> positive("batchSize (--batch-size)", b));
        String resolvedTarget = or(target, Defaults.TARGET).toLowerCase(Locale.ROOT);
        if (credentialsFile != null) {
            // read now, so that an unreadable file is a usage error before any server starts; read again when used
            named("credentialsFile (--credentials-file)", () -> Credentials.fromFile(Path.of(credentialsFile)));
        }
        TargetProvider provider = named("target (--target)", () -> Targets.provider(resolvedTarget));
        named("targetOptions (--target-option)", () -> {
            Targets.requireOptions(provider, targetOptions == null ? Map.of() : targetOptions);
            return null;
        });
        if (local) {
            requireNoServerOfYours(provider);
        }
        if (resolvedPipeline == Pipeline.NATIVE) {
            requireNativeIngest(provider, resolvedTarget);
        }
        if (resolvedPipeline == Pipeline.KAFKA_CONNECT && connector != null && !connector.equals(Defaults.CONNECTOR)) {
            // read now, so that a missing or broken file is a usage error before any server starts; read again when
            // used
            named("connector (--connector)", () -> ConnectorDefinition.read(Path.of(connector)));
        }
        DmlSettings dml = WorkloadOptions.resolve(workload, updates, deletes, updateMode, minRowAge);
        if (dml != null) {
            if (resolvedPipeline == Pipeline.NATIVE) {
                throw new IllegalArgumentException("workload (--workload dml): the native pipeline takes workload"
                        + " ingest only (the database's own Kafka consumer appends; updates and deletes need a sink"
                        + " that applies versions: kafka-bridge or kafka-connect)");
            }
            provider.dmlRefusal(dml.updateMode()).ifPresent(reason -> {
                throw new IllegalArgumentException("workload (--workload dml): " + reason);
            });
        }
        MixedSettings mixed = mixed(provider, resolvedRates);
        return new RunSpec(
                resolvedTarget,
                resolvedPipeline,
                local,
                targetUrl == null ? null : URI.create(targetUrl),
                bootstrapServers,
                connectUrl,
                or(collection, Defaults.COLLECTION),
                targetOptions == null ? Map.of() : targetOptions,
                credentialsFile == null ? null : Path.of(credentialsFile),
                ClientProperties.read(
                        kafkaConfig == null ? null : Path.of(kafkaConfig), "kafkaConfig (--kafka-config)"),
                or(connector, Defaults.CONNECTOR),
                or(topic, Defaults.TOPIC),
                named(
                        "valueFormat (--value-format)",
                        () -> ValueFormat.fromCliName(or(valueFormat, Defaults.VALUE_FORMAT))),
                resolvedRates,
                resolvedBatches,
                positive("generators (--generators)", or(generators, Integer.parseInt(Defaults.GENERATORS))),
                docSize(or(docSize, Integer.parseInt(Defaults.DOC_SIZE))),
                or(seed, Long.parseLong(Defaults.SEED)),
                notNegative("prefill (--prefill)", or(prefill, Long.parseLong(Defaults.PREFILL))),
                duration("warmup (--warmup)", or(warmup, Defaults.WARMUP), true),
                duration("duration (--duration)", or(duration, Defaults.DURATION), false),
                duration("probeInterval (--probe-interval)", or(probeInterval, Defaults.PROBE_INTERVAL), false),
                duration("probeTimeout (--probe-timeout)", or(probeTimeout, Defaults.PROBE_TIMEOUT), false),
                duration("drainTimeout (--drain-timeout)", or(drainTimeout, Defaults.DRAIN_TIMEOUT), true),
                duration("connectTimeout (--connect-timeout)", or(connectTimeout, Defaults.CONNECT_TIMEOUT), false),
                duration("retryTimeout (--retry-timeout)", or(retryTimeout, Defaults.RETRY_TIMEOUT), false),
                new BridgeSpec(
                        positive(
                                "bridgeBatchSize (--bridge-batch-size)",
                                or(bridgeBatchSize, Integer.parseInt(Defaults.BRIDGE_BATCH_SIZE))),
                        duration("bridgeLinger (--bridge-linger)", or(bridgeLinger, Defaults.BRIDGE_LINGER), true),
                        positive(
                                "bridgeThreads (--bridge-threads)",
                                or(bridgeThreads, Integer.parseInt(Defaults.BRIDGE_THREADS))),
                        positive(
                                "bridgeMaxInFlight (--bridge-max-in-flight)",
                                or(bridgeMaxInFlight, Integer.parseInt(Defaults.BRIDGE_MAX_IN_FLIGHT)))),
                resultFile(or(result, defaultResult)),
                new Repetitions(
                        positive("forks (--forks)", or(forks, Integer.parseInt(Defaults.FORKS))),
                        positive("iterations (--iterations)", or(iterations, Integer.parseInt(Defaults.ITERATIONS))),
                        iterationTime == null
                                ? null
                                : duration("iterationTime (--iteration-time)", iterationTime, false),
                        (int) notNegative(
                                "warmupIterations (--warmup-iterations)",
                                or(warmupIterations, Integer.parseInt(Defaults.WARMUP_ITERATIONS)))),
                Boolean.TRUE.equals(forkServers),
                dml,
                mixed);
    }

    /**
     * Workload {@code mixed}, or null; a usage error for read options without it, a target without reads, or a read
     * share at an unpaced rate (a share of what?).
     */
    private MixedSettings mixed(TargetProvider provider, List<Rate> resolvedRates) {
        MixedSettings mixed =
                new MixedOptions(workload, readRate, readShare, users, readAge, readQuery, window).resolve();
        if (mixed == null) {
            return null;
        }
        provider.readRefusal(mixed.readQuery()).ifPresent(reason -> {
            throw new IllegalArgumentException("workload (--workload mixed): " + reason);
        });
        if (mixed.readShare() != null && resolvedRates.stream().anyMatch(Rate::isMax)) {
            throw new IllegalArgumentException("readShare (--read-share) is a share of a paced write rate; with --rate"
                    + " max give --read-rate instead");
        }
        return mixed;
    }

    /**
     * With {@code --servers local} (the default) the run starts its own Kafka, Connect worker and database: an address
     * of the user's for one of them would be ignored, and the run would measure servers the user did not mean. A usage
     * error naming the flag; the address of a target without a server (reference, null) is the target itself.
     */
    private void requireNoServerOfYours(TargetProvider provider) {
        refuseWithLocalServers(bootstrapServers, "bootstrapServers (--bootstrap-servers)", "Kafka");
        refuseWithLocalServers(connectUrl, "connectUrl (--connect-url)", "Connect worker");
        provider.server()
                .ifPresent(database -> refuseWithLocalServers(targetUrl, "targetUrl (--target-url)", database));
    }

    private static void refuseWithLocalServers(String address, String setting, String server) {
        if (address != null) {
            throw new IllegalArgumentException(setting + " names a server of yours, but --servers local (the default)"
                    + " starts its own " + server + ": add --servers external to measure yours");
        }
    }

    /** The result file; a usage error before any server starts when it could not be written. */
    private static Path resultFile(String name) {
        Path file = named("result (--result)", () -> Path.of(name));
        ResultFiles.unwritable(file).ifPresent(why -> {
            throw new IllegalArgumentException("result (--result): " + why);
        });
        return file;
    }

    /** A usage error before any server starts when the target cannot ingest from Kafka itself. */
    private void requireNativeIngest(TargetProvider provider, String kind) {
        TargetConfig unaddressed = new TargetConfig(
                kind,
                null,
                or(collection, Defaults.COLLECTION),
                null,
                null,
                targetOptions == null ? Map.of() : targetOptions);
        Optional<NativeIngest> ingest =
                named("target options (--target-option)", () -> provider.nativeIngest(unaddressed));
        if (ingest.isEmpty()) {
            List<String> able = Targets.providers().values().stream()
                    .filter(p -> p.nativeIngest(new TargetConfig(p.kind(), null, null, null, null, null))
                            .isPresent())
                    .map(TargetProvider::kind)
                    .toList();
            throw new IllegalArgumentException("pipeline (--pipeline): " + kind
                    + " does not ingest from Kafka itself; native works with " + String.join(", ", able));
        }
    }

    private static Rate rate(String name, String text) {
        return named(name, () -> Rate.parse(text));
    }

    /** The value {@code parse} makes; its failure's message prefixed with the setting's name and flag. */
    private static <T> T named(String name, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }

    /** The generator's own bounds, checked before any server starts (it was said after Kafka and the target). */
    private static int docSize(int bytes) {
        new GeneratorSettings(0, bytes);
        return bytes;
    }

    private static int positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
        return value;
    }

    private static long notNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, got " + value);
        }
        return value;
    }

    private static Duration duration(String name, String text, boolean zeroAllowed) {
        Duration parsed;
        try {
            parsed = Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
        if (!zeroAllowed && parsed.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
        return parsed;
    }
}
