package io.rtbench.connectors.connect;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;

/** A target that records the batches it is given and answers with what the test queued (default: all written). */
final class FakeTarget implements Target {

    final List<EventBatch> writes = new ArrayList<>();
    final Deque<Function<EventBatch, WriteResult>> answers = new ArrayDeque<>();
    TargetException ensureCollectionFailure;
    boolean collectionEnsured;
    boolean closed;

    /** The next write fails as if the server were down. */
    FakeTarget failNextWrite(String message) {
        answers.add(batch -> {
            throw new TargetException(message);
        });
        return this;
    }

    /** The next write succeeds except for the event at {@code index}. */
    FakeTarget rejectInNextWrite(int index, String reason) {
        answers.add(batch -> new WriteResult(
                batch.size() - 1,
                List.of(new WriteResult.ItemFailure(index, batch.get(index).id(), reason))));
        return this;
    }

    @Override
    public void ensureCollection() {
        if (ensureCollectionFailure != null) {
            throw ensureCollectionFailure;
        }
        collectionEnsured = true;
    }

    @Override
    public WriteResult write(EventBatch batch) {
        Function<EventBatch, WriteResult> answer = answers.poll();
        WriteResult result = answer == null ? WriteResult.allWritten(batch.size()) : answer.apply(batch);
        writes.add(batch);
        return result;
    }

    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        return OptionalLong.empty();
    }

    @Override
    public AuditCounts audit(long generatorId) {
        return AuditCounts.NONE;
    }

    @Override
    public String serverVersion() {
        return "fake";
    }

    @Override
    public void close() {
        closed = true;
    }
}
