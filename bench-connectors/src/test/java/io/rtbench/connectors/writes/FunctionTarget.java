package io.rtbench.connectors.writes;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.WriteResult;
import java.util.OptionalLong;
import java.util.function.Function;

/** A target whose writes do what the test says. */
record FunctionTarget(Function<EventBatch, WriteResult> writes) implements Target {
    @Override
    public WriteResult write(EventBatch batch) {
        return writes.apply(batch);
    }

    @Override
    public void ensureCollection() {}

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
        return "test";
    }

    @Override
    public void close() {}
}
