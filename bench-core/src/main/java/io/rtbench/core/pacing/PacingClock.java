package io.rtbench.core.pacing;

import java.util.concurrent.locks.LockSupport;

/** Monotonic time and waiting, injected so that pacing is testable without sleeping. */
public interface PacingClock {

    /** Monotonic nanoseconds, as {@link System#nanoTime()}. */
    long nanoTime();

    /** Returns at, or as soon as possible after, {@code deadlineNanos}. */
    void waitUntil(long deadlineNanos);

    /** The real clock. */
    PacingClock SYSTEM = new PacingClock() {
        /**
         * Parking overshoots by ~50-100 µs on Linux; the last stretch is spun so that the send happens within a few
         * microseconds of its intended time (docs/BENCHMARKS.md: scheduleDelay p99 < 1 ms).
         */
        private static final long SPIN_NANOS = 150_000;

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void waitUntil(long deadlineNanos) {
            long remaining;
            while ((remaining = deadlineNanos - System.nanoTime()) > SPIN_NANOS) {
                LockSupport.parkNanos(remaining - SPIN_NANOS);
            }
            while (deadlineNanos - System.nanoTime() > 0) {
                Thread.onSpinWait();
            }
        }
    };
}
