package io.rtbench.core.pacing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A pacing clock that only moves when told to, and jumps to any deadline waited for. Shared with other modules'
 * tests through bench-core's test jar. Safe to hand from one thread to another (a generator thread moves it, the test
 * reads it afterwards); not meant for several threads moving it at once.
 */
public final class FakeClock implements PacingClock {

    volatile long nowNanos;
    final List<Long> waits = Collections.synchronizedList(new ArrayList<>());

    public FakeClock(long startNanos) {
        this.nowNanos = startNanos;
    }

    @Override
    public long nanoTime() {
        return nowNanos;
    }

    @Override
    public void waitUntil(long deadlineNanos) {
        waits.add(deadlineNanos);
        nowNanos = Math.max(nowNanos, deadlineNanos);
    }

    /** Moves the clock on, as work that takes {@code nanos} would. */
    public void advance(long nanos) {
        nowNanos += nanos;
    }

    /** The deadlines waited for, in order. */
    public List<Long> waits() {
        return List.copyOf(waits);
    }
}
