package io.rtbench.connectors.connect;

import io.rtbench.connectors.writes.InFlightWrites;
import io.rtbench.connectors.writes.RetryPolicy;
import io.rtbench.connectors.writes.SinkWriter;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
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
 * same {@link SinkWriter} as the bridge, with up to {@code target.max.in.flight} writes in flight so that the database,
 * not the task, sets the pace (docs/CONNECT.md).
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

    private final Function<TargetConfig, Target> opener;
    private final EpochClock clock;
    private final LongSupplier nanoClock;
    private final Map<String, String> env;
    private final Executor writeExecutor;
    private final InFlightWrites.Pause retryPause;
    private final Set<TopicPartition> paused = new HashSet<>();
    private final AtomicLong retries = new AtomicLong();

    private RtbenchSinkConfig config;
    private Target target;
    private TaskMetrics metrics;
    private ErrantRecordReporter reporter;
    private SinkWriter<SinkRecord> writer;
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
        writer = new SinkWriter<>(
                target,
                new SinkWriter.Settings(
                        config.target().kind(),
                        config.batchSize(),
                        config.maxInFlight(),
                        new RetryPolicy(config.retryBackoff(), config.retryBackoff(), config.retryTimeout()),
                        "rtbench-sink-" + config.connectorName() + "-task" + config.taskId() + "-writer",
                        writeExecutor,
                        nanoClock,
                        retryPause),
                metrics.sinkWrite(),
                new Outcomes());
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
        writer.takeFinished();
        throwIfFailed();
        if (!records.isEmpty()) {
            received += records.size();
            split(records);
        }
        writer.submit(PUT_WAIT);
        writer.takeFinished();
        throwIfFailed();
        applyBackPressure();
    }

    /** Turns records into batches of at most {@code batchSize} events, closed in the order they were read. */
    private void split(Collection<SinkRecord> records) {
        long receivedMicros = clock.epochMicros();
        for (SinkRecord record : records) {
            Event event = null;
            try {
                event = RecordEvents.toEvent(record);
                metrics.kafkaHop().recordMicros(receivedMicros - event.eventTimeMicros());
            } catch (DataException e) {
                reject(record, e);
            }
            writer.offer(
                    new TopicPartition(record.originalTopic(), record.originalKafkaPartition()),
                    record.originalKafkaOffset(),
                    event,
                    record);
        }
        writer.seal();
    }

    /** The first write that gave up fails the task from then on; its offsets were never offered. */
    private void throwIfFailed() {
        SinkWriter.GaveUp gaveUp = writer.gaveUp();
        if (failure == null && gaveUp != null) {
            failure = new ConnectException(gaveUp.message(true), gaveUp.error());
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * While batches wait for a writer, the task's partitions are paused (Connect keeps polling, so the task stays in
     * the group, but reads nothing more); Connect is asked to call {@code put} again soon to hand them on.
     */
    private void applyBackPressure() {
        if (writer.queued() > 0 && paused.isEmpty()) {
            paused.addAll(context.assignment());
            context.pause(paused.toArray(new TopicPartition[0]));
        } else if (writer.queued() == 0 && !paused.isEmpty()) {
            paused.retainAll(context.assignment());
            context.resume(paused.toArray(new TopicPartition[0]));
            paused.clear();
        }
        if (writer.queued() > 0 || writer.inFlight() > 0) {
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
        writer.takeFinished();
        writer.submit(Duration.ZERO);
        Map<TopicPartition, OffsetAndMetadata> acknowledged = writer.acknowledged();
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
        writer.drain(PUT_WAIT);
        throwIfFailed();
    }

    @Override
    public void close(Collection<TopicPartition> partitions) {
        writer.forget(partitions);
        paused.removeAll(partitions);
    }

    @Override
    public void stop() {
        if (writer != null) {
            // What is still waiting was never offered for commit: the group reads it again.
            writer.stop(config.target().timeout().plusSeconds(5));
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

    /** What the task counts and reports of its writes (docs/CONNECT.md, "What a task does") and how it fails. */
    private final class Outcomes implements SinkWriter.Owner<SinkRecord> {
        @Override
        public void written(EventBatch batch, List<SinkRecord> sources, WriteResult result, long writeNanos) {
            written += result.written();
            for (WriteResult.ItemFailure item : result.failures()) {
                reject(
                        sources.get(item.index()),
                        new DataException(
                                config.target().kind() + " rejected event " + item.id() + ": " + item.reason()));
            }
        }

        @Override
        public void retrying(int events, int attempt, long backoffMs, TargetException error) {
            retries.incrementAndGet();
        }

        @Override
        public RuntimeException failure(String message, Throwable cause) {
            return new ConnectException(message, cause);
        }
    }
}
