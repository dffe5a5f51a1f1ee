package io.rtbench.connectors.bridge;

import io.rtbench.connectors.writes.RetryPolicy;
import io.rtbench.connectors.writes.SinkWriter;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer of the bridge's group: polls, and hands what it read to a {@link SinkWriter}, which batches by size
 * (this loop closes a batch after its linger) and keeps up to {@link BridgeSettings#maxInFlight()} writes in flight, so
 * that the database, not this loop, sets the pace. It stops reading while that many writes are in flight (memory stays
 * bounded) and commits a partition's offsets, in order, only once every earlier batch of that partition was
 * acknowledged (at-least-once: a crash re-delivers, the target's idempotent writes absorb it). A failing target is
 * retried with exponential backoff until {@link BridgeSettings#retryTimeout()}; the batch is never skipped. A broker
 * that does not answer at start, or stops answering for the retry timeout, ends the worker with a
 * {@link BridgeFailedException} ({@link BrokerWatch}).
 */
final class BridgeWorker implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(BridgeWorker.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);
    private static final Duration IDLE_POLL = Duration.ofMillis(100);
    private static final Duration COMPLETION_WAIT = Duration.ofMillis(100);

    private final BridgeSettings settings;
    private final Supplier<Consumer<byte[], byte[]>> consumers;
    private final EpochClock clock;
    private final BridgeStats stats;
    private final AtomicBoolean stopping;
    private final SinkWriter<Void> writer;
    private final BrokerWatch broker;
    private volatile Consumer<byte[], byte[]> consumer;
    private long batchDeadlineNanos;
    private boolean recommit;
    /** The final commit was tried: closing the consumer revokes its partitions, which must not try it again. */
    private boolean committedOnStop;
    /** The writer's give-up was thrown: once is enough, closing the consumer then still commits what was written. */
    private boolean gaveUpThrown;

    private RuntimeException rebalanceFailure;
    /** The broker answered this consumer; its partitions were assigned once (a rebalance it took part in ended). */
    private volatile boolean connected;

    private volatile boolean assigned;
    /** Killed ({@link Bridge#kill()}): nothing more is written, drained or committed. */
    private volatile boolean killed;

    BridgeWorker(
            BridgeSettings settings,
            Supplier<Consumer<byte[], byte[]>> consumers,
            Target target,
            EpochClock clock,
            BridgeStats stats,
            AtomicBoolean stopping,
            String name) {
        this.settings = settings;
        this.consumers = consumers;
        this.clock = clock;
        this.stats = stats;
        this.stopping = stopping;
        this.writer = new SinkWriter<>(
                target,
                new SinkWriter.Settings(
                        settings.target().kind(),
                        settings.batchSize(),
                        settings.maxInFlight(),
                        new RetryPolicy(FIRST_BACKOFF, MAX_BACKOFF, settings.retryTimeout()),
                        name + "-writer"),
                stats.sinkWrite(),
                new Outcomes());
        this.broker = new BrokerWatch(
                settings.bootstrapServers(), settings.connectTimeout(), settings.retryTimeout(), System::nanoTime);
    }

    @Override
    public void run() {
        try {
            consumer = consumers.get();
            if (stopping.get()) {
                return;
            }
            broker.awaitFirstAnswer(consumer);
            connected = true;
            consumer.subscribe(List.of(settings.topic()), new OnRebalance());
            while (!stopping.get()) {
                ConsumerRecords<byte[], byte[]> records = consumer.poll(pollTimeout());
                throwRebalanceFailure();
                if (!records.isEmpty()) {
                    broker.contact();
                }
                add(records);
                if (writer.hasOpenBatch() && System.nanoTime() - batchDeadlineNanos >= 0) {
                    dispatch();
                }
                writer.takeFinished();
                throwIfGaveUp();
                commitAcknowledged();
                broker.check(consumer);
            }
            finish();
        } catch (WakeupException e) {
            if (!stopping.get()) {
                throw e;
            }
            finish();
        } finally {
            writer.close();
            if (consumer != null) {
                // a broker that does not answer is not waited for again (leaving the group)
                consumer.close(CloseOptions.timeout(broker.silent() ? Duration.ZERO : settings.connectTimeout()));
            }
        }
    }

    /** Called by {@link Bridge#close()} from another thread: writes failing from now on are not retried. */
    void stop() {
        writer.stopRetrying();
        Consumer<byte[], byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    /**
     * Called by {@link Bridge#kill()} from another thread: the loop ends as a crash would end it, without writing what
     * it read, waiting for the writes in flight (closing the writer interrupts them) or committing.
     */
    void kill() {
        killed = true;
        stop();
    }

    /** Whether the broker has answered this consumer. */
    boolean connected() {
        return connected;
    }

    /** Whether this consumer's partitions were assigned at least once. */
    boolean assigned() {
        return assigned;
    }

    /**
     * Until the batch's linger is over, in whole milliseconds rounded up: the consumer's poll timer counts whole
     * milliseconds, so the last fraction of one would be {@code poll(0)}, returning at once, again and again until the
     * deadline. That spin was a quarter of the bridge thread's CPU at 4,800 events/s (docs/BENCHMARKS.md, "The bridge's
     * own CPU"); the batch now leaves up to a millisecond after its linger instead.
     */
    private Duration pollTimeout() {
        if (!writer.hasOpenBatch()) {
            return IDLE_POLL;
        }
        return Duration.ofMillis(lingerLeftMillis(batchDeadlineNanos - System.nanoTime()));
    }

    /** {@code nanos} left of a linger, as the milliseconds a consumer poll may wait: rounded up, 0 when none is left. */
    static long lingerLeftMillis(long nanos) {
        return nanos <= 0 ? 0 : (nanos + 999_999) / 1_000_000;
    }

    private void add(ConsumerRecords<byte[], byte[]> records) {
        if (records.isEmpty()) {
            return;
        }
        long receivedMicros = clock.epochMicros();
        stats.consumed(records.count());
        for (ConsumerRecord<byte[], byte[]> record : records) {
            if (!writer.hasOpenBatch()) {
                batchDeadlineNanos = System.nanoTime() + settings.linger().toNanos();
            }
            TopicPartition partition = new TopicPartition(record.topic(), record.partition());
            if (writer.offer(partition, record.offset(), event(record, receivedMicros), null)) {
                submitAll();
            }
        }
    }

    /** The record's event, with its {@code kafkaHop}; null (counted, never written, never silent) if it is none. */
    private Event event(ConsumerRecord<byte[], byte[]> record, long receivedMicros) {
        try {
            Event event = Event.parse(document(record));
            stats.kafkaHop().recordMicros(receivedMicros - event.eventTimeMicros());
            return event;
        } catch (IllegalArgumentException | NullPointerException e) {
            // Not an rtbench event (another producer on the topic?).
            stats.failed(
                    1,
                    "record at " + record.topic() + "-" + record.partition() + "@" + record.offset()
                            + " is not an rtbench event");
            return null;
        }
    }

    /**
     * The record's document: its value, or for a tombstone (a delete of workload {@code dml}) header
     * {@link EventLayout#DELETE_HEADER}; null when neither is there.
     */
    private static byte[] document(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() != null) {
            return record.value();
        }
        Header header = record.headers().lastHeader(EventLayout.DELETE_HEADER);
        return header == null ? null : header.value();
    }

    /** Hands the batch read so far to a writer, waiting for one to be free: while it waits, nothing is read. */
    private void dispatch() {
        writer.seal();
        submitAll();
    }

    private void submitAll() {
        while (!writer.submit(COMPLETION_WAIT)) {
            // a writer frees up, or a write gives up
            if (killed) {
                throw new WakeupException(); // ends the loop as the kill's wakeup would in a poll
            }
        }
        throwIfGaveUp();
    }

    private void throwIfGaveUp() {
        SinkWriter.GaveUp gaveUp = writer.gaveUp();
        if (gaveUp == null || gaveUpThrown) {
            return;
        }
        gaveUpThrown = true;
        if (gaveUp.byTarget() && stopping.get()) {
            throw new BridgeFailedException(
                    "the target failed while the bridge was stopping; last error: "
                            + gaveUp.error().getMessage(),
                    gaveUp.error());
        }
        throw new BridgeFailedException(gaveUp.message(false), gaveUp.error());
    }

    /** Commits, without waiting, the offsets that moved; a failed commit is repeated with the next one. */
    private void commitAcknowledged() {
        Map<TopicPartition, OffsetAndMetadata> moved = writer.takeAdvanced();
        if (recommit) {
            moved = writer.acknowledged();
            recommit = false;
        }
        if (moved.isEmpty()) {
            return;
        }
        consumer.commitAsync(moved, (committed, error) -> {
            if (error == null) {
                broker.contact();
            } else {
                recommit = true;
                LOG.debug("commit of {} failed, repeated with the next one: {}", committed, error.toString());
            }
        });
    }

    /** Writes what was read, waits for every write in flight and commits: before stopping or giving partitions up. */
    private void finish() {
        if (killed) {
            return;
        }
        writer.seal();
        writer.drain(COMPLETION_WAIT);
        throwIfGaveUp();
        Map<TopicPartition, OffsetAndMetadata> acknowledged = writer.acknowledged();
        if (acknowledged.isEmpty() || committedOnStop) {
            return;
        }
        committedOnStop = stopping.get();
        if (broker.silent()) {
            // At-least-once holds, as below; a run that ends because Kafka is gone ends now, not after a commit
            // timeout.
            LOG.warn(
                    "Kafka at {} does not answer: {} not committed; those events will be read again",
                    settings.bootstrapServers(),
                    acknowledged);
            return;
        }
        try {
            consumer.commitSync(acknowledged, settings.connectTimeout());
        } catch (KafkaException e) {
            // At-least-once holds: the next consumer of these partitions reads the uncommitted events again.
            LOG.warn("could not commit {}; those events will be read again: {}", acknowledged, e.toString());
        }
    }

    private void throwRebalanceFailure() {
        RuntimeException failure = rebalanceFailure;
        if (failure != null) {
            rebalanceFailure = null;
            throw failure;
        }
    }

    /** Partitions leaving this consumer: write and commit what was read while we still own them. */
    private final class OnRebalance implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            try {
                finish();
            } catch (RuntimeException e) {
                // The consumer would only log it: rethrown after poll returns.
                rebalanceFailure = e;
            } finally {
                writer.forget(partitions);
            }
        }

        /** Already someone else's: nothing of them may be committed any more, not even by the batch being read. */
        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            writer.forget(partitions);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            assigned = true;
        }
    }

    /** What the bridge counts of its writes (docs/MEASUREMENT.md) and how it fails. */
    private final class Outcomes implements SinkWriter.Owner<Void> {
        @Override
        public void written(EventBatch batch, List<Void> sources, WriteResult result, long writeNanos) {
            long endMicros = clock.epochMicros();
            stats.written(result.written(), endMicros - writeNanos / 1_000, endMicros);
            if (result.hasFailures()) {
                WriteResult.ItemFailure first = result.failures().get(0);
                LOG.warn(
                        "{} of {} events rejected by {}; first: {} {}",
                        result.failures().size(),
                        batch.size(),
                        settings.target().kind(),
                        first.id(),
                        first.reason());
                stats.failed(result.failures().size(), first.reason());
            }
        }

        @Override
        public void retrying(int events, int attempt, long backoffMs, TargetException error) {
            stats.retried(error.getMessage());
        }

        @Override
        public RuntimeException failure(String message, Throwable cause) {
            return new BridgeFailedException(message, cause);
        }
    }
}
