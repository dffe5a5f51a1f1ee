package io.rtbench.connectors.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Creates topics that are ready to be produced to. A new partition is in the metadata before its leader has applied
 * it; an idempotent producer (Kafka's default) whose first request lands in that window and whose next one does not
 * loses the first request's events: every retry is refused as out of order until the batch expires (KAFKA-15591, seen
 * here with Kafka 4.3.1: 66 of 1,000 events of a test gone after 120 s). So a topic rtbench creates is returned only once
 * every partition's leader answers ListOffsets, which only the leader does.
 *
 * <p>Every call waits at most its {@code timeout} and throws what the admin client's future threw, so that each caller
 * words a failure its own way ({@code KafkaReach} where the broker must answer at the start).
 */
public final class KafkaTopics {

    private static final long RETRY_PAUSE_MS = 50;

    private KafkaTopics() {}

    /** The names of the cluster's topics (internal ones left out, as the admin client does by default). */
    public static Set<String> names(Admin admin, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        return admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The topic's partitions; fails with {@code UnknownTopicOrPartitionException} as cause when it does not exist. */
    public static List<TopicPartition> partitions(Admin admin, String topic, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        return admin
                .describeTopics(List.of(topic))
                .allTopicNames()
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .get(topic)
                .partitions()
                .stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
    }

    /**
     * Creates those of the topics that are not there yet, each as {@link #create} does; the names are listed once, so
     * that a topic there already keeps its settings. Each call waits at most {@code timeout}.
     */
    public static void createMissing(Admin admin, List<NewTopic> topics, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        Set<String> existing = names(admin, timeout);
        for (NewTopic topic : topics) {
            if (!existing.contains(topic.name())) {
                create(admin, topic, timeout);
            }
        }
    }

    /**
     * Creates the topic (one that another client created meanwhile is fine) and waits until every partition's leader
     * answers, all within {@code timeout}.
     *
     * @throws IllegalArgumentException when the topic leaves its partition count to the broker: the wait needs it
     */
    public static void create(Admin admin, NewTopic topic, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        if (topic.numPartitions() < 1) {
            throw new IllegalArgumentException("give the partition count of topic " + topic.name());
        }
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        try {
            admin.createTopics(List.of(topic)).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        awaitServed(admin, topic.name(), topic.numPartitions(), deadlineNanos);
    }

    /**
     * ListOffsets until it is answered for every partition. The admin client retries it while a leader is not ready,
     * but fails it at once while the topic itself is not in the metadata yet (KAFKA-15425); that is retried here.
     */
    private static void awaitServed(Admin admin, String topic, int partitions, long deadlineNanos)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (int partition = 0; partition < partitions; partition++) {
            latest.put(new TopicPartition(topic, partition), OffsetSpec.latest());
        }
        while (true) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
            try {
                admin.listOffsets(latest).all().get(Math.max(1, leftMs), TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof RetriableException) || leftMs <= RETRY_PAUSE_MS) {
                    throw e;
                }
                Thread.sleep(RETRY_PAUSE_MS);
            }
        }
    }
}
