package io.rtbench.core.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@link FakeClock#scheduler()}: a scheduled executor whose delays pass on the fake clock, so that a test of scheduled
 * work (the evaluator's probes) moves the clock instead of sleeping. Nothing runs until the clock is moved.
 */
final class FakeScheduler extends AbstractExecutorService implements ScheduledExecutorService {

    private final FakeClock clock;
    private final PriorityQueue<Task<?>> queue = new PriorityQueue<>();
    private boolean shutdown;

    FakeScheduler(FakeClock clock) {
        this.clock = clock;
    }

    /** The queued task due first, left in the queue; null if none. */
    synchronized Task<?> peek() {
        return queue.peek();
    }

    /** Takes {@code task} from the queue; false if it left it meanwhile (cancelled, or the scheduler shut down). */
    synchronized boolean take(Task<?> task) {
        return queue.remove(task);
    }

    /** Runs a task taken by {@link #take}; a periodic one is queued again unless cancelled or shut down. */
    void run(Task<?> task) {
        if (task.periodNanos == 0) {
            task.run();
        } else if (task.runAndReset()) {
            synchronized (this) {
                task.dueNanos =
                        task.periodNanos > 0 ? task.dueNanos + task.periodNanos : clock.peekNanos() - task.periodNanos;
                if (!shutdown) {
                    queue.add(task);
                }
            }
        }
    }

    private synchronized <V> Task<V> queue(Callable<V> callable, long delay, long period, TimeUnit unit) {
        if (shutdown) {
            throw new RejectedExecutionException("the fake scheduler is shut down");
        }
        long dueNanos = clock.peekNanos() + Math.max(0, unit.toNanos(delay));
        Task<V> task = new Task<>(callable, dueNanos, unit.toNanos(period), clock.nextSequence());
        queue.add(task);
        return task;
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        return queue(Executors.callable(command), delay, 0, unit);
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        return queue(callable, delay, 0, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        return queue(Executors.callable(command), initialDelay, requirePositive(period), unit);
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        return queue(Executors.callable(command), initialDelay, -requirePositive(delay), unit);
    }

    private static long requirePositive(long period) {
        if (period <= 0) {
            throw new IllegalArgumentException("period " + period);
        }
        return period;
    }

    /** Runs at the clock's next move, as a task with no delay. */
    @Override
    public void execute(Runnable command) {
        schedule(command, 0, TimeUnit.NANOSECONDS);
    }

    @Override
    public synchronized void shutdown() {
        shutdown = true;
    }

    @Override
    public synchronized List<Runnable> shutdownNow() {
        shutdown = true;
        List<Runnable> dropped = new ArrayList<>(queue);
        queue.clear();
        return dropped;
    }

    @Override
    public synchronized boolean isShutdown() {
        return shutdown;
    }

    @Override
    public synchronized boolean isTerminated() {
        return shutdown && queue.isEmpty();
    }

    /** Does not wait: tasks run only when the clock moves, so waiting here could only hang. */
    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return isTerminated();
    }

    /** A queued task: due on the fake clock; period 0 runs once, > 0 at a fixed rate, < 0 with a fixed delay. */
    final class Task<V> extends FutureTask<V> implements ScheduledFuture<V> {
        private final long periodNanos;
        private final long sequence;
        /** Changed only while the task is out of the queue (between its runs), under the scheduler's lock. */
        private volatile long dueNanos;

        Task(Callable<V> callable, long dueNanos, long periodNanos, long sequence) {
            super(callable);
            this.dueNanos = dueNanos;
            this.periodNanos = periodNanos;
            this.sequence = sequence;
        }

        long dueNanos() {
            return dueNanos;
        }

        FakeScheduler scheduler() {
            return FakeScheduler.this;
        }

        @Override
        public boolean runAndReset() {
            return super.runAndReset();
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos() - clock.peekNanos(), TimeUnit.NANOSECONDS);
        }

        /** Earlier due time first; tasks due at once in the order they were scheduled. */
        @Override
        public int compareTo(Delayed other) {
            if (other instanceof Task<?> task) {
                int byDue = Long.compare(dueNanos - task.dueNanos, 0);
                return byDue != 0 ? byDue : Long.compare(sequence, task.sequence);
            }
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
        }

        /** A cancelled task leaves the queue at once, as it would never run. */
        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            synchronized (FakeScheduler.this) {
                queue.remove(this);
            }
            return cancelled;
        }
    }
}
