package io.rtbench.connectors;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.WriteResult;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * How fast one thread writes through a driver: back-to-back {@link Target#write} calls of generated 1,250-byte events
 * into a fresh collection, for each batch size; events/s counts only the time spent inside {@code write} (generating
 * the next batch is excluded), and each call's duration goes into a histogram. Every event is new (fresh {@code _id}
 * and {@code _seq}), and the audit at the end checks that all landed once. Run with {@code tools/target-bench}, see
 * docs/BENCHMARKS.md. Not a test: the numbers depend on the machine and its load.
 *
 * <p>Arguments: {@code [--seconds S] [--batch-sizes 50,500] KIND[=URL]...}; credentials from the usual
 * {@code RTBENCH_TARGET_*} environment variables.
 */
public final class TargetWriteBenchmark {

    private static final Duration WARMUP = Duration.ofSeconds(3);

    private TargetWriteBenchmark() {}

    public static void main(String[] args) {
        double seconds = 10;
        List<Integer> batchSizes = List.of(50, 500);
        List<String> targets = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seconds" -> seconds = Double.parseDouble(args[++i]);
                case "--batch-sizes" ->
                    batchSizes = List.of(args[++i].split(",")).stream()
                            .map(Integer::parseInt)
                            .toList();
                default -> targets.add(args[i]);
            }
        }
        System.out.printf(
                "%-14s %-10s %6s %12s %10s %10s %10s %8s%n",
                "target", "version", "batch", "events/s", "MB/s", "p50 ms", "p99 ms", "calls");
        for (String target : targets) {
            for (int batchSize : batchSizes) {
                run(target, batchSize, Duration.ofMillis((long) (seconds * 1000)));
            }
        }
    }

    private static void run(String target, int batchSize, Duration duration) {
        String[] kindAndUrl = target.split("=", 2);
        URI url = kindAndUrl.length > 1 ? URI.create(kindAndUrl[1]) : null;
        String collection = "rtbench_bench_" + Long.toHexString(System.nanoTime());
        TargetConfig config = new TargetConfig(
                kindAndUrl[0],
                url,
                collection,
                Credentials.fromEnvironment(System.getenv()),
                Duration.ofSeconds(30),
                Map.of());
        try (Target sink = Targets.open(config)) {
            sink.ensureCollection();
            Batches batches = new Batches(EventGenerator.randomGeneratorId(), batchSize, url == null);
            timedWrites(sink, batches, WARMUP);
            Histogram writes = LatencyRecorder.newHistogram();
            long busyNanos = timedWrites(sink, batches, duration, writes);
            long events = writes.getTotalCount() * batchSize;
            AuditCounts audit = sink.audit(batches.generatorId());
            if (audit.count() != batches.written() || audit.duplicates() != 0) {
                throw new IllegalStateException("audit " + audit + " after writing " + batches.written() + " events");
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-14s %-10.10s %6d %12.0f %10.1f %10.2f %10.2f %8d%n",
                    kindAndUrl[0],
                    sink.serverVersion(),
                    batchSize,
                    events / (busyNanos / 1e9),
                    events * (double) GeneratorSettings.DEFAULT_DOC_SIZE_BYTES / (busyNanos / 1e3),
                    writes.getValueAtPercentile(50) / 1e3,
                    writes.getValueAtPercentile(99) / 1e3,
                    writes.getTotalCount());
        }
    }

    private static long timedWrites(Target sink, Batches batches, Duration duration) {
        return timedWrites(sink, batches, duration, LatencyRecorder.newHistogram());
    }

    /** Writes for {@code duration}; returns the nanoseconds spent inside write calls. */
    private static long timedWrites(Target sink, Batches batches, Duration duration, Histogram writes) {
        long busyNanos = 0;
        long endNanos = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < endNanos) {
            EventBatch batch = batches.next();
            long startNanos = System.nanoTime();
            WriteResult result = sink.write(batch);
            long tookNanos = System.nanoTime() - startNanos;
            if (result.hasFailures()) {
                throw new IllegalStateException(
                        "write failed: " + result.failures().get(0));
            }
            busyNanos += tookNanos;
            writes.recordValue(Math.min(tookNanos / 1_000, LatencyRecorder.HIGHEST_TRACKABLE_MICROS));
        }
        return busyNanos;
    }

    /**
     * New events for each batch: from the real generator for databases; for in-memory targets, which never read the
     * document, one shared document with fresh {@code _seq}s, so that generating does not dominate.
     */
    private static final class Batches {
        private final EventGenerator generator;
        private final int size;
        private final boolean inMemory;
        private final byte[] sharedDocument;
        private long written;

        Batches(long generatorId, int size, boolean inMemory) {
            this.generator = new EventGenerator(GeneratorSettings.withSeed(42), generatorId);
            this.size = size;
            this.inMemory = inMemory;
            this.sharedDocument = inMemory ? generator.next(0) : null;
        }

        long generatorId() {
            return generator.generatorId();
        }

        long written() {
            return written;
        }

        EventBatch next() {
            List<Event> events = new ArrayList<>(size);
            long nowMicros = System.currentTimeMillis() * 1_000;
            for (int i = 0; i < size; i++) {
                events.add(
                        inMemory
                                ? new Event(sharedDocument, generator.generatorId(), written + i, nowMicros)
                                : generator.nextEvent(nowMicros));
            }
            written += size;
            return new EventBatch(events);
        }
    }
}
