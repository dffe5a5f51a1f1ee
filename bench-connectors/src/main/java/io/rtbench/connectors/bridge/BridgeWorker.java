package io.rtbench.connectors.bridge;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer of the bridge's group: polls, batches by size and linger, writes each batch to the target and only then
 * commits its offsets (at-least-once: a crash re-delivers, the target's idempotent writes absorb it). A failing target
 * is retried with exponential backoff until {@link BridgeSettings#retryTimeout()}; the batch is never skipped.
 */
final class BridgeWorker implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(BridgeWorker.class);
    private static final long FIRST_BACKOFF_MS = 100;
    private static final long MAX_BACKOFF_MS = 5_000;
    private static final Duration IDLE_POLL = Duration.ofMillis(100);

    private final BridgeSettings settings;
    private final Consumer<byte[], byte[]> consumer;
    private final Target target;
    private final EpochClock clock;
    private final BridgeStats stats;
    private final AtomicBoolean stopping;
    private final List<Event> batch = new ArrayList<>();
    private final Map<TopicPartition, OffsetAndMetadata> uncommitted = new HashMap<>();
    private long batchDeadlineNanos;

    BridgeWorker(
            BridgeSettings settings,
            Consumer<byte[], byte[]> consumer,
            Target target,
            EpochClock clock,
            BridgeStats stats,
            AtomicBoolean stopping) {
        this.settings = settings;
        this.consumer = consumer;
        this.target = target;
        this.clock = clock;
        this.stats = stats;
        this.stopping = stopping;
    }

    @Override
    public void run() {
        try {
            consumer.subscribe(List.of(settings.topic()), new FlushOnRevoke());
            while (!stopping.get()) {
                ConsumerRecords<byte[], byte[]> records = consumer.poll(pollTimeout());
                add(records);
                if (!batch.isEmpty() && System.nanoTime() - batchDeadlineNanos >= 0) {
                    flush();
                }
            }
            flush();
        } catch (WakeupException e) {
            if (!stopping.get()) {
                throw e;
            }
            flush();
        } finally {
            consumer.close();
        }
    }

    private Duration pollTimeout() {
        if (batch.isEmpty()) {
            return IDLE_POLL;
        }
        return Duration.ofNanos(Math.max(0, batchDeadlineNanos - System.nanoTime()));
    }

    private void add(ConsumerRecords<byte[], byte[]> records) {
        if (records.isEmpty()) {
            return;
        }
        long receivedMicros = clock.epochMicros();
        stats.consumed(records.count());
        for (ConsumerRecord<byte[], byte[]> record : records) {
            if (batch.isEmpty()) {
                batchDeadlineNanos = System.nanoTime() + settings.linger().toNanos();
            }
            uncommitted.put(
                    new TopicPartition(record.topic(), record.partition()), new OffsetAndMetadata(record.offset() + 1));
            try {
                Event event = Event.parse(record.value());
                stats.kafkaHop().recordMicros(receivedMicros - event.eventTimeMicros());
                batch.add(event);
            } catch (IllegalArgumentException | NullPointerException e) {
                // Not an rtbench event (another producer on the topic?): counted, never written, never silent.
                stats.failed(
                        1,
                        "record at " + record.topic() + "-" + record.partition() + "@" + record.offset()
                                + " is not an rtbench event");
            }
            if (batch.size() >= settings.batchSize()) {
                flush();
            }
        }
    }

    /** Writes the batch (retrying while the target fails), then commits the offsets of everything it covered. */
    private void flush() {
        if (!batch.isEmpty()) {
            write(new EventBatch(batch));
            batch.clear();
        }
        if (!uncommitted.isEmpty()) {
            consumer.commitSync(uncommitted);
            uncommitted.clear();
        }
    }

    private void write(EventBatch events) {
        long deadlineNanos = System.nanoTime() + settings.retryTimeout().toNanos();
        long backoffMs = FIRST_BACKOFF_MS;
        while (true) {
            try {
                long startNanos = System.nanoTime();
                WriteResult result = target.write(events);
                stats.sinkWrite().recordMicros((System.nanoTime() - startNanos) / 1_000);
                stats.written(result.written());
                if (result.hasFailures()) {
                    WriteResult.ItemFailure first = result.failures().get(0);
                    LOG.warn(
                            "{} of {} events rejected by {}; first: {} {}",
                            result.failures().size(),
                            events.size(),
                            settings.target().kind(),
                            first.id(),
                            first.reason());
                    stats.failed(result.failures().size(), first.reason());
                }
                return;
            } catch (TargetException e) {
                if (System.nanoTime() - deadlineNanos >= 0 || stopping.get()) {
                    throw new BridgeFailedException(
                            "the target kept failing for "
                                    + settings.retryTimeout().toSeconds() + " s; last error: " + e.getMessage(),
                            e);
                }
                stats.retried(e.getMessage());
                LOG.warn("write of {} events failed, retrying in {} ms: {}", events.size(), backoffMs, e.getMessage());
                sleep(backoffMs);
                backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BridgeFailedException("interrupted while retrying a write", e);
        }
    }

    /** Partitions leaving this consumer: write and commit what was read from them while we still own them. */
    private final class FlushOnRevoke implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            flush();
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
    }
}
