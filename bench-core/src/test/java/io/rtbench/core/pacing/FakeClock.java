package io.rtbench.core.pacing;

import java.util.ArrayList;
import java.util.List;

/** A pacing clock that only moves when told to, and jumps to any deadline waited for. */
final class FakeClock implements PacingClock {

    long nowNanos;
    final List<Long> waits = new ArrayList<>();

    FakeClock(long startNanos) {
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

    void advance(long nanos) {
        nowNanos += nanos;
    }
}
