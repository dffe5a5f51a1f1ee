package io.rtbench.connectors.bridge;

import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.event.Op;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.junit.TestProducers;
import io.rtbench.servers.testing.KafkaClients;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Topics, events and consumer lag for the bridge's integration tests, against a real broker. */
final class BridgeTestKit {

    static final long FIRST_EVENT_MICROS = 1_763_800_000_000_000L;

    private BridgeTestKit() {}

    /** The {@code _event_time} of the event with {@code _seq} {@code seq}. */
    static long eventTime(long seq) {
        return FIRST_EVENT_MICROS + seq;
    }

    static TargetConfig clickhouse(String url, String table) {
        return new TargetConfig("clickhouse", URI.create(url), table, null, Duration.ofSeconds(10), Map.of());
    }

    static void createTopic(String bootstrapServers, String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
            KafkaTopics.create(admin, new NewTopic(topic, partitions, (short) 1), Duration.ofSeconds(30));
        }
    }

    /** Sends the events and waits for every acknowledgement: a send that failed fails the test here. */
    static void produce(String bootstrapServers, String topic, EventGenerator generator, int events, long fromSeq)
            throws Exception {
        produce(bootstrapServers, topic, generator, events, fromSeq, 0);
    }

    /**
     * The same, paced: {@code perSecond} events per second (0: as fast as possible), so that a test can do something
     * to the bridge while events keep coming.
     */
    static void produce(
            String bootstrapServers, String topic, EventGenerator generator, int events, long fromSeq, int perSecond)
            throws Exception {
        Map<String, Object> config = TestProducers.lossless(bootstrapServers);
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        long startNanos = System.nanoTime();
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (long seq = fromSeq; seq < fromSeq + events; seq++) {
                if (perSecond > 0) {
                    long dueNanos = startNanos + (seq - fromSeq) * 1_000_000_000L / perSecond;
                    long waitNanos = dueNanos - System.nanoTime();
                    if (waitNanos > 0) {
                        Thread.sleep(waitNanos / 1_000_000, (int) (waitNanos % 1_000_000));
                    }
                }
                acks.add(producer.send(new ProducerRecord<>(topic, generator.next(eventTime(seq)))));
            }
        }
        for (Future<RecordMetadata> ack : acks) {
            ack.get();
        }
    }

    /**
     * Events of workload dml as rtbench's producer sends them (key {@code _id}, a delete as a tombstone with its document
     * in a header), paced at {@code perSecond} (0: as fast as possible), event times from the wall clock.
     */
    static void produceChanges(
            String bootstrapServers, String topic, ChangeGenerator changes, int events, int perSecond)
            throws Exception {
        Map<String, Object> config = TestProducers.lossless(bootstrapServers);
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        long startNanos = System.nanoTime();
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < events; i++) {
                if (perSecond > 0) {
                    long waitNanos = startNanos + i * 1_000_000_000L / perSecond - System.nanoTime();
                    if (waitNanos > 0) {
                        Thread.sleep(waitNanos / 1_000_000, (int) (waitNanos % 1_000_000));
                    }
                }
                byte[] json =
                        changes.nextTransient(EpochClock.SYSTEM.epochMicros()).clone();
                byte[] key =
                        Arrays.copyOfRange(json, EventLayout.ID_OFFSET, EventLayout.ID_OFFSET + EventLayout.ID_LENGTH);
                if (changes.lastOp() == Op.DELETE) {
                    RecordHeaders headers = new RecordHeaders();
                    headers.add(EventLayout.DELETE_HEADER, json);
                    acks.add(producer.send(new ProducerRecord<>(topic, null, key, null, headers)));
                } else {
                    acks.add(producer.send(new ProducerRecord<>(topic, key, json)));
                }
            }
        }
        for (Future<RecordMetadata> ack : acks) {
            ack.get();
        }
    }

    /** Events of the topic the group has not committed. */
    static long lag(String bootstrapServers, String group, String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
            return KafkaClients.lag(admin, group, topic);
        }
    }
}
