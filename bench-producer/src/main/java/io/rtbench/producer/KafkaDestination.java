package io.rtbench.producer;

import io.rtbench.core.Bounds;
import io.rtbench.core.CliNamed;
import io.rtbench.producer.destination.KafkaProducerDefaults;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where events go in Kafka, and the client settings (from {@code --producer-config}: acks, compression, TLS/SASL …).
 *
 * @param clientConfig Kafka client properties; may hold secrets, so never print it: use {@link #describeConfig()}
 * @param partitions partitions of the topic when rtbench creates it (an existing topic is left as it is)
 * @param announceTopic where generators are announced for evaluators ({@code --generators-from-topic})
 * @param valueFormat the record value: the document itself, or the document in Kafka Connect's JSON envelope
 * @param retryTimeout how long a send may wait for a broker that stopped answering mid-run (Kafka's
 *     {@code max.block.ms}: the client's buffer is full, or it lost the topic's metadata) before the event counts as
 *     failed and the run ends; {@code produce} waits its connect timeout, a pipeline run its {@code --retry-timeout},
 *     so that a broker restarted within it loses nothing (docs/GUIDE.md)
 */
public record KafkaDestination(
        String bootstrapServers,
        String topic,
        KeyMode key,
        Map<String, String> clientConfig,
        int partitions,
        String announceTopic,
        Duration connectTimeout,
        ValueFormat valueFormat,
        Duration retryTimeout)
        implements Destination {

    public static final String DEFAULT_TOPIC = "rtbench.events";
    public static final String DEFAULT_ANNOUNCE_TOPIC = "rtbench.generators";

    /** The partitions of an events topic rtbench creates (an existing topic keeps its own). */
    public static final int DEFAULT_PARTITIONS = 4;

    /** The Kafka record key. */
    public enum KeyMode {
        /** {@code _id}: spreads events over all partitions. */
        ID,
        /** The generator: one generator's events stay in order on one partition. */
        GENERATOR,
        /**
         * No key, as Kafka's own {@code ProducerPerformance} sends: the producer's sticky partitioner fills one
         * partition's batch at a time. For throughput comparisons; sinks find each event by its {@code _id} field.
         */
        NONE
    }

    /** The record value ({@code --value-format}). */
    public enum ValueFormat implements CliNamed {
        /** The JSON document as generated: what rtbench's bridge and sink read. */
        JSON,
        /**
         * The document in Kafka Connect's JSON envelope with a flat schema ({@code _id}, {@code _event_time},
         * {@code generator_identifier}, {@code _seq}, {@code doc}), for sinks that need a schema such as Debezium's
         * JDBC sink ({@link io.rtbench.core.event.ConnectJsonEnvelope}).
         */
        JSON_WITH_SCHEMA;

        public static ValueFormat fromCliName(String name) {
            return CliNamed.parse(ValueFormat.class, name, "a value format");
        }
    }

    public KafkaDestination {
        valueFormat = valueFormat == null ? ValueFormat.JSON : valueFormat;
        clientConfig = Map.copyOf(clientConfig);
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            bootstrapServers = clientConfig.get("bootstrap.servers");
        }
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("--bootstrap-servers is required (host:port of a Kafka broker)");
        }
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("--topic must not be empty");
        }
        Bounds.atLeast("--partitions", 1, partitions);
        Bounds.positive("--connect-timeout", connectTimeout);
        retryTimeout = Bounds.positive("--retry-timeout", retryTimeout == null ? connectTimeout : retryTimeout);
        KafkaProducerDefaults.idempotenceDropped(clientConfig); // a usage error when asked for and ruled out
    }

    /**
     * The client settings with secret-looking values masked, for the result file; when they rule out rtbench's
     * idempotence default without asking for idempotence, {@code enable.idempotence} says that it was dropped and why.
     */
    public Map<String, String> describeConfig() {
        Map<String, String> shown = new TreeMap<>();
        clientConfig.forEach((name, value) -> shown.put(name, isSecret(name) ? "***" : value));
        return KafkaProducerDefaults.describe(clientConfig, shown);
    }

    static boolean isSecret(String propertyName) {
        String name = propertyName.toLowerCase(Locale.ROOT);
        return name.contains("password")
                || name.contains("secret")
                || name.contains("jaas")
                || name.contains("token")
                || name.endsWith(".key")
                || name.contains("credential");
    }
}
