package io.rtbench.connectors.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer group's offsets on a topic against the topic's own: what a sink's backlog is counted from
 * (docs/MEASUREMENT.md, "Sustained: when a backlog grew") and what a run moves before its sink starts (docs/GUIDE.md,
 * "Only the run's own events"), asked the same way by both. Each request waits at most {@code timeout}; failures are the
 * future's.
 */
public final class GroupOffsets {

    private GroupOffsets() {}

    /** The group's committed offsets, on every topic it reads; empty for a group Kafka does not know. */
    public static Map<TopicPartition, OffsetAndMetadata> committed(Admin admin, String group, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        return admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether the group has committed an offset on any partition of the topic. */
    public static boolean hasCommitted(Admin admin, String group, String topic, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        return committed(admin, group, timeout).keySet().stream()
                .anyMatch(partition -> partition.topic().equals(topic));
    }

    /** The partitions' offsets of one kind: {@link OffsetSpec#latest()} for their ends, earliest for beginnings. */
    public static Map<TopicPartition, Long> offsets(
            Admin admin, Collection<TopicPartition> partitions, OffsetSpec spec, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, ListOffsetsResultInfo> found = admin.listOffsets(
                        partitions.stream().collect(Collectors.toMap(Function.identity(), partition -> spec)))
                .all()
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        return found.entrySet().stream()
                .collect(Collectors.toMap(
                        Map.Entry::getKey, entry -> entry.getValue().offset()));
    }

    /**
     * The group's lag on every partition of the topic: the topic described, then its end and earliest offsets, then the
     * group's committed ones; fails with {@code UnknownTopicOrPartitionException} as cause while there is no topic.
     */
    public static GroupLag lag(Admin admin, String group, String topic, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        List<TopicPartition> partitions = KafkaTopics.partitions(admin, topic, timeout);
        Map<TopicPartition, Long> ends = offsets(admin, partitions, OffsetSpec.latest(), timeout);
        Map<TopicPartition, Long> beginnings = offsets(admin, partitions, OffsetSpec.earliest(), timeout);
        return GroupLag.of(partitions, committed(admin, group, timeout), beginnings, ends);
    }

    /**
     * Moves the group to the topic's end on every partition where it is behind (or has no offset), so that it reads
     * only what is produced from now on. Kafka refuses while the group has members.
     *
     * @return the events passed over; 0 when the group was nowhere behind (and was not moved)
     */
    public static long moveToEnd(Admin admin, String group, String topic, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        GroupLag lag = lag(admin, group, topic, timeout);
        Map<TopicPartition, OffsetAndMetadata> moves = lag.toEnd();
        if (moves.isEmpty()) {
            return 0;
        }
        admin.alterConsumerGroupOffsets(group, moves).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        return lag.total();
    }
}
