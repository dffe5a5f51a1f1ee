package io.rtbench.core.target;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * A database's own ingestion from Kafka, for pipeline {@code native} (docs/TARGETS.md): the database consumes the events
 * topic itself and rtbench only produces, probes and audits. Obtained, unstarted, from
 * {@link TargetProvider#nativeIngest}; {@link #start} creates what the database needs and {@link #close} removes it
 * again. The events land in the same collection that the target's {@link Target#newestEventTimeMicros probe} and
 * {@link Target#audit audit} read.
 *
 * <p>Lifecycle: {@link #start} once, then {@link #close}; closing an instance that was never started (or whose start
 * failed) does nothing. Not thread-safe.
 */
public interface NativeIngest extends AutoCloseable {

    /**
     * Makes the database consume {@code source} into the collection (created like {@link Target#ensureCollection} if
     * missing) and returns only once its consumer is really consuming: from then on, every record produced to the
     * topic lands. Events produced before may be missed (a new consumer group may start at the topic's end), so the
     * caller produces measured events, and prefill, only after this returns. The topic must exist (the caller creates
     * it, with its partitions, before). Records that the readiness check sends to the topic are not events: they carry
     * {@code _event_time} 0, and never land in the collection.
     *
     * @param timeout bound of the whole call, including the wait until the database consumes; seconds are typical
     *     (group join and the database's first flush). A failure's cleanup comes on top (dropping what was created,
     *     each statement bounded by {@link TargetConfig#timeout()}; well under a second when the database answers)
     * @throws IllegalStateException when called twice
     * @throws IllegalArgumentException when the database cannot read the source (e.g. its value format)
     * @throws TargetException when the database, or Kafka as rtbench reaches it, refuses or cannot be reached, the topic
     *     does not exist, or the database does not consume within {@code timeout}: one line naming what to check. What
     *     was created is removed again before it is thrown.
     */
    void start(Source source, Duration timeout);

    /**
     * The Kafka consumer group the database consumes with: its lag (end offsets minus committed offsets, in records) is
     * the backlog. Committed offsets advance only after the database stored the records, so the lag also counts records
     * read but not yet visible.
     *
     * @throws IllegalStateException before {@link #start}
     */
    String consumerGroup();

    /**
     * Stops the database's consumption and drops what {@link #start} created, except the collection itself (the audit
     * may still read it) and the consumer group's committed offsets (Kafka keeps those). Does not throw: a failure is
     * logged.
     */
    @Override
    void close();

    /**
     * The topic to consume and how to reach it.
     *
     * @param bootstrapServers the brokers as rtbench reaches them ({@code host:port,…}), for the readiness check
     * @param databaseBootstrapServers the brokers as the database reaches them; null for the same. Differs when the
     *     database runs in a container or on another host; the brokers' advertised listeners must be reachable from
     *     there too
     * @param topic the events topic; must exist
     * @param consumerGroup the database's consumer group; null for the driver's default
     *     ({@code rtbench-native-<kind>-<collection>}). An existing group resumes from its committed offsets
     * @param valueFormat the record value as the producer's {@code --value-format} names it ({@code json},
     *     {@code json-with-schema}); a driver may accept only some
     * @param kafkaConfig Kafka client properties for rtbench's own clients (TLS/SASL …); never passed to the database,
     *     whose Kafka client is configured on the server
     */
    record Source(
            String bootstrapServers,
            String databaseBootstrapServers,
            String topic,
            String consumerGroup,
            String valueFormat,
            Map<String, String> kafkaConfig) {

        public Source {
            requireText(bootstrapServers, "bootstrapServers");
            requireText(topic, "topic");
            requireText(valueFormat, "valueFormat");
            if (databaseBootstrapServers == null || databaseBootstrapServers.isBlank()) {
                databaseBootstrapServers = bootstrapServers;
            }
            if (consumerGroup != null && consumerGroup.isBlank()) {
                consumerGroup = null;
            }
            kafkaConfig = kafkaConfig == null ? Map.of() : Map.copyOf(kafkaConfig);
        }

        /** Plain JSON documents, the same broker address for rtbench and the database, the driver's default group. */
        public static Source of(String bootstrapServers, String topic) {
            return new Source(bootstrapServers, null, topic, null, "json", Map.of());
        }

        public Source withConsumerGroup(String group) {
            return new Source(bootstrapServers, databaseBootstrapServers, topic, group, valueFormat, kafkaConfig);
        }

        public Source withDatabaseBootstrapServers(String servers) {
            return new Source(bootstrapServers, servers, topic, consumerGroup, valueFormat, kafkaConfig);
        }

        public Source withValueFormat(String format) {
            return new Source(bootstrapServers, databaseBootstrapServers, topic, consumerGroup, format, kafkaConfig);
        }

        private static void requireText(String value, String name) {
            Objects.requireNonNull(value, name);
            if (value.isBlank()) {
                throw new IllegalArgumentException(name + " must not be blank");
            }
        }
    }
}
