package io.rtbench.evaluator;

import io.rtbench.core.event.GeneratorAnnouncement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * further would only measure how long ago the producer stopped. A generator that had ended before the discovery started
 * (the topic keeps every earlier run's announcements) is no part of this evaluation: neither probed nor audited.
 */
final class GeneratorDiscovery implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GeneratorDiscovery.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String announceTopic;
    private final String host;
    private final String eventsTopic;
    private final Consumer<GeneratorAnnouncement> onNewGenerator;
    private final Consumer<GeneratorAnnouncement> onFinishedGenerator;
    /** Each generator of this evaluation: its latest announcement, and when that was sent (ms since the epoch). */
    private final Map<Long, Seen> latest = new ConcurrentHashMap<>();

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
            Map<TopicPartition, Long> historyEnd = consumer.endOffsets(partitions);
            Map<Long, Seen> history = new HashMap<>();
            boolean caughtUp = false;
            while (!closed.get()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    if (!caughtUp && record.offset() < historyEnd.getOrDefault(partition, 0L)) {
                        announcement(record)
                                .ifPresent(
                                        seen -> history.put(seen.announcement().generatorId(), seen));
                    } else {
                        announcement(record).ifPresent(this::accept);
                    }
                }
                if (!caughtUp && partitions.stream().allMatch(p -> consumer.position(p) >= historyEnd.get(p))) {
                    caughtUp = true;
                    admitRunning(history);
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

    /** The announcement a record holds, if it is one of a generator this discovery follows. */
    private Optional<Seen> announcement(ConsumerRecord<byte[], byte[]> record) {
        GeneratorAnnouncement announcement;
        try {
            announcement = GeneratorAnnouncement.fromJson(record.value());
        } catch (IllegalArgumentException e) {
            LOG.warn("ignoring a record on {} that is not a generator announcement", announceTopic);
            return Optional.empty();
        }
        if ((host != null && !host.equals(announcement.host()))
                || (eventsTopic != null && !eventsTopic.equals(announcement.topic()))) {
            return Optional.empty();
        }
        return Optional.of(new Seen(announcement, record.timestamp()));
    }

    /** The topic's history read: the generators still running are this evaluation's; those that ended are not. */
    private void admitRunning(Map<Long, Seen> history) {
        long ended = history.values().stream()
                .filter(seen -> seen.announcement().producedEvents() != null)
                .count();
        if (ended > 0) {
            LOG.info("{}: passed over {} generator(s) that had ended before this evaluation", announceTopic, ended);
        }
        history.values().stream()
                .filter(seen -> seen.announcement().producedEvents() == null)
                .forEach(this::accept);
    }

    private void accept(Seen seen) {
        GeneratorAnnouncement announcement = seen.announcement();
        Seen previous = latest.put(announcement.generatorId(), seen);
        if (previous == null && announcement.producedEvents() == null) {
            onNewGenerator.accept(announcement);
        } else if (announcement.producedEvents() != null) {
            onFinishedGenerator.accept(announcement);
        }
    }

    /** The latest announcement of every generator of this evaluation found so far. */
    Map<Long, GeneratorAnnouncement> generators() {
        Map<Long, GeneratorAnnouncement> generators = new HashMap<>();
        latest.forEach((id, seen) -> generators.put(id, seen.announcement()));
        return generators;
    }

    /**
     * How long the generators that announced their end produced: from the first one's start to the last one's final
     * announcement, in seconds; NaN when none has ended. The landed events over it are the producers' rate, which
     * the evaluation's own duration is not (it may have begun before them and end after them).
     */
    double producingSec() {
        List<Seen> ended = latest.values().stream()
                .filter(seen -> seen.announcement().producedEvents() != null)
                .toList();
        if (ended.isEmpty()) {
            return Double.NaN;
        }
        long firstStartMicros = ended.stream()
                .mapToLong(seen -> seen.announcement().startedAtMicros())
                .min()
                .getAsLong();
        long lastEndMs = ended.stream().mapToLong(Seen::announcedAtMs).max().getAsLong();
        return (lastEndMs * 1_000 - firstStartMicros) / 1e6;
    }

    /** An announcement and its record's timestamp (the producer's clock when it sent it). */
    private record Seen(GeneratorAnnouncement announcement, long announcedAtMs) {}

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
