package io.rtbench.core.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.UpdateMode;
import java.io.IOException;
import java.time.Duration;
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

    /**
     * Workload dml (20 % updates, 5 % deletes, rows eligible at once): the change generator's event into the reused
     * array, as the producer's Kafka path calls it; allocates nothing beyond the ledger's chunk per 65,536 events.
     */
    @Benchmark
    public byte[] changeNextTransient(Changes changes) {
        return changes.generator.nextTransient(eventTimeMicros++);
    }

    /**
     * A fresh change generator per iteration (its ledger keeps 4 bytes per event, which a run at full speed fills), in
     * a state of its own so that building it counts only against {@link #changeNextTransient}.
     */
    @State(Scope.Thread)
    public static class Changes {
        ValuePools pools;
        ChangeGenerator generator;

        @Setup(Level.Trial)
        public void newPools() {
            pools = ValuePools.build(43);
        }

        /** Pools are built once (datafaker); the generator and its ledger anew (its body variants count, ~6 B/op). */
        @Setup(Level.Iteration)
        public void newChanges() {
            GeneratorSettings settings = new GeneratorSettings(43, 1250);
            generator = new ChangeGenerator(
                    new EventGenerator(settings, EventGenerator.randomGeneratorId(), pools, 0, true),
                    new DmlSettings(0.2, 0.05, UpdateMode.REPLACE, Duration.ZERO),
                    43);
        }
    }

    /** The baseline: Jackson serializing the same, already built 60-leaf tree again. */
    @Benchmark
    public byte[] jacksonFixedDocument() throws JsonProcessingException {
        return mapper.writeValueAsBytes(fixedDocument);
    }
}
