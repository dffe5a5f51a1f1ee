package io.rtbench.connectors.writes;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The one write path of rtbench's sinks, the bridge and the Connect task (docs/ARCHITECTURE.md, "One event's path"):
 * records are batched, each batch goes to one of the writes in flight, its completion records {@code sinkWrite} and
 * acknowledges its offsets, and a write that gave up is kept as {@link #gaveUp()} while its offsets are never offered.
 * It knows neither a Kafka consumer nor Connect, so both sinks are thin wrappers that read, commit and fail their own
 * way over the same rules (at-least-once, docs/GUIDE.md "Concepts").
 *
 * <p>Not thread-safe, like {@link InFlightWrites}: the sink's own thread calls everything but {@link #stopRetrying()}.
 *
 * @param <S> what the sink wants back for an event the target rejects (the Connect record), null if nothing
 */
public final class SinkWriter<S> implements AutoCloseable {

    private static final Duration STOP_WAIT = Duration.ofMillis(100);

    /** How the wrapping sink counts, reports and fails: the parts that differ between the bridge and Connect. */
    public interface Owner<S> extends InFlightWrites.RetryListener {
        /**
         * A write the target took; {@code result} may list events it rejected, which are final (not retried).
         *
         * @param sources per event of {@code batch}, what {@link #offer} was given
         */
        void written(EventBatch batch, List<S> sources, WriteResult result, long writeNanos);

        /** The sink's own exception type (a failed bridge, a failed Connect task), for a wait interrupted. */
        RuntimeException failure(String message, Throwable cause);
    }

    /**
     * How the writer writes.
     *
     * @param targetKind named in the failure of a write that did not fail with a {@link TargetException}
     * @param executor runs the writes; threads of the writer's own, named {@code threadName}, when null
     * @param nanoClock what retries and write durations are timed with
     * @param pause how a retry waits; a real wait when null
     */
    public record Settings(
            String targetKind,
            int batchSize,
            int maxInFlight,
            RetryPolicy retry,
            String threadName,
            Executor executor,
            LongSupplier nanoClock,
            InFlightWrites.Pause pause) {

        public Settings(String targetKind, int batchSize, int maxInFlight, RetryPolicy retry, String threadName) {
            this(targetKind, batchSize, maxInFlight, retry, threadName, null, System::nanoTime, null);
        }
    }

    /**
     * A write that gave up: the target kept failing for the retry timeout (or while the sink stopped), or the write
     * failed with something else than a {@link TargetException}, which retrying would not help.
     */
    public record GaveUp(String targetKind, RuntimeException error, long failingNanos, int attempts) {

        public boolean byTarget() {
            return error instanceof TargetException;
        }

        /** The failure's text; docs/CONNECT.md quotes the Connect task's, which counts the retries. */
        public String message(boolean countRetries) {
            if (!byTarget()) {
                return "writing to " + targetKind + " failed: " + error;
            }
            return "the target kept failing for "
                    + Duration.ofNanos(failingNanos).toSeconds() + " s"
                    + (countRetries ? " (" + (attempts - 1) + " retries)" : "") + "; last error: " + error.getMessage();
        }
    }

    /** One write's worth of records: their offsets, their events and the sources of those (same order). */
    private record Pending<S>(OffsetTracker.Batch offsets, EventBatch events, List<S> sources) {}

    private final Settings settings;
    private final LatencyRecorder sinkWrite;
    private final Owner<S> owner;
    private final InFlightWrites<Pending<S>> writes;
    private final OffsetTracker offsets = new OffsetTracker();
    private final ArrayDeque<Pending<S>> queued = new ArrayDeque<>();
    private Map<TopicPartition, Long> openOffsets = new HashMap<>();
    private List<Event> openEvents = new ArrayList<>();
    private List<S> openSources = new ArrayList<>();
    private GaveUp gaveUp;

    public SinkWriter(Target target, Settings settings, LatencyRecorder sinkWrite, Owner<S> owner) {
        if (settings.batchSize() < 1) {
            throw new IllegalArgumentException("the batch size must be at least 1, got " + settings.batchSize());
        }
        this.settings = settings;
        this.sinkWrite = sinkWrite;
        this.owner = owner;
        this.writes = new InFlightWrites<>(
                target,
                settings.maxInFlight(),
                settings.retry(),
                owner,
                settings.executor(),
                settings.threadName(),
                settings.nanoClock(),
                settings.pause());
    }

    /**
     * Adds a record read to the open batch, which is closed once it holds {@code batchSize} events.
     *
     * @param event null for a record that is not an event: its offset moves on, nothing is written for it
     * @return true when this record closed the batch (it is queued for a writer, see {@link #submit})
     */
    public boolean offer(TopicPartition partition, long offset, Event event, S source) {
        openOffsets.put(partition, offset + 1);
        if (event != null) {
            openEvents.add(event);
            openSources.add(source);
        }
        if (openEvents.size() < settings.batchSize()) {
            return false;
        }
        close(openOffsets, openEvents, openSources);
        return true;
    }

    /** Records offered and not yet in a closed batch (a sink lingers on them, or closes them with {@link #seal}). */
    public boolean hasOpenBatch() {
        return !openOffsets.isEmpty();
    }

    /** Closes the open batch, if any, and queues it for a writer. */
    public void seal() {
        if (!openOffsets.isEmpty() || !openEvents.isEmpty()) {
            close(openOffsets, openEvents, openSources);
        }
    }

    private void close(Map<TopicPartition, Long> nextOffsets, List<Event> events, List<S> sources) {
        OffsetTracker.Batch batch = offsets.register(nextOffsets);
        openOffsets = new HashMap<>();
        openEvents = new ArrayList<>();
        openSources = new ArrayList<>();
        if (events.isEmpty()) {
            offsets.acknowledge(batch); // only records that are not events: nothing to write, nothing to wait for
        } else {
            queued.add(new Pending<>(batch, new EventBatch(events), sources));
        }
    }

    /**
     * Hands queued batches to free writers, waiting at most {@code maxWait} for one to free up (nothing is read
     * meanwhile: memory stays bounded, docs/CONNECT.md "What a task does").
     *
     * @return true when no batch waits for a writer any more, or a write gave up (none is handed on after that)
     */
    public boolean submit(Duration maxWait) {
        long deadlineNanos = System.nanoTime() + maxWait.toNanos();
        while (!queued.isEmpty() && gaveUp == null) {
            if (writes.hasRoom()) {
                Pending<S> pending = queued.poll();
                writes.submit(pending, pending.events());
                continue;
            }
            long leftNanos = deadlineNanos - System.nanoTime();
            if (leftNanos <= 0) {
                return false;
            }
            awaitFinished(Duration.ofNanos(leftNanos));
        }
        return true;
    }

    /** Writes everything queued and waits for it, in waits of {@code step}, until done or a write gave up. */
    public void drain(Duration step) {
        while ((!queued.isEmpty() || writes.inFlight() > 0) && gaveUp == null) {
            submit(step);
            awaitFinished(step);
        }
    }

    /** Takes every write finished so far, without waiting. */
    public void takeFinished() {
        writes.takeFinished(this::finished);
    }

    /** Waits at most {@code atMost} for a write to finish and takes it, if one did. */
    public void awaitFinished(Duration atMost) {
        try {
            writes.awaitFinished(atMost, this::finished);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw owner.failure("interrupted while waiting for a write", e);
        }
    }

    private void finished(InFlightWrites.Completion<Pending<S>> done) {
        if (!done.succeeded()) {
            if (gaveUp == null) {
                gaveUp = new GaveUp(settings.targetKind(), done.error(), done.failingNanos(), done.attempts());
            }
            return; // its offsets are never acknowledged: they hold back every later commit of its partitions
        }
        sinkWrite.recordMicros(done.writeNanos() / 1_000);
        owner.written(done.batch(), done.tag().sources(), done.result(), done.writeNanos());
        offsets.acknowledge(done.tag().offsets());
    }

    /** The first write that gave up, or null. */
    public GaveUp gaveUp() {
        return gaveUp;
    }

    /** Writes submitted whose completion was not taken yet. */
    public int inFlight() {
        return writes.inFlight();
    }

    /** Closed batches that wait for a writer. */
    public int queued() {
        return queued.size();
    }

    /** Per partition, the offset before which every batch was acknowledged: what may be committed. */
    public Map<TopicPartition, OffsetAndMetadata> acknowledged() {
        return offsets.acknowledged();
    }

    /** The partitions whose acknowledged offset moved since the previous call, with that offset. */
    public Map<TopicPartition, OffsetAndMetadata> takeAdvanced() {
        return offsets.takeAdvanced();
    }

    /** Partitions that went to another consumer: nothing of theirs is offered for commit any more. */
    public void forget(Collection<TopicPartition> partitions) {
        openOffsets.keySet().removeAll(partitions);
        offsets.forget(partitions);
    }

    /** From now on a write that fails gives up at once (the sink is stopping); callable from any thread. */
    public void stopRetrying() {
        writes.stopRetrying();
    }

    /** Stops retrying, waits at most {@code atMost} for the writes in flight (queued ones are not written), closes. */
    public void stop(Duration atMost) {
        stopRetrying();
        long deadlineNanos = System.nanoTime() + atMost.toNanos();
        while (writes.inFlight() > 0 && System.nanoTime() - deadlineNanos < 0) {
            awaitFinished(STOP_WAIT);
        }
        close();
    }

    /** Stops the writer threads; the writes still in flight are interrupted, their completions not waited for. */
    @Override
    public void close() {
        writes.close();
    }
}
