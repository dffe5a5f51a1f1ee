package io.rtbench.connectors.questdb;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerRecipes;
import io.rtbench.servers.local.FreePorts;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.HdrHistogram.Histogram;

/**
 * The measurement behind the questdb driver's choice of protocol (docs/TARGETS.md): the same pre-generated batches of
 * 1,250-byte events written by one thread into fresh tables of the driver's schema, through the driver (the InfluxDB
 * line protocol over HTTP) and through the PostgreSQL wire protocol (pgjdbc, a prepared {@code INSERT} batched per
 * batch, one commit per batch), in ABBA order on one local QuestDB so that drift on a shared machine hits both alike.
 * Per protocol: events/s inside the write calls, write-call p50/p99, the time from the first write until every event
 * is applied (visible to queries), and the CPU time per event of the client JVM and of the server. Not a test: the numbers depend on the machine.
 *
 * <p>Arguments: {@code [--batch-size 500] [--batches 40] [--rounds 2]}. Run it like tools/target-bench runs
 * TargetWriteBenchmark, with this class's name.
 */
public final class QuestDbIngestComparison {

    private QuestDbIngestComparison() {}

    /** One way of writing a batch. */
    private interface Writer extends AutoCloseable {
        void write(EventBatch batch) throws Exception;

        @Override
        default void close() throws Exception {}
    }

    public static void main(String[] args) throws Exception {
        int batchSize = 500;
        int batches = 40;
        int rounds = 2;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--batch-size" -> batchSize = Integer.parseInt(args[++i]);
                case "--batches" -> batches = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        int pgPort = FreePorts.free();
        try (RunningServer questdb = ServerRecipes.recipe("questdb")
                .startLocal(
                        new ServerConfig(0, Map.of("pg.enabled", "true", "pg.net.bind.to", "127.0.0.1:" + pgPort)))) {
            System.out.printf(
                    "QuestDB %s, %d batches of %d events of %d bytes per run, one writer thread%n",
                    questdb.version(), batches, batchSize, GeneratorSettings.DEFAULT_DOC_SIZE_BYTES);
            System.out.printf(
                    "%-8s %-6s %12s %10s %10s %12s %14s %14s%n",
                    "run", "proto", "events/s", "p50 ms", "p99 ms", "visible ms", "client µs/ev", "server µs/ev");
            String pgUrl = "jdbc:postgresql://127.0.0.1:" + pgPort + "/qdb";
            // A warm-up of each, not reported: both clients and the server's code paths are cold at first.
            measure(0, "ilp", questdb, pgUrl, batchSize, batches, false);
            measure(0, "pgwire", questdb, pgUrl, batchSize, batches, false);
            int run = 0;
            for (int round = 0; round < rounds; round++) {
                // ABBA: line protocol, pgwire, pgwire, line protocol
                for (String protocol : List.of("ilp", "pgwire", "pgwire", "ilp")) {
                    run++;
                    measure(run, protocol, questdb, pgUrl, batchSize, batches, true);
                }
            }
        }
    }

    private static void measure(
            int run,
            String protocol,
            RunningServer questdb,
            String pgUrl,
            int batchSize,
            int batchCount,
            boolean report)
            throws Exception {
        String table = "rtbench_compare_" + protocol + "_" + run;
        TargetConfig config = TargetConfig.of("questdb", URI.create(questdb.address()))
                .withCollection(table)
                .withTimeout(Duration.ofSeconds(60));
        EventGenerator generator =
                new EventGenerator(GeneratorSettings.withSeed(run), EventGenerator.randomGeneratorId());
        List<EventBatch> batches = new ArrayList<>();
        for (int b = 0; b < batchCount; b++) {
            List<Event> events = new ArrayList<>();
            for (int i = 0; i < batchSize; i++) {
                events.add(generator.nextEvent(System.currentTimeMillis() * 1000));
            }
            batches.add(new EventBatch(events));
        }
        try (Target target = Targets.open(config);
                Writer writer = protocol.equals("ilp") ? (Writer) target::write : new PgWire(pgUrl, table)) {
            target.ensureCollection();
            Histogram calls = LatencyRecorder.newHistogram();
            long busyNanos = 0;
            long clientCpuBefore = clientCpuNanos();
            long serverCpuBefore = cpuNanos(questdb.pid());
            long firstNanos = System.nanoTime();
            for (EventBatch batch : batches) {
                long startNanos = System.nanoTime();
                writer.write(batch);
                long tookNanos = System.nanoTime() - startNanos;
                busyNanos += tookNanos;
                calls.recordValue(tookNanos / 1_000);
            }
            AuditCounts counts = target.audit(generator.generatorId()); // returns once every write is applied
            long visibleNanos = System.nanoTime() - firstNanos;
            long clientCpu = clientCpuNanos() - clientCpuBefore;
            long serverCpu = cpuNanos(questdb.pid()) - serverCpuBefore;
            long events = (long) batchSize * batchCount;
            if (counts.count() != events || counts.duplicates() != 0) {
                throw new IllegalStateException(protocol + ": audit " + counts + " after " + events + " events");
            }
            if (!report) {
                return;
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-8d %-6s %12.0f %10.2f %10.2f %12.0f %14.1f %14.1f%n",
                    run,
                    protocol,
                    events / (busyNanos / 1e9),
                    calls.getValueAtPercentile(50) / 1e3,
                    calls.getValueAtPercentile(99) / 1e3,
                    visibleNanos / 1e6,
                    clientCpu / 1e3 / events,
                    serverCpu / 1e3 / events);
        }
    }

    /**
     * CPU time of this JVM (the client: the driver or pgjdbc, the HTTP client's threads, the audit), which the writes
     * take from a shared machine as much as the server's does.
     */
    private static long clientCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long cpuNanos(long pid) {
        return ProcessHandle.of(pid)
                .flatMap(process -> process.info().totalCpuDuration())
                .map(Duration::toNanos)
                .orElseThrow(() -> new IllegalStateException("no CPU time for pid " + pid));
    }

    /** A prepared INSERT into the driver's table over pgjdbc, one batch and one commit per write. */
    private static final class PgWire implements Writer {
        private final Connection connection;
        private final PreparedStatement insert;

        PgWire(String url, String table) throws SQLException {
            this.connection = DriverManager.getConnection(url, "admin", "quest");
            connection.setAutoCommit(false);
            this.insert = connection.prepareStatement("INSERT INTO \"" + table
                    + "\" (_event_time, generator_identifier, _seq, _id, doc) VALUES (?, ?, ?, ?, ?)");
        }

        @Override
        public void write(EventBatch batch) throws SQLException {
            for (Event event : batch.events()) {
                insert.setObject(
                        1,
                        OffsetDateTime.ofInstant(
                                Instant.EPOCH.plus(event.eventTimeMicros(), ChronoUnit.MICROS), ZoneOffset.UTC));
                insert.setLong(2, event.generatorId());
                insert.setLong(3, event.seq());
                insert.setObject(4, UUID.fromString(event.id()));
                insert.setString(5, new String(event.json(), StandardCharsets.UTF_8));
                insert.addBatch();
            }
            insert.executeBatch();
            connection.commit();
        }

        @Override
        public void close() throws SQLException {
            insert.close();
            connection.close();
        }
    }
}
