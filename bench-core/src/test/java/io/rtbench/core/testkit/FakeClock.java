package io.rtbench.core.testkit;

import io.rtbench.core.pacing.PacingClock;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The unit tests' one clock (docs/TESTING.md, "Writing a test"): time moves only when a test or the code under test
 * moves it, so that a test of pacing, retries or probing neither sleeps nor depends on the machine's speed. One
 * timeline read on two scales: {@link #nanoTime()} and {@link #epochMicros()} ({@code nanoTime / 1000}) move together.
 *
 * <p>Waiting ({@link #waitUntil}, {@link #sleepUntilMicros}) jumps to the deadline. Tasks given to {@link #scheduler()}
 * run on the thread that moves the clock past their due time, each with the clock at that time. Thread-safe.
 */
public final class FakeClock implements PacingClock, EpochClock {

    private final List<FakeScheduler> schedulers = new CopyOnWriteArrayList<>();
    /** Orders tasks due at the same time, across schedulers, as they were scheduled. */
    private final AtomicLong scheduled = new AtomicLong();

    private final List<Long> waits = new ArrayList<>();
    private long nowNanos;
    private long stepNanos;
    private long sleptNanos;
    private boolean runningTasks;

    /** A clock whose {@link #nanoTime()} reads {@code startNanos}. */
    public FakeClock(long startNanos) {
        this.nowNanos = startNanos;
    }

    /** A clock whose {@link #epochMicros()} reads {@code startMicros}. */
    public static FakeClock atEpochMicros(long startMicros) {
        return new FakeClock(Math.multiplyExact(startMicros, 1_000L));
    }

    /** Makes every reading, of either scale, move the clock on by {@code step} after it: time that work takes. */
    public synchronized FakeClock steppingPerReading(Duration step) {
        this.stepNanos = step.toNanos();
        return this;
    }

    @Override
    public synchronized long nanoTime() {
        long now = nowNanos;
        nowNanos += stepNanos;
        return now;
    }

    @Override
    public long epochMicros() {
        return Math.floorDiv(nanoTime(), 1_000L);
    }

    /** Jumps to the deadline (never back), running the scheduled tasks due by then. */
    @Override
    public void waitUntil(long deadlineNanos) {
        synchronized (this) {
            waits.add(deadlineNanos);
            sleptNanos += Math.max(0, deadlineNanos - nowNanos);
        }
        moveTo(deadlineNanos);
    }

    /** {@link #waitUntil} on the epoch scale, as a sleeper that waits for a moment of the wall clock does. */
    public void sleepUntilMicros(long epochMicros) {
        waitUntil(Math.multiplyExact(epochMicros, 1_000L));
    }

    /** Moves the clock on, as work or idle time of {@code nanos} would, running the scheduled tasks due by then. */
    public void advance(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a clock does not go back: " + nanos);
        }
        long target;
        synchronized (this) {
            target = nowNanos + nanos;
        }
        moveTo(target);
    }

    public void advance(Duration duration) {
        advance(duration.toNanos());
    }

    public void advanceMicros(long micros) {
        advance(Math.multiplyExact(micros, 1_000L));
    }

    /** The deadlines waited for, in order, on the nanosecond scale. */
    public synchronized List<Long> waits() {
        return List.copyOf(waits);
    }

    /** How far waiting moved the clock, in all. */
    public synchronized long sleptNanos() {
        return sleptNanos;
    }

    /**
     * A new scheduler on this clock's time: its tasks run when the clock is moved past their due time, on the thread
     * that moves it, with those of the clock's other schedulers in one order of due time; {@code shutdownNow} drops
     * its queued ones.
     */
    public ScheduledExecutorService scheduler() {
        FakeScheduler scheduler = new FakeScheduler(this);
        schedulers.add(scheduler);
        return scheduler;
    }

    long nextSequence() {
        return scheduled.getAndIncrement();
    }

    /**
     * Runs the tasks due by {@code targetNanos}, in order of due time, then stands at {@code targetNanos}. A move from
     * inside a running task (a probe's round trip) only moves the time: the outer move runs what became due.
     */
    private void moveTo(long targetNanos) {
        synchronized (this) {
            if (runningTasks) {
                nowNanos = Math.max(nowNanos, targetNanos);
                return;
            }
            runningTasks = true;
        }
        try {
            FakeScheduler.Task<?> task;
            while ((task = takeDue(targetNanos)) != null) {
                synchronized (this) {
                    nowNanos = Math.max(nowNanos, task.dueNanos());
                }
                task.scheduler().run(task);
            }
        } finally {
            synchronized (this) {
                nowNanos = Math.max(nowNanos, targetNanos);
                runningTasks = false;
            }
        }
    }

    /** The task due first over all schedulers if it is due by {@code nanos}, taken from its queue; else null. */
    private FakeScheduler.Task<?> takeDue(long nanos) {
        while (true) {
            FakeScheduler.Task<?> first = null;
            for (FakeScheduler scheduler : schedulers) {
                FakeScheduler.Task<?> head = scheduler.peek();
                if (head != null && (first == null || head.compareTo(first) < 0)) {
                    first = head;
                }
            }
            if (first == null || first.dueNanos() - nanos > 0) {
                return null;
            }
            if (first.scheduler().take(first)) {
                return first;
            } // else cancelled meanwhile: look again
        }
    }

    /** The reading without a step, for the scheduler's due times. */
    synchronized long peekNanos() {
        return nowNanos;
    }
}
