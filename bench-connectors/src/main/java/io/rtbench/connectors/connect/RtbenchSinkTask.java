package io.rtbench.connectors.connect;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.time.EpochClock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the records Connect hands to {@link #put} to the target, in batches of {@code target.batch.size}, through the
 * same {@link Target#write} as the bridge and direct mode.
 *
 * <p>At-least-once: {@code put} returns only once the target acknowledged every batch, and {@link #preCommit} offers
 * Connect only the offsets of records that were acknowledged (or rejected by the target item by item, which is final).
 * A target that cannot take a batch ({@link TargetException}) becomes a {@link RetriableException}: Connect pauses,
 * waits {@code target.retry.backoff.ms} and redelivers the same records; batches of them already written are written
 * again, which the drivers' writes, idempotent on {@code _id}, absorb. After {@code target.retry.timeout.ms} of failures
 * the task fails, with the target's error in its trace.
 *
 * <p>Measures {@code kafkaHop} ({@code _event_time} → the records reaching {@code put}, once per record, not again on
 * a redelivery) and {@code sinkWrite} (each successful write call), see {@link TaskMetrics}.
 */
public final class RtbenchSinkTask extends SinkTask {

    private static final Logger LOG = LoggerFactory.getLogger(RtbenchSinkTask.class);

    private final Function<TargetConfig, Target> opener;
    private final EpochClock clock;
    private final LongSupplier nanoClock;
    private final Map<String, String> env;
    private final Map<TopicPartition, OffsetAndMetadata> acknowledged = new HashMap<>();

    private RtbenchSinkConfig config;
    private Target target;
    private TaskMetrics metrics;
    private ErrantRecordReporter reporter;
    private boolean failing;
    private long failingSinceNanos;
    private long received;
    private long written;
    private long rejected;
    private long retries;

    /** Used by Connect. */
    public RtbenchSinkTask() {
        this(Targets::open, EpochClock.SYSTEM, System::nanoTime, System.getenv());
    }

    RtbenchSinkTask(
            Function<TargetConfig, Target> opener, EpochClock clock, LongSupplier nanoClock, Map<String, String> env) {
        this.opener = opener;
        this.clock = clock;
        this.nanoClock = nanoClock;
        this.env = env;
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
        LOG.info(
                "rtbench sink {} task {} writes to {} collection {} in batches of {} (metrics log: {}, loaded by {})",
                config.connectorName(),
                config.taskId(),
                config.target().kind(),
                config.target().collection(),
                config.batchSize(),
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
        if (records.isEmpty()) {
            return;
        }
        // A redelivery after a RetriableException is the same records again: they were received (and counted) once.
        boolean redelivery = failing;
        long receivedMicros = clock.epochMicros();
        List<Event> events = new ArrayList<>(records.size());
        List<SinkRecord> sources = new ArrayList<>(records.size());
        for (SinkRecord record : records) {
            try {
                Event event = RecordEvents.toEvent(record);
                if (!redelivery) {
                    metrics.kafkaHop().recordMicros(receivedMicros - event.eventTimeMicros());
                }
                events.add(event);
                sources.add(record);
            } catch (DataException e) {
                if (!redelivery) {
                    reject(record, e);
                }
            }
        }
        if (!redelivery) {
            received += records.size();
        }
        for (int from = 0; from < events.size(); from += config.batchSize()) {
            int to = Math.min(events.size(), from + config.batchSize());
            write(events.subList(from, to), sources.subList(from, to));
        }
        failing = false;
        acknowledge(records);
    }

    private void write(List<Event> events, List<SinkRecord> sources) {
        long startNanos = nanoClock.getAsLong();
        WriteResult result;
        try {
            result = target.write(new EventBatch(events));
        } catch (TargetException e) {
            throw retryLater(events.size(), e);
        }
        metrics.sinkWrite().recordMicros((nanoClock.getAsLong() - startNanos) / 1_000);
        written += result.written();
        for (WriteResult.ItemFailure failure : result.failures()) {
            reject(
                    sources.get(failure.index()),
                    new DataException(
                            config.target().kind() + " rejected event " + failure.id() + ": " + failure.reason()));
        }
    }

    private RuntimeException retryLater(int batchSize, TargetException e) {
        long now = nanoClock.getAsLong();
        if (!failing) {
            failing = true;
            failingSinceNanos = now;
        }
        retries++;
        long failingMs = (now - failingSinceNanos) / 1_000_000;
        if (failingMs >= config.retryTimeout().toMillis()) {
            return new ConnectException(
                    "the target kept failing for " + failingMs / 1000 + " s (" + retries + " retries); last error: "
                            + e.getMessage(),
                    e);
        }
        LOG.warn(
                "write of {} events failed (retry {}, failing for {} ms), Connect redelivers in {} ms: {}",
                batchSize,
                retries,
                failingMs,
                config.retryBackoff().toMillis(),
                e.getMessage());
        context.timeout(config.retryBackoff().toMillis());
        return new RetriableException(e.getMessage(), e);
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

    /** Everything in {@code records} is written or finally rejected: their offsets may be committed. */
    private void acknowledge(Collection<SinkRecord> records) {
        TopicPartition partition = null;
        long next = -1;
        for (SinkRecord record : records) {
            String topic = record.originalTopic();
            int number = record.originalKafkaPartition();
            if (partition == null
                    || partition.partition() != number
                    || !partition.topic().equals(topic)) {
                if (partition != null) {
                    advance(partition, next);
                }
                partition = new TopicPartition(topic, number);
                next = -1;
            }
            next = Math.max(next, record.originalKafkaOffset() + 1);
        }
        advance(partition, next);
    }

    private void advance(TopicPartition partition, long next) {
        OffsetAndMetadata previous = acknowledged.get(partition);
        if (previous == null || previous.offset() < next) {
            acknowledged.put(partition, new OffsetAndMetadata(next));
        }
    }

    @Override
    public Map<TopicPartition, OffsetAndMetadata> preCommit(Map<TopicPartition, OffsetAndMetadata> currentOffsets) {
        Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
        for (TopicPartition partition : currentOffsets.keySet()) {
            OffsetAndMetadata offset = acknowledged.get(partition);
            if (offset != null) {
                commit.put(partition, offset);
            }
        }
        return commit;
    }

    @Override
    public void close(Collection<TopicPartition> partitions) {
        acknowledged.keySet().removeAll(partitions);
        // A rebalance drops the batch Connect was redelivering: what comes next is received for the first time.
        failing = false;
    }

    @Override
    public void stop() {
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
                    retries);
        }
    }

    /** What this task measured (for tests in this package). */
    TaskMetrics metrics() {
        return metrics;
    }

    long rejected() {
        return rejected;
    }
}
