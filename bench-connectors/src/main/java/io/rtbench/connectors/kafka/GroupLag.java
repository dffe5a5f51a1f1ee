package io.rtbench.connectors.kafka;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * How far a consumer group is behind on each partition of a topic, with the partitions' end offsets. A partition the
 * group has never committed counts from its earliest offset, as a new group reads from there; one where the group is
 * at or beyond the end is not behind.
 *
 * @param ends each partition's end offset
 * @param behind the events each partition's end is ahead of the group, never negative
 */
public record GroupLag(Map<TopicPartition, Long> ends, Map<TopicPartition, Long> behind) {

    public GroupLag {
        ends = Collections.unmodifiableMap(new LinkedHashMap<>(ends));
        behind = Collections.unmodifiableMap(new LinkedHashMap<>(behind));
    }

    /** The lag of the group over {@code partitions}, from the offsets Kafka gave for each. */
    public static GroupLag of(
            List<TopicPartition> partitions,
            Map<TopicPartition, OffsetAndMetadata> committed,
            Map<TopicPartition, Long> beginnings,
            Map<TopicPartition, Long> ends) {
        Map<TopicPartition, Long> endOf = new LinkedHashMap<>();
        Map<TopicPartition, Long> behind = new LinkedHashMap<>();
        for (TopicPartition partition : partitions) {
            OffsetAndMetadata position = committed.get(partition);
            long from = position != null ? position.offset() : beginnings.get(partition);
            long end = ends.get(partition);
            endOf.put(partition, end);
            behind.put(partition, Math.max(0, end - from));
        }
        return new GroupLag(endOf, behind);
    }

    /** The events the group has yet to read, over all partitions. */
    public long total() {
        return behind.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The offsets that put the group at the end of every partition where it is behind; empty when it is nowhere. */
    public Map<TopicPartition, OffsetAndMetadata> toEnd() {
        Map<TopicPartition, OffsetAndMetadata> moves = new LinkedHashMap<>();
        behind.forEach((partition, events) -> {
            if (events > 0) {
                moves.put(partition, new OffsetAndMetadata(ends.get(partition)));
            }
        });
        return moves;
    }
}
