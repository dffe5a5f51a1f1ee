package io.rtbench.connectors.connect;

import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.event.ConnectJsonEnvelope;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.event.Op;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.junit.TestProducers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;

/** Topics, rtbench events in Kafka and the tasks' interval logs, for the Kafka Connect integration tests. */
final class ConnectTestKit {

    private static final int TIMEOUT_MS = 15_000;

    private ConnectTestKit() {}

    static String unique(String prefix) {
        return prefix + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1);
    }

    static void createTopic(String bootstrapServers, String topic, int partitions) throws Exception {
        try (Admin admin = admin(bootstrapServers)) {
            KafkaTopics.create(admin, new NewTopic(topic, partitions, (short) 1), Duration.ofSeconds(30));
        }
    }

    /** What was produced: each generator's newest event time, and the events in order. */
    record Produced(Map<Long, Long> newestMicrosByGenerator, List<Event> events) {
        int perGenerator() {
            return events.size() / newestMicrosByGenerator.size();
        }
    }

    /**
     * Produces {@code perGenerator} events of each of {@code generators} real generators, keyed by {@code _id} as
     * the producer does, as plain documents or in Connect's JSON envelope.
     */
    static Produced produce(String bootstrapServers, String topic, int generators, int perGenerator, boolean envelope)
            throws Exception {
        List<EventGenerator> sources = new ArrayList<>();
        for (int g = 0; g < generators; g++) {
            sources.add(new EventGenerator(GeneratorSettings.withSeed(g + 1), EventGenerator.randomGeneratorId()));
        }
        List<Event> events = new ArrayList<>();
        Map<Long, Long> newest = new LinkedHashMap<>();
        for (int i = 0; i < perGenerator; i++) {
            for (EventGenerator generator : sources) {
                Event event = generator.nextEvent(EpochClock.SYSTEM.epochMicros());
                events.add(event);
                newest.put(generator.generatorId(), event.eventTimeMicros());
            }
        }
        send(bootstrapServers, topic, events, envelope);
        return new Produced(newest, events);
    }

    /** Sends events (again) and waits for every acknowledgement. */
    static void send(String bootstrapServers, String topic, List<Event> events, boolean envelope) throws Exception {
        Map<String, Object> config = TestProducers.lossless(bootstrapServers);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, TIMEOUT_MS);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<?>> acks = new ArrayList<>();
            for (Event event : events) {
                acks.add(producer.send(record(topic, event, envelope)));
            }
            for (Future<?> ack : acks) {
                ack.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** A record as rtbench's producer makes it: key {@code _id}; a delete of workload dml as a tombstone. */
    static ProducerRecord<byte[], byte[]> record(String topic, Event event, boolean envelope) {
        byte[] key = event.id().getBytes(StandardCharsets.US_ASCII);
        if (event.op() == Op.DELETE) {
            RecordHeaders headers = new RecordHeaders();
            headers.add(EventLayout.DELETE_HEADER, event.json());
            return new ProducerRecord<>(topic, null, key, null, headers);
        }
        byte[] value = !envelope
                ? event.json()
                : ConnectJsonEnvelope.wrap(
                        event.json(),
                        event.generatorId(),
                        event.seq(),
                        event.eventTimeMicros(),
                        event.versioned() ? event.op() : null,
                        event.version());
        return new ProducerRecord<>(topic, key, value);
    }

    /** Waits until a sink's consumer group committed the end of every partition of the topic: all was written. */
    static void awaitConsumed(String bootstrapServers, String group, String topic, Duration timeout) throws Exception {
        try (Admin admin = admin(bootstrapServers)) {
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(TIMEOUT_MS, TimeUnit.MILLISECONDS)
                    .get(topic)
                    .partitions()
                    .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            Map<TopicPartition, Long> ends = new HashMap<>();
            admin.listOffsets(latest)
                    .all()
                    .get(TIMEOUT_MS, TimeUnit.MILLISECONDS)
                    .forEach((partition, info) -> ends.put(partition, info.offset()));
            Awaitility.await()
                    .atMost(timeout)
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> {
                        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                                .partitionsToOffsetAndMetadata()
                                .get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
                        return ends.entrySet().stream().allMatch(end -> {
                            OffsetAndMetadata offset = committed.get(end.getKey());
                            return offset != null && offset.offset() >= end.getValue();
                        });
                    });
        }
    }

    private static Admin admin(String bootstrapServers) {
        return Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_MS,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, TIMEOUT_MS));
    }

    /** The tasks' interval logs of a connector ({@code <connector>-task*.hlog}), merged by metric. */
    static Map<String, Histogram> taskMetrics(Path dir, String connector) throws IOException {
        Map<String, Histogram> merged = new HashMap<>();
        List<Path> logs;
        try (Stream<Path> files = Files.list(dir)) {
            logs = files.filter(file -> {
                        String name = file.getFileName().toString();
                        return name.startsWith(connector + "-task") && name.endsWith(".hlog");
                    })
                    .toList();
        }
        for (Path log : logs) {
            RtbenchSinkTaskTest.read(log)
                    .forEach((tag, histogram) -> merged.merge(tag, histogram, (a, b) -> {
                        a.add(b);
                        return a;
                    }));
        }
        return merged;
    }

    static long count(Map<String, Histogram> metrics, String metric) {
        Histogram histogram = metrics.get(metric);
        return histogram == null ? 0 : histogram.getTotalCount();
    }
}
