package io.rtbench.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Threads that use a given CPU time and then wait until released, for the tests of what reads threads' CPU
 * (docs/MEASUREMENT.md, "The harness and the machine"): each tells the CPU time it had when it stopped burning, a figure
 * a reading can be compared with. {@link #close()} releases them all and waits for them to end.
 */
public final class CpuBurners implements AutoCloseable {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final List<Burner> started = new ArrayList<>();

    /** A thread in {@code group} that uses {@code cpuNanos} of CPU. */
    public Burner start(ThreadGroup group, long cpuNanos) {
        return start(group, cpuNanos, () -> {});
    }

    /**
     * A thread in {@code group} (the creating thread's group when null, as every thread started without one) that runs
     * {@code first}, then uses {@code cpuNanos} of CPU, notes its CPU time and waits until released.
     */
    public Burner start(ThreadGroup group, long cpuNanos, Runnable first) {
        Burner burner = new Burner();
        Runnable body = () -> {
            first.run();
            long until = THREADS.getCurrentThreadCpuTime() + cpuNanos;
            while (THREADS.getCurrentThreadCpuTime() < until) {
                Thread.onSpinWait();
            }
            burner.burntNanos = THREADS.getCurrentThreadCpuTime();
            burner.burnt.countDown();
            try {
                burner.release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        burner.thread = group == null ? new Thread(body, "cpu-burner") : new Thread(group, body, "cpu-burner");
        burner.thread.setDaemon(true);
        synchronized (started) {
            started.add(burner);
        }
        burner.thread.start();
        return burner;
    }

    @Override
    public void close() {
        List<Burner> all;
        synchronized (started) {
            all = List.copyOf(started);
        }
        all.forEach(Burner::end);
    }

    /** One thread that burns CPU. */
    public static final class Burner {
        private final CountDownLatch burnt = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);
        private volatile Thread thread;
        private volatile long burntNanos;

        private Burner() {}

        public Thread thread() {
            return thread;
        }

        /** Waits until the thread used its CPU; its CPU time then, in nanoseconds. */
        public long awaitBurnt() {
            try {
                assertThat(burnt.await(60, TimeUnit.SECONDS))
                        .as("burnt its CPU in time")
                        .isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            return burntNanos;
        }

        /** Releases the thread and waits until it has ended. */
        public void end() {
            release.countDown();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(60));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            assertThat(thread.isAlive()).as("ended").isFalse();
        }
    }
}
