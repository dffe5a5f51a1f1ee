package io.rtbench.core.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Spec section 8, generator bar: {@link EventGenerator#next} (a new 1,250-byte document per call: new values, new id,
 * new time) against the baseline, Jackson re-serializing ONE fixed document of the same shape. The bar is a ratio of at
 * least 0.5, both measured in the same run ({@code tools/jmh GeneratorBenchmark}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class GeneratorBenchmark {

    private static final long T0 = 1_763_800_000_000_000L;

    private EventGenerator generator;
    private ObjectMapper mapper;
    private JsonNode fixedDocument;
    private long eventTimeMicros = T0;

    @Setup
    public void setUp() throws IOException {
        generator = new EventGenerator(GeneratorSettings.withSeed(1), 4242);
        mapper = new ObjectMapper();
        fixedDocument = mapper.readTree(new EventGenerator(GeneratorSettings.withSeed(2), 1).next(T0));
    }

    @Benchmark
    public byte[] generator() {
        return generator.next(eventTimeMicros++);
    }

    @Benchmark
    public byte[] jacksonFixedDocument() throws IOException {
        return mapper.writeValueAsBytes(fixedDocument);
    }
}
