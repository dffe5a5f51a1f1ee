package io.rtbench.core.testkit;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.target.WriteResult;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * The unit tests' stand-in for a database (docs/TESTING.md: a stand-in {@code Target} where a database would be): it
 * answers as the test says and records what it was asked, so that each test states only the behaviour it is about.
 * Thread-safe, as a {@link Target} must be: the bridge, the sink task and the probe call it from several threads.
 *
 * <pre>{@code
 * StubTarget target = StubTarget.builder().onProbe(generatorId -> OptionalLong.of(newestMicros)).build();
 * target.failNextWrite("down");
 * }</pre>
 */
public class StubTarget implements Target {

    private final Function<EventBatch, WriteResult> onWrite;
    private final LongFunction<OptionalLong> onProbe;
    private final Runnable onEnsureCollection;
    private final boolean showsEvents;
    private final String serverVersion;
    private final Queue<Function<EventBatch, WriteResult>> nextWrites = new ConcurrentLinkedQueue<>();
    private final List<EventBatch> writes = new CopyOnWriteArrayList<>();
    private final AtomicInteger writeCalls = new AtomicInteger();
    private final AtomicInteger writesRunning = new AtomicInteger();
    private final AtomicInteger mostWritesRunning = new AtomicInteger();
    private final AtomicLong writtenEvents = new AtomicLong();
    private final AtomicInteger probes = new AtomicInteger();
    private volatile boolean collectionEnsured;
    private volatile boolean closed;

    private StubTarget(Builder builder) {
        this.onWrite = builder.onWrite;
        this.onProbe = builder.onProbe;
        this.onEnsureCollection = builder.onEnsureCollection;
        this.showsEvents = builder.showsEvents;
        this.serverVersion = builder.serverVersion;
    }

    /** By default every write is acknowledged whole, nothing is visible to a probe, and the collection exists. */
    public static Builder builder() {
        return new Builder();
    }

    /** The next write answers as {@code answer} says instead of as built; queued answers are used in order. */
    public StubTarget nextWrite(Function<EventBatch, WriteResult> answer) {
        nextWrites.add(answer);
        return this;
    }

    /** The next write fails as if the server were down. */
    public StubTarget failNextWrite(String message) {
        return nextWrite(batch -> {
            throw new TargetException(message);
        });
    }

    /** The next write acknowledges every event but the one at {@code index}, which the target rejects. */
    public StubTarget rejectInNextWrite(int index, String reason) {
        return nextWrite(batch -> new WriteResult(
                batch.size() - 1,
                List.of(new WriteResult.ItemFailure(index, batch.get(index).id(), reason))));
    }

    @Override
    public WriteResult write(EventBatch batch) {
        writeCalls.incrementAndGet();
        mostWritesRunning.accumulateAndGet(writesRunning.incrementAndGet(), Math::max);
        WriteResult result;
        try {
            Function<EventBatch, WriteResult> answer = nextWrites.poll();
            result = (answer != null ? answer : onWrite).apply(batch);
        } finally {
            writesRunning.decrementAndGet();
        }
        writes.add(batch);
        writtenEvents.addAndGet(result.written());
        return result;
    }

    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        probes.incrementAndGet();
        return onProbe.apply(generatorId);
    }

    @Override
    public void ensureCollection() {
        onEnsureCollection.run();
        collectionEnsured = true;
    }

    @Override
    public boolean showsEvents() {
        return showsEvents;
    }

    @Override
    public AuditCounts audit(long generatorId) {
        return AuditCounts.NONE;
    }

    @Override
    public String serverVersion() {
        return serverVersion;
    }

    @Override
    public void close() {
        closed = true;
    }

    /** The batches whose write returned (acknowledged whole or in part), in the order they returned. */
    public List<EventBatch> writes() {
        return List.copyOf(writes);
    }

    /** Calls of {@link #write}, including those still running and those that threw. */
    public int writeCalls() {
        return writeCalls.get();
    }

    /** Writes running now. */
    public int writesRunning() {
        return writesRunning.get();
    }

    /** The most writes that ran at once. */
    public int mostWritesRunning() {
        return mostWritesRunning.get();
    }

    /** Events acknowledged, over all writes. */
    public long writtenEvents() {
        return writtenEvents.get();
    }

    /** Calls of {@link #newestEventTimeMicros}. */
    public int probes() {
        return probes.get();
    }

    public boolean collectionEnsured() {
        return collectionEnsured;
    }

    public boolean closed() {
        return closed;
    }

    /** What the stub does; anything not set keeps the default of {@link #builder()}. */
    public static final class Builder {
        private Function<EventBatch, WriteResult> onWrite = batch -> WriteResult.allWritten(batch.size());
        private LongFunction<OptionalLong> onProbe = generatorId -> OptionalLong.empty();
        private Runnable onEnsureCollection = () -> {};
        private boolean showsEvents = true;
        private String serverVersion = "stub";
        private Versioned versioned;

        private Builder() {}

        /** Answers every write not answered by {@link StubTarget#nextWrite}; may block, sleep or throw. */
        public Builder onWrite(Function<EventBatch, WriteResult> onWrite) {
            this.onWrite = onWrite;
            return this;
        }

        /** Answers every probe ({@link Target#newestEventTimeMicros}) with the newest visible event time. */
        public Builder onProbe(LongFunction<OptionalLong> onProbe) {
            this.onProbe = onProbe;
            return this;
        }

        /** Runs at {@link Target#ensureCollection}; throws to play a target that cannot be reached. */
        public Builder onEnsureCollection(Runnable onEnsureCollection) {
            this.onEnsureCollection = onEnsureCollection;
            return this;
        }

        /** {@link Target#showsEvents}: false plays the {@code null} target, which discards what it is written. */
        public Builder showsEvents(boolean showsEvents) {
            this.showsEvents = showsEvents;
            return this;
        }

        public Builder serverVersion(String serverVersion) {
            this.serverVersion = serverVersion;
            return this;
        }

        /** Makes the target {@link Versioned} (workload {@code dml}), answering its reads with {@code versions}. */
        public Builder versioned(Versioned versions) {
            this.versioned = versions;
            return this;
        }

        public StubTarget build() {
            return versioned == null ? new StubTarget(this) : new VersionedStub(this, versioned);
        }
    }

    /** A stub that is {@link Versioned}, as the evaluator tells by {@code instanceof}. */
    private static final class VersionedStub extends StubTarget implements Versioned {
        private final Versioned versions;

        VersionedStub(Builder builder, Versioned versions) {
            super(builder);
            this.versions = versions;
        }

        @Override
        public List<String> readVariants() {
            return versions.readVariants();
        }

        @Override
        public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
            return versions.liveVersions(generatorId, ids, variant);
        }

        @Override
        public void rows(long generatorId, RowVisitor visitor) {
            versions.rows(generatorId, visitor);
        }
    }
}
