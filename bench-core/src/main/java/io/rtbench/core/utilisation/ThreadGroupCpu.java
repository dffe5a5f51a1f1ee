package io.rtbench.core.utilisation;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The CPU time of the threads of one thread group and its subgroups: a server that runs in this JVM (the Kafka broker
 * and Connect worker of {@code --servers local}), started from a thread of a group of its own so that the threads it
 * makes, and those they make, are in that group (docs/MEASUREMENT.md, "The harness and the machine").
 *
 * <p>A thread that ended keeps the CPU time it had at the last reading that saw it alive; the CPU it used after that
 * reading (at most one reading's interval of it) and a thread that began and ended between two readings are not the
 * group's. Each reading also costs a listing of the JVM's threads ({@link ThreadGroup#enumerate}) and one CPU-time query
 * per thread of the group. Thread-safe: the readings of several sources (the server's own part and the process's
 * remainder) keep one running total.
 */
public final class ThreadGroupCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final ThreadGroup group;
    /** Each live thread's CPU time at the latest reading, by thread id. */
    private Map<Long, Long> seenNanos = new HashMap<>();
    /** The CPU time the threads that ended had when last seen. */
    private long endedNanos;

    public ThreadGroupCpu(ThreadGroup group) {
        this.group = Objects.requireNonNull(group, "group");
    }

    /**
     * Whether this JVM tells a thread's CPU time (HotSpot does on Linux, unless turned off); without it the group's CPU
     * cannot be read.
     */
    public static boolean measurable() {
        return THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    public ThreadGroup group() {
        return group;
    }

    /** The group's CPU time so far, in nanoseconds: its live threads' now and its ended threads' when last seen. */
    public synchronized long cpuNanos() {
        Map<Long, Long> now = new HashMap<>();
        long liveNanos = 0;
        for (Thread thread : liveThreads()) {
            @SuppressWarnings("deprecation") // threadId() is Java 19's; bench-core runs on Java 17
            long id = thread.getId();
            long nanos = THREADS.getThreadCpuTime(id);
            if (nanos >= 0) { // -1: it ended since the listing, and counts as ended below
                now.put(id, nanos);
                liveNanos += nanos;
            }
        }
        for (Map.Entry<Long, Long> seen : seenNanos.entrySet()) {
            if (!now.containsKey(seen.getKey())) {
                endedNanos += seen.getValue();
            }
        }
        seenNanos = now;
        return endedNanos + liveNanos;
    }

    private Thread[] liveThreads() {
        Thread[] threads = new Thread[Math.max(16, seenNanos.size() * 2)];
        int count = group.enumerate(threads, true);
        while (count == threads.length) { // perhaps more than fitted: list again, larger
            threads = new Thread[threads.length * 2];
            count = group.enumerate(threads, true);
        }
        return Arrays.copyOf(threads, count);
    }
}
