package io.rtbench.connectors.writes;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Which Kafka offsets may be committed while several writes are in flight and finish in any order. Each batch is
 * registered in the order its records were read, with the offset after its last record of every partition it covers;
 * when a batch is acknowledged, each of its partitions may commit up to the newest batch before which every batch of
 * that partition was acknowledged. A batch that is never acknowledged (its write gave up) holds its partitions' commits
 * back, so a restarted consumer reads it again: at-least-once, with the target's writes idempotent on {@code _id}
 * (docs/GUIDE.md, "Concepts").
 *
 * <p>Not thread-safe: the thread that owns the consumer (or the Connect task's thread) registers, acknowledges and
 * reads.
 */
public final class OffsetTracker {

    /** One registered batch: the offset after its last record in each partition it covers. */
    public static final class Batch {
        private final Map<TopicPartition, Long> nextOffsets;
        private boolean acknowledged;

        private Batch(Map<TopicPartition, Long> nextOffsets) {
            this.nextOffsets = Map.copyOf(nextOffsets);
        }

        public boolean isAcknowledged() {
            return acknowledged;
        }

        @Override
        public String toString() {
            return "Batch" + nextOffsets + (acknowledged ? " acknowledged" : "");
        }
    }

    private final Map<TopicPartition, ArrayDeque<Batch>> pending = new HashMap<>();
    private final Map<TopicPartition, OffsetAndMetadata> acknowledged = new HashMap<>();
    private final Set<TopicPartition> advanced = new LinkedHashSet<>();

    /**
     * Registers the next batch read.
     *
     * @param nextOffsets per partition, the offset after the batch's last record there (what a commit would store)
     */
    public Batch register(Map<TopicPartition, Long> nextOffsets) {
        Batch batch = new Batch(nextOffsets);
        for (TopicPartition partition : batch.nextOffsets.keySet()) {
            pending.computeIfAbsent(partition, p -> new ArrayDeque<>()).addLast(batch);
        }
        return batch;
    }

    /** The target took the batch (or finally rejected some of its events): its offsets may be committed in turn. */
    public void acknowledge(Batch batch) {
        batch.acknowledged = true;
        for (TopicPartition partition : batch.nextOffsets.keySet()) {
            ArrayDeque<Batch> queue = pending.get(partition);
            if (queue == null) {
                continue; // forgotten: the partition went to another consumer meanwhile
            }
            Long next = null;
            while (!queue.isEmpty() && queue.peekFirst().acknowledged) {
                next = queue.pollFirst().nextOffsets.get(partition);
            }
            if (queue.isEmpty()) {
                pending.remove(partition);
            }
            if (next != null) {
                acknowledged.put(partition, new OffsetAndMetadata(next));
                advanced.add(partition);
            }
        }
    }

    /** Per partition, the offset up to which every batch was acknowledged (partitions without any are absent). */
    public Map<TopicPartition, OffsetAndMetadata> acknowledged() {
        return Map.copyOf(acknowledged);
    }

    /** The partitions whose acknowledged offset moved since the previous call, with that offset. */
    public Map<TopicPartition, OffsetAndMetadata> takeAdvanced() {
        Map<TopicPartition, OffsetAndMetadata> moved = new HashMap<>();
        for (TopicPartition partition : advanced) {
            moved.put(partition, acknowledged.get(partition));
        }
        advanced.clear();
        return moved;
    }

    /** Batches registered and not yet acknowledged, or held back by one that was not. */
    public boolean hasPending() {
        return !pending.isEmpty();
    }

    /**
     * Drops partitions this consumer no longer owns: their pending batches may still be acknowledged, but never make
     * their offsets committable again.
     */
    public void forget(Collection<TopicPartition> partitions) {
        for (TopicPartition partition : partitions) {
            pending.remove(partition);
            acknowledged.remove(partition);
            advanced.remove(partition);
        }
    }
}
