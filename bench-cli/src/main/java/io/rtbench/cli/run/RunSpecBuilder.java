package io.rtbench.cli.run;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rtbench.cli.run.RunSpec.BridgeSpec;
import io.rtbench.cli.support.ClientProperties;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.Durations;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scenario file format ({@code rtbench run SCENARIO.yaml}, see {@code scenarios/}) and the precedence of settings:
 * defaults < scenario file < command-line flags. Every field is optional; null means "not said here".
 */
public final class RunSpecBuilder {

    private static final ObjectMapper YAML =
            new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

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
    public Integer bridgeBatchSize;
    public String bridgeLinger;
    public Integer bridgeThreads;
    public String result;

    /** Reads a scenario file; one clear line for a file that cannot be read or holds an unknown setting. */
    public static RunSpecBuilder fromYaml(Path file) {
        try {
            RunSpecBuilder builder = YAML.readValue(file.toFile(), RunSpecBuilder.class);
            return builder == null ? new RunSpecBuilder() : builder;
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException(file + ": unknown setting '" + e.getPropertyName() + "'; known: "
                    + String.join(
                            ", ",
                            e.getKnownPropertyIds().stream()
                                    .map(Object::toString)
                                    .sorted()
                                    .toList()));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read scenario " + file + ": "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }

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
        Pipeline resolvedPipeline = Pipeline.fromCliName(or(pipeline, "kafka-bridge"));
        boolean local = switch (or(servers, "local").toLowerCase(Locale.ROOT)) {
            case "local" -> true;
            case "external" -> false;
            default -> throw new IllegalArgumentException("servers must be local or external, got '" + servers + "'");
        };
        List<Rate> resolvedRates =
                rates != null ? rates.stream().map(Rate::parse).toList() : List.of(Rate.parse(or(rate, "1MB")));
        List<Integer> resolvedBatches = batchSizes != null ? batchSizes : List.of(or(batchSize, 50));
        if (resolvedRates.isEmpty() || resolvedBatches.isEmpty()) {
            throw new IllegalArgumentException("at least one rate and one batch size are needed");
        }
        resolvedBatches.forEach(b -> positive("batch size", b));
        String resolvedTarget = or(target, "opensearch").toLowerCase(Locale.ROOT);
        Targets.provider(resolvedTarget);
        return new RunSpec(
                resolvedTarget,
                resolvedPipeline,
                local,
                targetUrl == null ? null : URI.create(targetUrl),
                bootstrapServers,
                connectUrl,
                or(collection, TargetConfig.DEFAULT_COLLECTION),
                targetOptions == null ? Map.of() : targetOptions,
                credentialsFile == null ? null : Path.of(credentialsFile),
                ClientProperties.read(kafkaConfig == null ? null : Path.of(kafkaConfig), "kafkaConfig"),
                or(connector, "rtbench"),
                or(topic, "rtbench.events"),
                ValueFormat.fromCliName(or(valueFormat, "json")),
                resolvedRates,
                resolvedBatches,
                positive("generators", or(generators, 1)),
                or(docSize, 1250),
                or(seed, 1L),
                notNegative("prefill", or(prefill, 0L)),
                duration("warmup", or(warmup, "10s"), true),
                duration("duration", or(duration, "60s"), false),
                duration("probe interval", or(probeInterval, "1s"), false),
                duration("probe timeout", or(probeTimeout, "5s"), false),
                duration("drain timeout", or(drainTimeout, "60s"), true),
                new BridgeSpec(
                        positive("bridge batch size", or(bridgeBatchSize, 500)),
                        duration("bridge linger", or(bridgeLinger, "5ms"), true),
                        positive("bridge threads", or(bridgeThreads, 1))),
                Path.of(or(result, defaultResult)));
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
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
