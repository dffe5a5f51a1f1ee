package io.rtbench.connectors.connect;

import io.rtbench.connectors.writes.InFlightWrites;
import io.rtbench.connectors.writes.OffsetTracker;
import io.rtbench.connectors.writes.RetryPolicy;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the records Connect hands to {@link #put} to the target, in batches of {@code target.batch.size}, through the
 * same {@link Target#write} as the bridge and direct mode, with up to {@code target.max.in.flight} writes in flight so
 * that the database, not the task, sets the pace (docs/CONNECT.md).
 *
 * <p>{@code put} hands each batch to a writer and returns; while every writer is busy it waits for one (at most half a
 * second per call), then pauses its partitions and asks Connect to call again soon, so memory stays bounded and the
 * consumer keeps polling. At-least-once: {@link #preCommit} offers only offsets before which every batch was
 * acknowledged (or rejected by the target item by item, which is final). A target that cannot take a batch
 * ({@link TargetException}) is retried by the task every {@code target.retry.backoff.ms}; after
 * {@code target.retry.timeout.ms} of failures the task fails, with the target's error in its trace, and the batch's
 * offsets were never offered. {@link #flush} and {@link #stop} wait for the writes in flight.
 *
 * <p>Measures {@code kafkaHop} ({@code _event_time} → the records reaching {@code put}) and {@code sinkWrite} (each
 * successful write call), see {@link TaskMetrics}.
 */
public final class RtbenchSinkTask extends SinkTask {

    private static final Logger LOG = LoggerFactory.getLogger(RtbenchSinkTask.class);
    private static final Duration PUT_WAIT = Duration.ofMillis(500);
    private static final long CALL_AGAIN_MS = 50;

    /** One write's worth of records: the events, the records they came from (same order), and their offsets. */
    private record Chunk(OffsetTracker.Batch offsets, EventBatch events, List<SinkRecord> sources) {}

    private final Function<TargetConfig, Target> opener;
    private final EpochClock clock;
    private final LongSupplier nanoClock;
    private final Map<String, String> env;
    private final Executor writeExecutor;
    private final InFlightWrites.Pause retryPause;
    private final OffsetTracker offsets = new OffsetTracker();
    private final ArrayDeque<Chunk> waiting = new ArrayDeque<>();
    private final Set<TopicPartition> paused = new HashSet<>();
    private final AtomicLong retries = new AtomicLong();

    private RtbenchSinkConfig config;
    private Target target;
    private TaskMetrics metrics;
    private ErrantRecordReporter reporter;
    private InFlightWrites<Chunk> writes;
    private ConnectException failure;
    private long received;
    private long written;
    private long rejected;

    /** Used by Connect. */
    public RtbenchSinkTask() {
        this(Targets::open, EpochClock.SYSTEM, System::nanoTime, System.getenv(), null, null);
    }

    /**
     * For tests: writes run on {@code writeExecutor} (writer threads of the task's own when null) and wait between
     * retries with {@code retryPause} (a real wait when null).
     */
    RtbenchSinkTask(
            Function<TargetConfig, Target> opener,
            EpochClock clock,
            LongSupplier nanoClock,
            Map<String, String> env,
            Executor writeExecutor,
            InFlightWrites.Pause retryPause) {
        this.opener = opener;
        this.clock = clock;
        this.nanoClock = nanoClock;
        this.env = env;
        this.writeExecutor = writeExecutor;
        this.retryPause = retryPause;
    }

    @Override
    public String version() {
        return RtbenchSinkConnector.pluginVersion();
    }

    @Override
    public void start(Map<String, String> settings) {
        config = RtbenchSinkConfig.parse(settings, env);
        try {
            target = opener.apply(config.target());
            if (config.createCollection()) {
                target.ensureCollection();
            }
        } catch (TargetException | IllegalArgumentException e) {
            stop();
            throw new ConnectException(e.getMessage(), e);
        }
        reporter = errantRecordReporter();
        metrics = TaskMetrics.open(config, System.currentTimeMillis());
        writes = new InFlightWrites<>(
                target,
                config.maxInFlight(),
                new RetryPolicy(config.retryBackoff(), config.retryBackoff(), config.retryTimeout()),
                (events, attempt, backoffMs, error) -> retries.incrementAndGet(),
                writeExecutor,
                "rtbench-sink-" + config.connectorName() + "-task" + config.taskId() + "-writer",
                nanoClock,
                retryPause);
        LOG.info(
                "rtbench sink {} task {} writes to {} collection {} in batches of {}, {} in flight (metrics log: {},"
                        + " loaded by {})",
                config.connectorName(),
                config.taskId(),
                config.target().kind(),
                config.target().collection(),
                config.batchSize(),
                config.maxInFlight(),
                metrics.logFile() == null ? "none" : metrics.logFile(),
                getClass().getClassLoader());
    }

    private ErrantRecordReporter errantRecordReporter() {
        try {
            return context == null ? null : context.errantRecordReporter();
        } catch (NoSuchMethodError | NoClassDefFoundError e) {
            return null; // a worker older than Kafka 2.6
        }
    }

    @Override
    public void put(Collection<SinkRecord> records) {
        writes.takeFinished(this::finished);
        throwIfFailed();
        if (!records.isEmpty()) {
            received += records.size();
            split(records);
        }
        submitWaiting(PUT_WAIT);
        writes.takeFinished(this::finished);
        throwIfFailed();
        applyBackPressure();
    }

    /** Turns records into chunks of at most {@code batchSize} events, registered in the order they were read. */
    private void split(Collection<SinkRecord> records) {
        long receivedMicros = clock.epochMicros();
        List<Event> events = new ArrayList<>();
        List<SinkRecord> sources = new ArrayList<>();
        Map<TopicPartition, Long> nextOffsets = new HashMap<>();
        for (SinkRecord record : records) {
            nextOffsets.put(
                    new TopicPartition(record.originalTopic(), record.originalKafkaPartition()),
                    record.originalKafkaOffset() + 1);
            try {
                Event event = RecordEvents.toEvent(record);
                metrics.kafkaHop().recordMicros(receivedMicros - event.eventTimeMicros());
                events.add(event);
                sources.add(record);
            } catch (DataException e) {
                reject(record, e);
            }
            if (events.size() == config.batchSize()) {
                chunk(nextOffsets, events, sources);
                events = new ArrayList<>();
                sources = new ArrayList<>();
                nextOffsets = new HashMap<>();
            }
        }
        if (!nextOffsets.isEmpty()) {
            chunk(nextOffsets, events, sources);
        }
    }

    private void chunk(Map<TopicPartition, Long> nextOffsets, List<Event> events, List<SinkRecord> sources) {
        OffsetTracker.Batch batch = offsets.register(nextOffsets);
        if (events.isEmpty()) {
            offsets.acknowledge(batch); // only records the task rejected: nothing to write, nothing to wait for
        } else {
            waiting.add(new Chunk(batch, new EventBatch(events), sources));
        }
    }

    /** Hands waiting chunks to free writers; waits up to {@code maxWait} for writers to free up. */
    private void submitWaiting(Duration maxWait) {
        long deadlineNanos = System.nanoTime() + maxWait.toNanos();
        while (!waiting.isEmpty() && failure == null) {
            if (writes.hasRoom()) {
                Chunk chunk = waiting.poll();
                writes.submit(chunk, chunk.events());
                continue;
            }
            long leftNanos = deadlineNanos - System.nanoTime();
            if (leftNanos <= 0) {
                return;
            }
            awaitFinished(Duration.ofNanos(leftNanos));
        }
    }

    private void awaitFinished(Duration atMost) {
        try {
            writes.awaitFinished(atMost, this::finished);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectException("interrupted while waiting for a write", e);
        }
    }

    private void finished(InFlightWrites.Completion<Chunk> done) {
        if (!done.succeeded()) {
            if (failure == null) {
                failure = gaveUp(done);
            }
            return;
        }
        metrics.sinkWrite().recordMicros(done.writeNanos() / 1_000);
        WriteResult result = done.result();
        written += result.written();
        for (WriteResult.ItemFailure item : result.failures()) {
            reject(
                    done.tag().sources().get(item.index()),
                    new DataException(config.target().kind() + " rejected event " + item.id() + ": " + item.reason()));
        }
        offsets.acknowledge(done.tag().offsets());
    }

    private ConnectException gaveUp(InFlightWrites.Completion<Chunk> done) {
        RuntimeException error = done.error();
        if (!(error instanceof TargetException)) {
            return new ConnectException("writing to " + config.target().kind() + " failed: " + error, error);
        }
        return new ConnectException(
                "the target kept failing for "
                        + Duration.ofNanos(done.failingNanos()).toSeconds() + " s (" + (done.attempts() - 1)
                        + " retries); last error: " + error.getMessage(),
                error);
    }

    private void throwIfFailed() {
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * While chunks wait for a writer, the task's partitions are paused (Connect keeps polling, so the task stays in
     * the group, but reads nothing more); Connect is asked to call {@code put} again soon to hand them on.
     */
    private void applyBackPressure() {
        if (!waiting.isEmpty() && paused.isEmpty()) {
            paused.addAll(context.assignment());
            context.pause(paused.toArray(new TopicPartition[0]));
        } else if (waiting.isEmpty() && !paused.isEmpty()) {
            paused.retainAll(context.assignment());
            context.resume(paused.toArray(new TopicPartition[0]));
            paused.clear();
        }
        if (!waiting.isEmpty() || writes.inFlight() > 0) {
            context.timeout(CALL_AGAIN_MS); // take completions (and failures) without waiting for new records
        }
    }

    /** A record the target will never take: counted, logged, and handed to the errant record reporter if any. */
    private void reject(SinkRecord record, DataException reason) {
        rejected++;
        if (rejected == 1 || Long.bitCount(rejected) == 1) {
            LOG.warn("{} record(s) rejected so far; latest: {}", rejected, reason.getMessage());
        }
        if (reporter != null) {
            reporter.report(record, reason);
        }
    }

    @Override
    public Map<TopicPartition, OffsetAndMetadata> preCommit(Map<TopicPartition, OffsetAndMetadata> currentOffsets) {
        writes.takeFinished(this::finished);
        submitWaiting(Duration.ZERO);
        Map<TopicPartition, OffsetAndMetadata> acknowledged = offsets.acknowledged();
        Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
        for (TopicPartition partition : currentOffsets.keySet()) {
            OffsetAndMetadata offset = acknowledged.get(partition);
            if (offset != null) {
                commit.put(partition, offset);
            }
        }
        return commit;
    }

    /** Writes everything put so far and waits for it. */
    @Override
    public void flush(Map<TopicPartition, OffsetAndMetadata> currentOffsets) {
        while ((!waiting.isEmpty() || writes.inFlight() > 0) && failure == null) {
            submitWaiting(PUT_WAIT);
            awaitFinished(PUT_WAIT);
        }
        throwIfFailed();
    }

    @Override
    public void close(Collection<TopicPartition> partitions) {
        offsets.forget(partitions);
        paused.removeAll(partitions);
    }

    @Override
    public void stop() {
        if (writes != null) {
            // What is still waiting was never offered for commit: the group reads it again.
            writes.stopRetrying();
            long deadlineNanos =
                    System.nanoTime() + config.target().timeout().plusSeconds(5).toNanos();
            while (writes.inFlight() > 0 && System.nanoTime() - deadlineNanos < 0) {
                awaitFinished(Duration.ofMillis(100));
            }
            writes.close();
        }
        if (metrics != null) {
            metrics.close();
        }
        if (target != null) {
            target.close();
        }
        if (config != null) {
            LOG.info(
                    "rtbench sink {} task {} stopped: {} records received, {} events written, {} rejected, {} retries",
                    config.connectorName(),
                    config.taskId(),
                    received,
                    written,
                    rejected,
                    retries.get());
        }
    }

    /** What this task measured (for tests in this package). */
    TaskMetrics metrics() {
        return metrics;
    }

    long rejected() {
        return rejected;
    }

    long retries() {
        return retries.get();
    }
}
