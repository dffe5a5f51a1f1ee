package io.rtbench.connectors.bridge;

import static io.rtbench.connectors.bridge.BridgeTestKit.createTopic;
import static io.rtbench.connectors.bridge.BridgeTestKit.produce;

import io.rtbench.connectors.TargetWriteBenchmark;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.Servers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * How fast the bridge drains a full topic into one local server, for each number of writes in flight, next to a plain
 * parallel bulk writer with as many threads ({@link TargetWriteBenchmark#measure}) into the same server, in the same
 * run, rounds alternating (ABBA, after an unreported warm-up of the server): the measurement behind
 * {@link BridgeSettings#DEFAULT_MAX_IN_FLIGHT} (docs/BENCHMARKS.md). One bridge thread, batches of 500, a topic of 4
 * partitions filled before the first round; each run writes into a fresh index (a fresh consumer group, reading from
 * the start), dropped afterwards. Not a test: the numbers depend on the machine and its load.
 *
 * <p>Arguments: {@code [TARGET=opensearch] [MAX_IN_FLIGHT=1,4] [SECONDS=20] [ROUNDS=2] [WARMUP_SECONDS=5]}.
 */
public final class BridgeThroughputBenchmark {

    private static final int BATCH_SIZE = 500;
    /** Events per second the topic is filled for; a run that drains it says so. */
    private static final int FILL_PER_SECOND = 15_000;

    private BridgeThroughputBenchmark() {}

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "opensearch";
        List<Integer> inFlight = args.length > 1
                ? List.of(args[1].split(",")).stream().map(Integer::parseInt).toList()
                : List.of(1, BridgeSettings.DEFAULT_MAX_IN_FLIGHT);
        Duration measured = Duration.ofSeconds(args.length > 2 ? Long.parseLong(args[2]) : 20);
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        Duration warmup = Duration.ofSeconds(args.length > 4 ? Long.parseLong(args[4]) : 5);
        ServerProvider provider = Servers.provider(System.getenv());
        try (RunningServer kafka = provider.start(ServerKind.KAFKA, ServerConfig.DEFAULT);
                RunningServer db = provider.start(ServerKind.fromCliName(kind), ServerConfig.DEFAULT)) {
            String topic = "bridge-bench-" + UUID.randomUUID();
            createTopic(kafka.address(), topic, 4);
            int events = (int) (FILL_PER_SECOND * (measured.toSeconds() + warmup.toSeconds()));
            produce(kafka.address(), topic, new EventGenerator(GeneratorSettings.withSeed(3), 33), events, 0);
            System.out.printf(
                    Locale.ROOT,
                    "%s %s, Kafka %s, topic of %,d events, %d s measured after %d s, %d cpus, load %.1f%n%n",
                    kind,
                    db.version(),
                    kafka.version(),
                    events,
                    measured.toSeconds(),
                    warmup.toSeconds(),
                    Runtime.getRuntime().availableProcessors(),
                    loadAverage());
            // A fresh server is slower at first (JIT, caches): warm it up, unreported, so the first setting is not
            // penalised.
            plainWriter(db, kind, inFlight.get(inFlight.size() - 1), Duration.ZERO, warmup.multipliedBy(2));
            System.out.println("| round | in flight | bridge events/s | plain writer events/s | ratio |");
            System.out.println("|---|---|---|---|---|");
            for (int round = 1; round <= rounds; round++) {
                // ABBA: every other round runs the settings in reverse order, so that drift over time favours none.
                List<Integer> order = round % 2 == 1 ? inFlight : inFlight.reversed();
                for (int writes : order) {
                    double bridge = bridge(kafka, db, kind, topic, writes, warmup, measured, events);
                    double plain = plainWriter(db, kind, writes, warmup, measured);
                    System.out.printf(
                            Locale.ROOT,
                            "| %d | %d | %,.0f | %,.0f | %.2f |%n",
                            round,
                            writes,
                            bridge,
                            plain,
                            bridge / plain);
                }
            }
        }
    }

    private static double bridge(
            RunningServer kafka,
            RunningServer db,
            String kind,
            String topic,
            int writes,
            Duration warmup,
            Duration measured,
            int events)
            throws Exception {
        TargetConfig config = config(kind, db);
        BridgeSettings settings = new BridgeSettings(
                kafka.address(),
                topic,
                null,
                config,
                BATCH_SIZE,
                BridgeSettings.DEFAULT_LINGER,
                1,
                Map.of(),
                Duration.ofMinutes(2),
                writes,
                BridgeSettings.DEFAULT_CONNECT_TIMEOUT);
        try (Target target = Targets.open(config);
                Bridge bridge = new Bridge(settings, target, EpochClock.SYSTEM)) {
            bridge.start();
            Thread.sleep(warmup.toMillis());
            long fromWritten = bridge.stats().written();
            long fromNanos = System.nanoTime();
            Thread.sleep(measured.toMillis());
            long written = bridge.stats().written() - fromWritten;
            long nanos = System.nanoTime() - fromNanos;
            if (bridge.failure() != null) {
                throw new IllegalStateException(
                        "the bridge failed: " + bridge.failure().getMessage());
            }
            if (bridge.stats().written() >= events) {
                System.out.println("(the bridge drained the topic: its rate is a lower bound)");
            }
            return written / (nanos / 1e9);
        } finally {
            drop(db, config.collection());
        }
    }

    private static double plainWriter(RunningServer db, String kind, int writers, Duration warmup, Duration measured)
            throws Exception {
        TargetConfig config = config(kind, db);
        try (Target target = Targets.open(config)) {
            target.ensureCollection();
            return TargetWriteBenchmark.measure(target, BATCH_SIZE, writers, false, warmup, measured)
                    .eventsPerSecond();
        } finally {
            drop(db, config.collection());
        }
    }

    private static TargetConfig config(String kind, RunningServer db) {
        return new TargetConfig(
                kind,
                URI.create(db.address()),
                "bench_" + Long.toHexString(System.nanoTime()),
                null,
                Duration.ofSeconds(30),
                Map.of());
    }

    /** Deletes the index (search engines) so that runs do not pile up in the server's heap. */
    private static void drop(RunningServer db, String collection) throws Exception {
        if (!db.kind().equals(ServerKind.fromCliName("opensearch"))
                && !db.kind().equals(ServerKind.fromCliName("elasticsearch"))) {
            return;
        }
        HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(db.address() + "/" + collection))
                                .DELETE()
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
