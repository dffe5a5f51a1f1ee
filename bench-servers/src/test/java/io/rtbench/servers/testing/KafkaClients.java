package io.rtbench.servers.testing;

import io.rtbench.servers.junit.TestProducers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Plain kafka-clients calls the integration tests share; short timeouts so a broken broker fails fast. */
public final class KafkaClients {

    private static final int TIMEOUT_MS = 15_000;

    private KafkaClients() {}

    public static Admin admin(String bootstrapServers) {
        return Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_MS,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, TIMEOUT_MS));
    }

    /** The records in a topic so far: the sum of its partitions' end offsets; -1 while the topic is not there. */
    public static long records(Admin admin, String topic) {
        try {
            return endOffsets(admin, topic);
        } catch (Exception notYet) {
            return -1;
        }
    }

    /** A consumer group's lag on a topic: its end offsets less the group's committed ones, over all partitions. */
    public static long lag(Admin admin, String group, String topic) throws Exception {
        long committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().values().stream()
                .mapToLong(OffsetAndMetadata::offset)
                .sum();
        return endOffsets(admin, topic) - committed;
    }

    private static long endOffsets(Admin admin, String topic) throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get()
                .get(topic)
                .partitions()
                .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
        return admin.listOffsets(latest).all().get().values().stream()
                .mapToLong(ListOffsetsResultInfo::offset)
                .sum();
    }

    /** Sends the values with acks=all and waits for every ack. */
    public static void produce(String bootstrapServers, String topic, List<String> values) throws Exception {
        Map<String, Object> config = TestProducers.lossless(bootstrapServers);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, TIMEOUT_MS);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, TIMEOUT_MS / 2);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, TIMEOUT_MS);
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
            for (String value : values) {
                acks.add(producer.send(new ProducerRecord<>(topic, value, value)));
            }
            for (java.util.concurrent.Future<?> ack : acks) {
                ack.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Reads the topic from the beginning, with a fresh group, until {@code count} values arrived or time is up. */
    public static List<String> consume(String bootstrapServers, String topic, int count) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG,
                "it-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest");
        List<String> values = new ArrayList<>();
        long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MS);
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            while (values.size() < count && System.nanoTime() < deadlineNanos) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
            }
        }
        return values;
    }
}
