package io.rtbench.core.utilisation;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of one reading of a thread group's CPU (docs/MEASUREMENT.md, "The harness and the machine"), which the
 * utilisation sampler takes once a second for each server in rtbench's JVM, and again for rtbench's own part: a listing
 * of the JVM's threads and one CPU-time query per thread of the group. The group's threads, and others beside them that
 * the listing walks too, wait parked, as most of a broker's do.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ThreadGroupCpuBenchmark {

    @Param("150")
    int threadsInGroup;

    /** Threads of the JVM outside the group: rtbench's own, a second server's. */
    @Param("100")
    int threadsOutside;

    private final CountDownLatch release = new CountDownLatch(1);
    private ThreadGroupCpu cpu;

    @Setup(Level.Trial)
    public void startThreads() {
        ThreadGroup group = new ThreadGroup("benchmark-server");
        for (int i = 0; i < threadsInGroup; i++) {
            park(new Thread(group, this::awaitRelease, "in-group-" + i));
        }
        for (int i = 0; i < threadsOutside; i++) {
            park(new Thread(this::awaitRelease, "outside-" + i));
        }
        cpu = new ThreadGroupCpu(group);
    }

    @TearDown(Level.Trial)
    public void endThreads() {
        release.countDown();
    }

    @Benchmark
    public long reading() {
        return cpu.cpuNanos();
    }

    private static void park(Thread thread) {
        thread.setDaemon(true);
        thread.start();
    }

    private void awaitRelease() {
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
