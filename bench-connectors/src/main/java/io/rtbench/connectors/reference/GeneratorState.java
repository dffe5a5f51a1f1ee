package io.rtbench.connectors.reference;

import io.rtbench.connectors.common.SeqTally;
import java.util.Arrays;
import java.util.OptionalLong;

/**
 * One generator's events in a reference store: what was received (for the audit), and the events not yet visible, in
 * a min-heap by visibility time. A probe, and every write, moves the events whose time has come out of the heap into
 * {@code newestVisibleMicros}; so the heap holds only the last {@code rate × (delay + jitter)} events. Thread-safe.
 */
final class GeneratorState {

    final SeqTally tally = new SeqTally();
    private final long generatorId;

    /** Heap of pending events: parallel arrays of visibility time (the key) and event time. */
    private long[] visibleAt = new long[64];

    private long[] eventTime = new long[64];
    private int pending;
    private long newestVisibleMicros = Long.MIN_VALUE;

    GeneratorState(long generatorId) {
        this.generatorId = generatorId;
    }

    long generatorId() {
        return generatorId;
    }

    /** Schedules an event to become visible at {@code visibleAtMicros}. */
    synchronized void add(long visibleAtMicros, long eventTimeMicros, long nowMicros) {
        if (pending == visibleAt.length) {
            visibleAt = Arrays.copyOf(visibleAt, pending * 2);
            eventTime = Arrays.copyOf(eventTime, pending * 2);
        }
        int i = pending++;
        while (i > 0 && visibleAt[(i - 1) / 2] > visibleAtMicros) {
            int parent = (i - 1) / 2;
            visibleAt[i] = visibleAt[parent];
            eventTime[i] = eventTime[parent];
            i = parent;
        }
        visibleAt[i] = visibleAtMicros;
        eventTime[i] = eventTimeMicros;
        drain(nowMicros);
    }

    /** The newest event time among the events visible at {@code nowMicros}; empty when none is. */
    synchronized OptionalLong newestVisible(long nowMicros) {
        drain(nowMicros);
        return newestVisibleMicros == Long.MIN_VALUE ? OptionalLong.empty() : OptionalLong.of(newestVisibleMicros);
    }

    private void drain(long nowMicros) {
        while (pending > 0 && visibleAt[0] <= nowMicros) {
            newestVisibleMicros = Math.max(newestVisibleMicros, eventTime[0]);
            removeFirst();
        }
    }

    private void removeFirst() {
        pending--;
        long lastVisible = visibleAt[pending];
        long lastEvent = eventTime[pending];
        int i = 0;
        while (2 * i + 1 < pending) {
            int child = 2 * i + 1;
            if (child + 1 < pending && visibleAt[child + 1] < visibleAt[child]) {
                child++;
            }
            if (visibleAt[child] >= lastVisible) {
                break;
            }
            visibleAt[i] = visibleAt[child];
            eventTime[i] = eventTime[child];
            i = child;
        }
        visibleAt[i] = lastVisible;
        eventTime[i] = lastEvent;
    }
}
