package io.rtbench.core.event;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Start-up cost of a generator: building its value pools from datafaker. One cold shot per fork, as a producer pays
 * it once at start (datafaker's YAML loading and class initialization dominate), and warm shots, as a second
 * generator in the same JVM pays it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PoolBuildBenchmark {

    private long seed;

    @Benchmark
    @Fork(5)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public Object coldJvm() {
        return ValuePools.build(seed++);
    }

    @Benchmark
    @Fork(1)
    @Warmup(iterations = 5)
    @Measurement(iterations = 10)
    public Object warmJvm() {
        return ValuePools.build(seed++);
    }
}
