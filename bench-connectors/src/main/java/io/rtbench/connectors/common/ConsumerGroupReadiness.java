package io.rtbench.connectors.common;

import io.rtbench.connectors.kafka.GroupOffsets;
import io.rtbench.connectors.kafka.KafkaAdmins;
import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.TargetException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Waits until a database's own Kafka consumer really consumes a topic (native ingestion, docs/TARGETS.md), so that no
 * measured event produced afterwards can be skipped. A new group starts at the topic's end, and only once it has joined
 * and been assigned the partitions: an event produced before that is never read.
 *
 * <p>How: once the group is stable with all its members (so that the partitions are assigned), a {@link #MARKER} record
 * is sent to every partition, and again every {@link #MARKER_INTERVAL} to each partition the group has not passed yet
 * (a marker sent before the consumer fetched its first position is skipped), until the group has committed, for every
 * partition, an offset beyond the first marker sent there. From then on each partition has a committed position, so
 * every record produced later is read, whoever the partition is assigned to. Databases commit only after storing what
 * they read (ClickHouse's Kafka engine after its materialized view wrote the block), so the markers have gone all the
 * way through. The interval is long because ClickHouse 18.16 ends a streaming block, and commits, only after a pause
 * in the records (measured: a marker burst every 1 s or 2 s kept one block open for up to 20 s; every 3 s, each burst
 * was committed on its own).
 */
public final class ConsumerGroupReadiness {

    /**
     * The readiness record: an rtbench event prefix ({@code EventLayout}) with {@code _event_time} 0, which no real
     * event has, so the database's ingestion drops it and probes never see it. Contains no backslash, tab or newline,
     * so it reads the same as TabSeparated text and as JSON.
     */
    public static final byte[] MARKER = ("{\"_id\":\"00000000-0000-0000-0000-000000000000\",\"_event_time\":0,"
                    + "\"generator_identifier\":0,\"_seq\":0,\"rtbench_marker\":\"native ingestion readiness\"}")
            .getBytes(StandardCharsets.US_ASCII);

    static final Duration MARKER_INTERVAL = Duration.ofSeconds(3);
    private static final long CHECK_INTERVAL_MS = 100;

    private final NativeIngest.Source source;
    private final String group;
    private final int members;
    private final String who;

    /**
     * @param group the database's consumer group
     * @param members how many consumers the database runs in the group; readiness waits for all of them, so that no
     *     rebalance follows (a late member takes partitions over from their committed offsets: at-least-once)
     * @param who the database, for messages (e.g. {@code clickhouse at http://127.0.0.1:8123})
     */
    public ConsumerGroupReadiness(NativeIngest.Source source, String group, int members, String who) {
        this.source = source;
        this.group = group;
        this.members = members;
        this.who = who;
    }

    /**
     * Returns once the group consumes the topic; the time taken.
     *
     * @throws TargetException when Kafka cannot be reached (as rtbench reaches it), the topic does not exist, or the
     *     group does not pass the markers before {@code deadlineNanos} ({@link System#nanoTime()} scale)
     */
    public Duration await(long deadlineNanos) {
        long startNanos = System.nanoTime();
        Map<String, Object> config = clientConfig(deadlineNanos);
        Progress progress = new Progress();
        try (Admin admin = Admin.create(config);
                KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                        producerConfig(config), new ByteArraySerializer(), new ByteArraySerializer())) {
            progress.partitions = partitions(admin, deadlineNanos);
            long nextMarkerNanos = 0;
            while (true) {
                progress.group = describe(admin, deadlineNanos);
                // Markers before the group is stable with all members would only be skipped: a partition's position is
                // set (to the topic's end) once it is assigned.
                if (stable(progress.group)) {
                    if (progress.firstMarker.isEmpty() || System.nanoTime() - nextMarkerNanos >= 0) {
                        sendMarkers(producer, progress, deadlineNanos);
                        nextMarkerNanos = System.nanoTime() + MARKER_INTERVAL.toNanos();
                    }
                    progress.passed = passed(admin, progress.firstMarker, deadlineNanos);
                    if (progress.passed.size() == progress.partitions.size()) {
                        return Duration.ofNanos(System.nanoTime() - startNanos);
                    }
                }
                if (System.nanoTime() - deadlineNanos >= 0) {
                    throw notConsuming(progress, startNanos);
                }
                sleepUntil(
                        Math.min(deadlineNanos, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CHECK_INTERVAL_MS)));
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw timedOut(progress, startNanos);
            }
            throw kafkaFailed(e.getCause());
        } catch (TimeoutException | org.apache.kafka.common.errors.TimeoutException e) {
            throw timedOut(progress, startNanos);
        } catch (KafkaException e) {
            throw kafkaFailed(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException(who + ": interrupted while waiting for native ingestion to start", e);
        }
    }

    /** What the wait has seen so far, for the message when it ends without success. */
    private static final class Progress {
        List<TopicPartition> partitions;
        final Map<TopicPartition, Long> firstMarker = new HashMap<>();
        Map<TopicPartition, Long> passed = Map.of();
        ConsumerGroupDescription group;
    }

    /** A Kafka call ran out of time: Kafka unreachable if it never answered, else the database too slow to start. */
    private TargetException timedOut(Progress progress, long startNanos) {
        return progress.partitions == null ? unreachable(startNanos) : notConsuming(progress, startNanos);
    }

    private Map<String, Object> clientConfig(long deadlineNanos) {
        return KafkaAdmins.config(source.bootstrapServers(), source.kafkaConfig(), remaining(deadlineNanos));
    }

    /** Lossless like the producer's: acks=all and one request in flight (KAFKA-15591 on a young topic). */
    private static Map<String, Object> producerConfig(Map<String, Object> common) {
        Map<String, Object> config = new HashMap<>(common);
        config.remove(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, common.get(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG));
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, common.get(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG));
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        return config;
    }

    private List<TopicPartition> partitions(Admin admin, long deadlineNanos)
            throws ExecutionException, InterruptedException, TimeoutException {
        try {
            return KafkaTopics.partitions(admin, source.topic(), remaining(deadlineNanos));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new TargetException(
                        who + ": native ingestion cannot start: topic '" + source.topic() + "' does not exist at "
                                + source.bootstrapServers() + "; create it (with its partitions) first");
            }
            throw e;
        }
    }

    /** A marker to every partition not passed yet; the first marker's offset per partition is kept. */
    private void sendMarkers(KafkaProducer<byte[], byte[]> producer, Progress progress, long deadlineNanos)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, Future<RecordMetadata>> acks = new HashMap<>();
        for (TopicPartition partition : progress.partitions) {
            if (!progress.passed.containsKey(partition)) {
                acks.put(
                        partition,
                        producer.send(
                                new ProducerRecord<>(partition.topic(), partition.partition(), null, MARKER.clone())));
            }
        }
        for (Map.Entry<TopicPartition, Future<RecordMetadata>> ack : acks.entrySet()) {
            long offset = ack.getValue()
                    .get(remainingMs(deadlineNanos), TimeUnit.MILLISECONDS)
                    .offset();
            progress.firstMarker.putIfAbsent(ack.getKey(), offset);
        }
    }

    /** The partitions whose committed offset is beyond their first marker, with that offset. */
    private Map<TopicPartition, Long> passed(Admin admin, Map<TopicPartition, Long> firstMarker, long deadlineNanos)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, OffsetAndMetadata> committed =
                GroupOffsets.committed(admin, group, remaining(deadlineNanos));
        Map<TopicPartition, Long> passed = new TreeMap<>((a, b) -> Integer.compare(a.partition(), b.partition()));
        firstMarker.forEach((partition, markerOffset) -> {
            OffsetAndMetadata offset = committed.get(partition);
            if (offset != null && offset.offset() > markerOffset) {
                passed.put(partition, offset.offset());
            }
        });
        return passed;
    }

    /** The group, or null while the coordinator does not know it yet. */
    private ConsumerGroupDescription describe(Admin admin, long deadlineNanos)
            throws ExecutionException, InterruptedException, TimeoutException {
        try {
            return admin.describeConsumerGroups(List.of(group))
                    .describedGroups()
                    .get(group)
                    .get(remainingMs(deadlineNanos), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return null;
            }
            throw e;
        }
    }

    private boolean stable(ConsumerGroupDescription description) {
        return description != null
                && description.groupState() == GroupState.STABLE
                && description.members().size() >= members;
    }

    private TargetException notConsuming(Progress progress, long startNanos) {
        TreeSet<Integer> waiting = new TreeSet<>();
        progress.partitions.stream()
                .filter(p -> !progress.passed.containsKey(p))
                .forEach(p -> waiting.add(p.partition()));
        ConsumerGroupDescription description = progress.group;
        String what;
        if (!stable(description)) {
            String now = description == null
                    ? "unknown to Kafka"
                    : description.groupState() + " with "
                            + description.members().size() + " member(s)";
            what = "did not become stable with its " + members + " consumer(s) (now " + now + ")";
        } else {
            what = "committed nothing beyond the readiness markers on partition(s) " + waiting;
        }
        return new TargetException(who + ": native ingestion did not start within " + secondsSince(startNanos)
                + " s: consumer group '" + group + "' of topic '" + source.topic() + "' " + what
                + "; check that the database reaches Kafka at " + source.databaseBootstrapServers()
                + " (and the brokers' advertised listeners) and its server log");
    }

    private TargetException unreachable(long startNanos) {
        return new TargetException(who + ": native ingestion cannot start: Kafka at " + source.bootstrapServers()
                + " did not answer within " + secondsSince(startNanos) + " s; check the bootstrap servers and that the"
                + " broker runs (TLS/SASL settings go in the Kafka client config)");
    }

    private TargetException kafkaFailed(Throwable cause) {
        if (cause instanceof TargetException target) {
            return target;
        }
        return new TargetException(
                who + ": native ingestion cannot start: Kafka at " + source.bootstrapServers() + " refused: "
                        + TargetErrors.oneLine(String.valueOf(cause.getMessage())),
                cause);
    }

    private static long secondsSince(long startNanos) {
        return Math.round((System.nanoTime() - startNanos) / 1e9);
    }

    private static long remainingMs(long deadlineNanos) {
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
    }

    private static Duration remaining(long deadlineNanos) {
        return Duration.ofMillis(remainingMs(deadlineNanos));
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long sleepNanos = nanos - System.nanoTime();
        if (sleepNanos > 0) {
            TimeUnit.NANOSECONDS.sleep(sleepNanos);
        }
    }
}
