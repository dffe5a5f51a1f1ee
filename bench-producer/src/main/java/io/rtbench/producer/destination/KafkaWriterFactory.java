package io.rtbench.producer.destination;

import io.rtbench.core.event.ConnectJsonEnvelope;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.event.Op;
import io.rtbench.producer.KafkaDestination;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import io.rtbench.producer.ProducerStats;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.AppInfoParser;

/**
 * Events into Kafka through one shared, thread-safe {@link KafkaProducer} (as Kafka's own ProducerPerformance does,
 * so that the batching is comparable). Idempotent with {@code acks=all} unless {@code --producer-config} says
 * otherwise ({@link KafkaProducerDefaults}).
 */
public final class KafkaWriterFactory implements WriterFactory {

    private final KafkaDestination destination;
    private final ProducerStats stats;
    private final KafkaProducer<byte[], byte[]> producer;

    public KafkaWriterFactory(KafkaDestination destination, ProducerStats stats) {
        this.destination = destination;
        this.stats = stats;
        this.producer = new KafkaProducer<>(clientProperties(destination));
    }

    static Map<String, Object> clientProperties(KafkaDestination destination) {
        Map<String, Object> properties = new HashMap<>();
        // send() must not block longer than a user is told to wait when the broker is gone.
        properties.put(
                ProducerConfig.MAX_BLOCK_MS_CONFIG, destination.retryTimeout().toMillis());
        properties.putAll(KafkaProducerDefaults.resolve(destination.clientConfig()));
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, destination.bootstrapServers());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return properties;
    }

    /** Publishes a small record on another topic with the same client (generator announcements). */
    public void publish(String topic, byte[] key, byte[] value) {
        producer.send(new ProducerRecord<>(topic, key, value), (metadata, e) -> {
            if (e != null) {
                stats.failed(0, "announcement on " + topic + " failed: " + e.getMessage());
            }
        });
    }

    @Override
    public DestinationWriter forGenerator(long generatorId) {
        byte[] generatorKey =
                ByteBuffer.allocate(Long.BYTES).putLong(generatorId).array();
        return new KafkaWriter(generatorId, generatorKey);
    }

    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public String targetName() {
        return "kafka";
    }

    @Override
    public String version() {
        return AppInfoParser.getVersion();
    }

    @Override
    public void close() {
        producer.close();
    }

    /** The records still in flight fail with "Producer is closed forcefully" and are counted as failed. */
    @Override
    public void abort() {
        producer.close(Duration.ZERO);
    }

    private final class KafkaWriter implements DestinationWriter {
        private final long generatorId;
        private final byte[] generatorKey;
        private final boolean envelope;
        private final byte[] idKey = new byte[EventLayout.ID_LENGTH];
        private BurstCallback callback;

        KafkaWriter(long generatorId, byte[] generatorKey) {
            this.generatorId = generatorId;
            this.generatorKey = generatorKey;
            this.envelope = destination.valueFormat() == ValueFormat.JSON_WITH_SCHEMA;
        }

        @Override
        public void beginBurst(long intendedNanos, boolean measured) {
            // One callback per burst, not per event: the events of a burst share their intended time.
            this.callback = new BurstCallback(intendedNanos, measured, stats);
        }

        @Override
        public void add(byte[] json, long seq, long eventTimeMicros) {
            // The plain format sends the generator's array itself; the envelope is one more array per event. Reusing
            // the key and value arrays is safe because send() serializes (ByteArraySerializer: the array as is),
            // partitions and appends the bytes to the partition's batch before it returns; later the producer keeps
            // only their lengths. (A --producer-config interceptor that kept a record's value would see it change.)
            byte[] value = envelope ? ConnectJsonEnvelope.wrap(json, generatorId, seq, eventTimeMicros) : json;
            producer.send(new ProducerRecord<>(destination.topic(), key(json), value), callback);
        }

        /**
         * Workload {@code dml} (keyed by {@code _id}, checked in {@link io.rtbench.producer.ProducerSettings}): a delete
         * is a tombstone, key {@code _id} and no value, its document in header {@link EventLayout#DELETE_HEADER} (the
         * header's array is serialized in {@code send()}, like the value).
         */
        @Override
        public void add(byte[] json, long seq, long eventTimeMicros, Op op, long version) {
            if (op == Op.DELETE) {
                RecordHeaders headers =
                        new RecordHeaders(new Header[] {new RecordHeader(EventLayout.DELETE_HEADER, json)});
                producer.send(new ProducerRecord<>(destination.topic(), null, key(json), null, headers), callback);
                return;
            }
            byte[] value =
                    envelope ? ConnectJsonEnvelope.wrap(json, generatorId, seq, eventTimeMicros, op, version) : json;
            producer.send(new ProducerRecord<>(destination.topic(), key(json), value), callback);
        }

        private byte[] key(byte[] json) {
            return switch (destination.key()) {
                case ID -> {
                    System.arraycopy(json, EventLayout.ID_OFFSET, idKey, 0, EventLayout.ID_LENGTH);
                    yield idKey;
                }
                case GENERATOR -> generatorKey;
                case NONE -> null;
            };
        }

        @Override
        public void endBurst() {}
    }

    private record BurstCallback(long intendedNanos, boolean measured, ProducerStats stats) implements Callback {
        @Override
        public void onCompletion(RecordMetadata metadata, Exception exception) {
            if (exception != null) {
                stats.failed(1, exception.getClass().getSimpleName() + ": " + exception.getMessage());
                return;
            }
            // a tombstone (a delete of workload dml) has no value: size -1
            stats.acked(1, Math.max(0, metadata.serializedValueSize()), measured);
            if (measured) {
                stats.produceAck().recordMicros((System.nanoTime() - intendedNanos) / 1_000);
            }
        }
    }
}
