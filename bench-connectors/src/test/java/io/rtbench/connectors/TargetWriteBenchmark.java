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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * The same-run baseline of a sink: a plain parallel bulk writer. {@code N} threads write batches of new generated
 * 1,250-byte events back to back through {@link Target#write} into a fresh collection of one server, for each batch
 * size and each concurrency, after a warm-up; the sustained rate is the events whose write finished inside the
 * measured window, divided by its wall-clock length. Each thread has its own generator, and the audit at the end checks
 * that every event of each landed once. A sink (the bridge, rtbench's Connect task) is the bottleneck when it stays
 * well below this rate into the same server (docs/BENCHMARKS.md). Run with {@code tools/target-bench}. Not a test: the
 * numbers depend on the machine and its load.
 *
 * <p>Arguments: {@code [--seconds S] [--warmup S] [--batch-sizes 50,500] [--concurrency 1,4] [--collection NAME]
 * KIND[=URL]...} ({@code --collection}: write into that collection, existing or not, instead of a fresh one each);
 * credentials from the usual {@code RTBENCH_TARGET_*} environment variables.
 */
public final class TargetWriteBenchmark {

    private record Options(
            Duration duration,
            Duration warmup,
            List<Integer> batchSizes,
            List<Integer> concurrency,
            String collection,
            List<String> targets) {}

    /** A sustained rate and the write calls' durations (microseconds) behind it. */
    public record Measurement(double eventsPerSecond, Histogram writes) {}

    /** What one writer thread did inside the measured window. */
    private record Share(long events, Histogram writes, long generatorId, long written) {}

    private TargetWriteBenchmark() {}

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("target-bench: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.out.printf(
                "%-14s %-10s %6s %5s %12s %8s %9s %9s %8s%n",
                "target", "version", "batch", "conc", "events/s", "MB/s", "p50 ms", "p99 ms", "calls");
        for (String target : options.targets()) {
            for (int batchSize : options.batchSizes()) {
                for (int writers : options.concurrency()) {
                    run(target, batchSize, writers, options);
                }
            }
        }
    }

    static Options parse(String[] args) {
        Duration duration = Duration.ofSeconds(10);
        Duration warmup = Duration.ofSeconds(3);
        List<Integer> batchSizes = List.of(50, 500);
        List<Integer> concurrency = List.of(1, 4);
        String collection = null;
        List<String> targets = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.startsWith("--") && i + 1 >= args.length) {
                throw new IllegalArgumentException(arg + " needs a value");
            }
            switch (arg) {
                case "--seconds" -> duration = seconds(arg, args[++i]);
                case "--warmup" -> warmup = seconds(arg, args[++i]);
                case "--batch-sizes" -> batchSizes = positiveInts(arg, args[++i]);
                case "--concurrency" -> concurrency = positiveInts(arg, args[++i]);
                case "--collection" -> collection = args[++i];
                default -> {
                    if (arg.startsWith("--")) {
                        throw new IllegalArgumentException(
                                "unknown option " + arg
                                        + "; use --seconds, --warmup, --batch-sizes, --concurrency, --collection and KIND[=URL]...");
                    }
                    targets.add(arg);
                }
            }
        }
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("name at least one target, e.g. opensearch=http://127.0.0.1:9200");
        }
        return new Options(duration, warmup, batchSizes, concurrency, collection, targets);
    }

    private static Duration seconds(String option, String value) {
        try {
            double seconds = Double.parseDouble(value);
            if (seconds >= 0) {
                return Duration.ofMillis((long) (seconds * 1000));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " must be a number of seconds, got '" + value + "'");
    }

    private static List<Integer> positiveInts(String option, String value) {
        List<Integer> numbers = new ArrayList<>();
        for (String part : value.split(",")) {
            try {
                int number = Integer.parseInt(part.trim());
                if (number >= 1) {
                    numbers.add(number);
                    continue;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(
                    option + " takes positive integers separated by commas, got '" + value + "'");
        }
        return List.copyOf(numbers);
    }

    private static void run(String target, int batchSize, int writers, Options options) throws Exception {
        String[] kindAndUrl = target.split("=", 2);
        URI url = kindAndUrl.length > 1 ? URI.create(kindAndUrl[1]) : null;
        // A fresh collection, or the one named: e.g. a peak search's, so that the baseline writes into a collection of
        // the size the sink wrote into (a database writes slower into a larger table or index).
        String collection = options.collection() != null
                ? options.collection()
                : "rtbench_bench_" + Long.toHexString(System.nanoTime());
        TargetConfig config = new TargetConfig(
                kindAndUrl[0],
                url,
                collection,
                Credentials.fromEnvironment(System.getenv()),
                Duration.ofSeconds(30),
                Map.of());
        try (Target sink = Targets.open(config)) {
            sink.ensureCollection();
            Measurement measured = measure(sink, batchSize, writers, url == null, options.warmup(), options.duration());
            System.out.printf(
                    Locale.ROOT,
                    "%-14s %-10.10s %6d %5d %12.0f %8.1f %9.2f %9.2f %8d%n",
                    kindAndUrl[0],
                    sink.serverVersion(),
                    batchSize,
                    writers,
                    measured.eventsPerSecond(),
                    measured.eventsPerSecond() * GeneratorSettings.DEFAULT_DOC_SIZE_BYTES / 1e6,
                    measured.writes().getValueAtPercentile(50) / 1e3,
                    measured.writes().getValueAtPercentile(99) / 1e3,
                    measured.writes().getTotalCount());
        }
    }

    /**
     * The sustained rate of {@code writers} threads writing batches back to back into {@code sink}.
     *
     * @param inMemory whether the target never reads the documents (one shared document is then written)
     * @return events per second whose writes finished in the measured window, and those writes' durations
     * @throws IllegalStateException when a write reports failures or the audit finds an event missing or twice
     */
    public static Measurement measure(
            Target sink, int batchSize, int writers, boolean inMemory, Duration warmup, Duration duration)
            throws InterruptedException {
        ExecutorService threads = Executors.newFixedThreadPool(writers);
        try {
            long measureFromNanos = System.nanoTime() + warmup.toNanos();
            long measureToNanos = measureFromNanos + duration.toNanos();
            List<Future<Share>> shares = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                shares.add(
                        threads.submit(() -> writeUntil(sink, batchSize, inMemory, measureFromNanos, measureToNanos)));
            }
            long events = 0;
            Histogram writes = LatencyRecorder.newHistogram();
            for (Future<Share> future : shares) {
                Share share = result(future);
                events += share.events();
                writes.add(share.writes());
                AuditCounts audit = sink.audit(share.generatorId());
                if (audit.count() != share.written() || audit.duplicates() != 0) {
                    throw new IllegalStateException("audit " + audit + " after writing " + share.written() + " events");
                }
            }
            return new Measurement(events / (duration.toNanos() / 1e9), writes);
        } finally {
            threads.shutdownNow();
        }
    }

    private static Share result(Future<Share> future) throws InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /**
     * One writer thread: back-to-back writes until the window ends; counts the events of writes that finished inside
     * it, and their write calls' durations.
     */
    private static Share writeUntil(Target sink, int batchSize, boolean inMemory, long fromNanos, long toNanos) {
        Batches batches = new Batches(EventGenerator.randomGeneratorId(), batchSize, inMemory);
        Histogram writes = LatencyRecorder.newHistogram();
        long events = 0;
        while (System.nanoTime() - toNanos < 0) {
            EventBatch batch = batches.next();
            long startNanos = System.nanoTime();
            WriteResult result = sink.write(batch);
            long endNanos = System.nanoTime();
            if (result.hasFailures()) {
                throw new IllegalStateException(
                        "write failed: " + result.failures().get(0));
            }
            if (endNanos - fromNanos >= 0 && endNanos - toNanos < 0) {
                events += batch.size();
                writes.recordValue(Math.min((endNanos - startNanos) / 1_000, LatencyRecorder.HIGHEST_TRACKABLE_MICROS));
            }
        }
        return new Share(events, writes, batches.generatorId(), batches.written());
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
