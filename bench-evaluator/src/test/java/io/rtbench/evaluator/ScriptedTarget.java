package io.rtbench.evaluator;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A unit-test stand-in for a database (spec: mocks only in unit tests): each probe takes a scripted round trip on a
 * fake clock and answers a scripted newest event time, or fails.
 */
class ScriptedTarget implements Target {

    /** The fake wall clock, µs. */
    long nowMicros;

    /** When each probe reached the target ({@link System#nanoTime()}), in order. */
    final List<Long> probedAtNanos = new CopyOnWriteArrayList<>();

    private final Deque<Answer> answers = new ArrayDeque<>();

    record Answer(long roundTripMicros, Long newestMicros, String failure) {}

    ScriptedTarget answer(long roundTripMicros, long newestMicros) {
        answers.add(new Answer(roundTripMicros, newestMicros, null));
        return this;
    }

    ScriptedTarget nothingVisible(long roundTripMicros) {
        answers.add(new Answer(roundTripMicros, null, null));
        return this;
    }

    ScriptedTarget fail(long roundTripMicros, String failure) {
        answers.add(new Answer(roundTripMicros, null, failure));
        return this;
    }

    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        probedAtNanos.add(System.nanoTime());
        Answer answer = answers.remove();
        nowMicros += answer.roundTripMicros();
        if (answer.failure() != null) {
            throw new TargetException(answer.failure());
        }
        return answer.newestMicros() == null ? OptionalLong.empty() : OptionalLong.of(answer.newestMicros());
    }

    @Override
    public void ensureCollection() {}

    @Override
    public WriteResult write(EventBatch batch) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AuditCounts audit(long generatorId) {
        return AuditCounts.NONE;
    }

    @Override
    public String serverVersion() {
        return "scripted";
    }

    @Override
    public void close() {}
}
