package io.rtbench.connectors.reference;

import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.connectors.common.InMemoryTarget;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.Op;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.GroundTruth;
import io.rtbench.core.target.Statements;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.time.EpochClock;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An in-memory database whose data latency is known exactly (docs/GUIDE.md, calibrate): each write call's events
 * become visible to probes {@code visibility.delay ± visibility.jitter} after the call returns (one jitter draw per
 * call, as one refresh exposes a whole batch), never before events written earlier for the same generator (visibility
 * follows write order, as in the databases it stands for), and that true latency ({@code visibleAt − _event_time}) is
 * recorded per event into {@link #truth()}. Comparing the evaluator's {@code data}
 * metric with it measures the harness's own error. Options in {@link ReferenceSettings}, including {@code write.limit},
 * a known capacity for testing {@code peak}.
 *
 * <p>Collections are shared by URL ({@code reference://calib}; none: {@code reference://default}) and collection name
 * within the JVM (see {@link InMemoryCollections}), so the bridge and the evaluator see the same data. Delay and jitter
 * are those of the target that writes. The probe returns the newest {@code _event_time} among the generator's events
 * visible at the probe's time; the audit counts every event received, visible or not, and keeps redelivered copies
 * (so that it shows them as duplicates), though a redelivery never changes when an event became visible.
 *
 * <p>Workload {@code dml} ({@link Versioned}): each change is applied, highest {@code _version} winning, at the
 * visibility time of its write; deletes are kept as tombstones. The truths of {@code updateVisible} and
 * {@code deleteVisible} are each update's and delete's visibility time minus its {@code _event_time}
 * ({@code updateTruth}, {@code deleteTruth}); {@code data} and its truth count inserts and updates (the live rows).
 * At each probe's lookup it also records what those two metrics should read at that instant ({@code
 * updateVisibleTruth}, {@code deleteVisibleTruth}, see {@link GeneratorChanges}).
 */
final class ReferenceTarget extends InMemoryTarget<ReferenceStore> implements GroundTruth, Versioned, Statements {

    private final ReferenceSettings settings;
    private final EpochClock clock;
    private final Sleeper sleeper;
    private final WriteLimiter limiter;

    ReferenceTarget(
            TargetConfig config, InMemoryCollections<ReferenceStore> collections, EpochClock clock, Sleeper sleeper) {
        super(config, collections, ReferenceStore::new);
        this.settings = ReferenceSettings.from(config);
        this.clock = clock;
        this.sleeper = sleeper;
        this.limiter = settings.writeLimit() == null ? null : store.limiter(settings.writeLimit());
    }

    @Override
    public WriteResult write(EventBatch batch) {
        requireCollection("write");
        long writtenMicros = awaitCapacity(batch);
        // One draw per write call: a batch becomes visible at once, as a refresh would make it.
        long batchVisibleAtMicros = writtenMicros + Math.max(0, settings.delayMicros() + jitterMicros());
        GeneratorState state = null;
        for (Event event : batch.events()) {
            if (state == null || event.generatorId() != state.generatorId()) {
                state = store.generator(event.generatorId());
            }
            boolean first = state.tally.add(event.seq());
            if (!first && !event.versioned()) {
                continue; // a redelivery never changes when an event became visible
            }
            long visibleAtMicros = state.visibleInWriteOrder(batchVisibleAtMicros);
            if (event.versioned()) {
                // every copy is applied (a redelivery must not win), only the first one's time is the truth
                store.changes(event.generatorId(), patch).add(event, visibleAtMicros, writtenMicros);
            }
            if (first) {
                record(event, state, visibleAtMicros, writtenMicros);
            }
        }
        return WriteResult.allWritten(batch.size());
    }

    private void record(Event event, GeneratorState state, long visibleAtMicros, long writtenMicros) {
        long truthMicros = visibleAtMicros - event.eventTimeMicros();
        switch (event.op()) {
            case DELETE -> store.deleteTruth().recordMicros(truthMicros);
            case UPDATE -> store.updateTruth().recordMicros(truthMicros);
            case INSERT -> {}
        }
        if (event.op() != Op.DELETE) {
            state.add(visibleAtMicros, event.eventTimeMicros(), writtenMicros);
            store.truth().recordMicros(truthMicros);
        }
    }

    /** Waits for the batch's turn under {@code write.limit}; returns when the write call completes (epoch µs). */
    private long awaitCapacity(EventBatch batch) {
        if (limiter == null) {
            return clock.epochMicros();
        }
        long timeoutMicros = config.timeout().toNanos() / 1_000;
        long doneMicros = limiter.reserve(batch.size(), batch.bytes(), clock.epochMicros(), timeoutMicros);
        if (doneMicros < 0) {
            throw errors.failed(
                    "write of " + batch.size() + " events",
                    "write.limit " + limiter.limit() + " is booked for longer than the "
                            + config.timeout().toMillis() + " ms timeout (the store is at capacity)");
        }
        try {
            sleeper.sleepUntilMicros(doneMicros);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw errors.failed("write of " + batch.size() + " events", "interrupted", e);
        }
        return clock.epochMicros();
    }

    private long jitterMicros() {
        long jitter = settings.jitterMicros();
        return jitter == 0 ? 0 : ThreadLocalRandom.current().nextLong(-jitter, jitter + 1);
    }

    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        requireCollection("probe");
        GeneratorState state = store.find(generatorId);
        return state == null ? OptionalLong.empty() : state.newestVisible(clock.epochMicros());
    }

    @Override
    public AuditCounts audit(long generatorId) {
        requireCollection("audit");
        GeneratorState state = store.find(generatorId);
        return state == null ? AuditCounts.NONE : state.tally.counts();
    }

    @Override
    public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
        requireCollection("probe");
        GeneratorChanges changes = store.findChanges(generatorId);
        return changes == null ? Map.of() : changes.live(ids, clock.epochMicros());
    }

    /** Every change received, applied: the audit does not wait for the visibility delay. */
    @Override
    public void rows(long generatorId, RowVisitor visitor) {
        requireCollection("audit");
        GeneratorChanges changes = store.findChanges(generatorId);
        if (changes != null) {
            changes.rows(visitor);
        }
    }

    /** Statements are writes here: a change becomes visible after the configured delay, as a write does. */
    @Override
    public void insert(List<Event> events) {
        write(new EventBatch(events));
    }

    @Override
    public void update(Event event) {
        write(new EventBatch(List.of(event)));
    }

    @Override
    public void delete(Event event) {
        write(new EventBatch(List.of(event)));
    }

    @Override
    public Map<String, Long> visibleSeqs(long generatorId, List<String> ids) {
        requireCollection("query");
        GeneratorChanges changes = store.findChanges(generatorId);
        return changes == null ? Map.of() : changes.liveSeqs(ids, clock.epochMicros());
    }

    @Override
    public Map<String, String> describe() {
        return Map.of(
                "insert", "write of the rows (in memory, visible after visibility.delay)",
                "update", "write of the row's next version",
                "delete", "write of the row's delete",
                "visible", "the rows visible at the query's time");
    }

    @Override
    public List<LatencyRecorder> truths() {
        return List.of(
                store.truth(),
                store.updateTruth(),
                store.deleteTruth(),
                store.updateVisibleTruth(),
                store.deleteVisibleTruth());
    }

    /** Shared by every reference target of this collection; see {@link GroundTruth#truth()}. */
    @Override
    public LatencyRecorder truth() {
        return store.truth();
    }
}
