package io.rtbench.connectors.reference;

import io.rtbench.connectors.common.VersionedRows;
import io.rtbench.core.event.Event;
import io.rtbench.core.target.Versioned;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

/**
 * One generator's rows of workload {@code dml} in a reference store: every change received (what the audit reads, as
 * the audit of the reference target counts what was received) and the changes visible to probes, each at its
 * visibility time. Changes arrive with non-decreasing visibility times (the target keeps write order), so the pending
 * ones wait in a queue. Thread-safe.
 */
final class GeneratorChanges {

    private record Pending(long visibleAtMicros, Event event) {}

    private final VersionedRows received = new VersionedRows();
    private final VersionedRows visible = new VersionedRows();
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final boolean patch;

    GeneratorChanges(boolean patch) {
        this.patch = patch;
    }

    /** A change written now that becomes visible at {@code visibleAtMicros}. */
    synchronized void add(Event event, long visibleAtMicros, long nowMicros) {
        received.apply(event, patch);
        pending.add(new Pending(visibleAtMicros, event));
        drain(nowMicros);
    }

    synchronized Map<String, Long> live(List<String> ids, long nowMicros) {
        drain(nowMicros);
        return visible.live(ids);
    }

    synchronized Map<String, Long> liveSeqs(List<String> ids, long nowMicros) {
        drain(nowMicros);
        return visible.liveSeqs(ids);
    }

    void rows(Versioned.RowVisitor visitor) {
        received.visit(visitor);
    }

    private void drain(long nowMicros) {
        while (!pending.isEmpty() && pending.peek().visibleAtMicros() <= nowMicros) {
            visible.apply(pending.poll().event(), patch);
        }
    }
}
