package io.rtbench.core;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * rtbench's own threads, all daemons: a run that ends (or fails) must not be held open by a timer or a pool some
 * stage forgot to shut down; each stage still closes what it started. Named, so that a thread dump shows whose they
 * are. (The JDK's {@code Thread.ofPlatform()} builder would do this, but the producer and evaluator jars run on Java 17.)
 */
public final class DaemonThreads {

    private DaemonThreads() {}

    /** Threads that all carry {@code name}: a single-thread executor's, or a pool's whose threads are alike. */
    public static ThreadFactory named(String name) {
        return runnable -> daemon(runnable, name);
    }

    /** Threads named {@code prefix-1}, {@code prefix-2}, …: a pool whose threads are told apart. */
    public static ThreadFactory numbered(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> daemon(runnable, prefix + "-" + count.incrementAndGet());
    }

    /** Starts {@code body} on a thread of its own, named {@code name}; returns the thread. */
    public static Thread start(String name, Runnable body) {
        Thread thread = daemon(body, name);
        thread.start();
        return thread;
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }
}
