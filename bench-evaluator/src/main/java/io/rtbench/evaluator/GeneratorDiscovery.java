package io.rtbench.evaluator;

import io.rtbench.core.event.GeneratorAnnouncement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the generators to probe on the producers' announcement topic ({@code --generators-from-topic}): reads it from
 * the beginning without a consumer group and keeps following it. Only generators of this host are taken (their
 * {@code _event_time} comes from this host's clock, docs/MEASUREMENT.md) unless told otherwise, and only those writing to
 * the given events topic when one is given. A generator that announced its end is reported as finished: probing it
 * further would only measure how long ago the producer stopped.
 */
final class GeneratorDiscovery implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GeneratorDiscovery.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String announceTopic;
    private final String host;
    private final String eventsTopic;
    private final Consumer<GeneratorAnnouncement> onNewGenerator;
    private final Consumer<GeneratorAnnouncement> onFinishedGenerator;
    private final Map<Long, GeneratorAnnouncement> latest = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread thread;

    /**
     * @param host only generators announced by this host, or null for any host
     * @param eventsTopic only generators writing to this topic, or null for any
     */
    GeneratorDiscovery(
            String bootstrapServers,
            Map<String, String> clientConfig,
            String announceTopic,
            String host,
            String eventsTopic,
            Consumer<GeneratorAnnouncement> onNewGenerator,
            Consumer<GeneratorAnnouncement> onFinishedGenerator) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        this.announceTopic = announceTopic;
        this.host = host;
        this.eventsTopic = eventsTopic;
        this.onNewGenerator = onNewGenerator;
        this.onFinishedGenerator = onFinishedGenerator;
        this.thread = new Thread(this::follow, "rtbench-discovery");
        thread.setDaemon(true);
        thread.start();
    }

    private void follow() {
        try {
            List<TopicPartition> partitions = List.of();
            while (partitions.isEmpty() && !closed.get()) { // the producers may not have created it yet
                partitions = consumer.partitionsFor(announceTopic, Duration.ofSeconds(10)).stream()
                        .map(p -> new TopicPartition(announceTopic, p.partition()))
                        .toList();
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (!closed.get()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    accept(record.value());
                }
            }
        } catch (WakeupException e) {
            if (!closed.get()) {
                throw e;
            }
        } catch (RuntimeException e) {
            LOG.error("generator discovery on {} stopped", announceTopic, e);
        } finally {
            consumer.close();
        }
    }

    private void accept(byte[] value) {
        GeneratorAnnouncement announcement;
        try {
            announcement = GeneratorAnnouncement.fromJson(value);
        } catch (IllegalArgumentException e) {
            LOG.warn("ignoring a record on {} that is not a generator announcement", announceTopic);
            return;
        }
        if ((host != null && !host.equals(announcement.host()))
                || (eventsTopic != null && !eventsTopic.equals(announcement.topic()))) {
            return;
        }
        GeneratorAnnouncement previous = latest.put(announcement.generatorId(), announcement);
        if (previous == null && announcement.producedEvents() == null) {
            onNewGenerator.accept(announcement);
        } else if (announcement.producedEvents() != null) {
            onFinishedGenerator.accept(announcement);
        }
    }

    /** The latest announcement of every generator found so far. */
    Map<Long, GeneratorAnnouncement> generators() {
        return Map.copyOf(latest);
    }

    @Override
    public void close() {
        closed.set(true);
        consumer.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
