package io.rtbench.connectors.reference;

import io.rtbench.connectors.common.VersionedRows;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.Op;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.target.Versioned;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

/**
 * One generator's rows of workload {@code dml} in a reference store: every change received (what the audit reads, as
 * the audit of the reference target counts what was received) and the changes visible to probes, each at its
 * visibility time. Changes arrive with non-decreasing visibility times (the target keeps write order), so the pending
 * ones wait in a queue. Thread-safe.
 *
 * <p>At every lookup by a probe it records what {@code updateVisible} and {@code deleteVisible} should read at that
 * instant: the lookup's time minus the {@code _event_time} of the newest update and the newest delete visible then
 * ({@code updateVisibleTruth}, {@code deleteVisibleTruth}, docs/MEASUREMENT.md). Against these, a probe's error is its
 * own, whatever the spacing of the changes or a latency that drifts during the run.
 */
final class GeneratorChanges {

    private record Pending(long visibleAtMicros, Event event) {}

    private final VersionedRows received = new VersionedRows();
    private final VersionedRows visible = new VersionedRows();
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final boolean patch;
    private final LatencyRecorder updateAtLookup;
    private final LatencyRecorder deleteAtLookup;
    /** The {@code _event_time} of the newest update and of the newest delete applied to {@link #visible}, or -1. */
    private long newestUpdateMicros = -1;

    private long newestDeleteMicros = -1;

    /**
     * @param updateAtLookup where each lookup records {@code updateVisibleTruth}; likewise {@code deleteAtLookup}
     */
    GeneratorChanges(boolean patch, LatencyRecorder updateAtLookup, LatencyRecorder deleteAtLookup) {
        this.patch = patch;
        this.updateAtLookup = updateAtLookup;
        this.deleteAtLookup = deleteAtLookup;
    }

    /** A change written now that becomes visible at {@code visibleAtMicros}. */
    synchronized void add(Event event, long visibleAtMicros, long nowMicros) {
        received.apply(event, patch);
        pending.add(new Pending(visibleAtMicros, event));
        drain(nowMicros);
    }

    /** A probe's lookup at {@code nowMicros}; records the truths of that instant. */
    synchronized Map<String, Long> live(List<String> ids, long nowMicros) {
        drain(nowMicros);
        if (newestUpdateMicros >= 0) {
            updateAtLookup.recordMicros(nowMicros - newestUpdateMicros);
        }
        if (newestDeleteMicros >= 0) {
            deleteAtLookup.recordMicros(nowMicros - newestDeleteMicros);
        }
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
            Event event = pending.poll().event();
            if (visible.apply(event, patch)) {
                if (event.op() == Op.UPDATE) {
                    newestUpdateMicros = Math.max(newestUpdateMicros, event.eventTimeMicros());
                } else if (event.op() == Op.DELETE) {
                    newestDeleteMicros = Math.max(newestDeleteMicros, event.eventTimeMicros());
                }
            }
        }
    }
}
