package io.rtbench.core.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The generator bar (docs/BENCHMARKS.md): {@link EventGenerator#next} must reach at least half the throughput of Jackson
 * re-serializing one fixed document of the same shape, measured in the same run. The Jackson side is generous to
 * Jackson: the tree is built once and only serialized per operation, no values are drawn. Run with
 * {@code tools/jmh GeneratorBenchmark -prof gc} (docs/BENCHMARKS.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class GeneratorBenchmark {

    private static final long START_MICROS = 1_717_200_000_000_000L;

    @Param({"1250"})
    public int docSizeBytes;

    private EventGenerator generator;
    private long eventTimeMicros = START_MICROS;
    private ObjectMapper mapper;
    private JsonNode fixedDocument;

    @Setup
    public void setUp() throws IOException {
        generator = new EventGenerator(new GeneratorSettings(42, docSizeBytes), EventGenerator.randomGeneratorId());
        mapper = new ObjectMapper();
        fixedDocument = mapper.readTree(generator.next(START_MICROS));
    }

    /** One generated event: a fresh document with new values, id, time and seq. */
    @Benchmark
    public byte[] generatorNext() {
        return generator.next(eventTimeMicros++);
    }

    /** The same into the generator's reused array: what the producer's Kafka path calls; allocates nothing. */
    @Benchmark
    public byte[] generatorNextTransient() {
        return generator.nextTransient(eventTimeMicros++);
    }

    /** The baseline: Jackson serializing the same, already built 60-leaf tree again. */
    @Benchmark
    public byte[] jacksonFixedDocument() throws JsonProcessingException {
        return mapper.writeValueAsBytes(fixedDocument);
    }
}
