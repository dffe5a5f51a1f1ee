package io.rtbench.producer.benchmarks;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.producer.destination.KafkaProducerDefaults;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.Servers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * The producer bars of docs/BENCHMARKS.md ("Producer bars"), measured and judged in one run against one local broker
 * ({@code tools/bench-producer}):
 *
 * <ol>
 *   <li>throughput at {@code --rate max} against Kafka's own {@code ProducerPerformance} sending a payload file of the
 *       same documents with the same producer settings, twice: rtbench's defaults (acks=all, idempotent) and
 *       {@code acks=1} without idempotence. Child JVMs, each pair in ABBA order over the rounds, each run on a quiet
 *       machine (after the previous run's topic is deleted and the CPUs have been idle for 3 s), after one uncounted
 *       round that warms the broker up, median of the rounds; bar: ratio >= 0.9. Both in steady state: rtbench after
 *       its warmup, ProducerPerformance from the report after as many seconds on;
 *   <li>pacing at 10 %, 25 % and 50 % of the measured max (acks=all), each after a warmup: achieved rate within 1 %,
 *       and scheduleDelay p99 below 1 ms at 10 %; at 25 % and 50 % at most 0.25 ms above {@link PacedSender}'s in the
 *       same pair of runs (rtbench's pacer sending ready-made documents: what the machine allows a sender that does
 *       not generate). rtbench and PacedSender run in pairs in ABBA order; a bar is met when every run met it.
 *       ProducerPerformance at the same rate tells whether the broker's acks kept up;
 *   <li>the producer's peak RSS at max rate, and the CPU time each producer process used.
 * </ol>
 *
 * <p>Arguments, all optional: records per max-rate run (4,000,000), rounds (3), paced pairs (3), seconds of warmup and
 * of measurement of each paced run (15), seconds of warmup of each max-rate run (5). The broker's log goes wherever
 * {@code java.io.tmpdir} points ({@code tools/bench-producer}: tmpfs when there is one) and is bounded (see
 * {@link #BROKER_SETTINGS}); docs/BENCHMARKS.md says why.
 *
 * <p>Keys: ProducerPerformance sends none, so the bar compares it with rtbench's {@code --key none}, the same records;
 * each round also runs rtbench's default {@code --key id} at acks=all, reported beside it, and the paced runs use it.
 */
public final class ProducerBenchmark {

    private static final Pattern SENDER_SUMMARY =
            Pattern.compile("scheduleDelay p50 [\\d.]+ p99 ([\\d.]+) p999 ([\\d.]+) ms");

    /** Kafka's default producer settings with acks=1: the client then turns its idempotence default off itself. */
    private static final Map<String, String> ACKS_ONE = Map.of("acks", "1");

    private static final double[] PACED_SHARES = {0.10, 0.25, 0.50};

    /**
     * The benchmark's broker: deleted topics leave the log at once, and each partition keeps only its newest 256 MB in
     * 64 MB segments, checked every second, so the log holds ~1.3 GB whatever a run writes (docs/BENCHMARKS.md,
     * "Memory the host has taken back").
     */
    private static final Map<String, String> BROKER_SETTINGS = Map.of(
            "log.segment.delete.delay.ms",
            "0",
            "log.retention.bytes",
            Long.toString(256L << 20),
            "log.segment.bytes",
            Integer.toString(64 << 20),
            "log.retention.check.interval.ms",
            "1000");

    /** The benchmark's sizes (see the class comment). */
    record Settings(int records, int rounds, int pacedPairs, int pacedSeconds, int maxWarmupSeconds) {
        static Settings parse(String[] args) {
            int[] values = {4_000_000, 3, 3, 15, 5};
            for (int i = 0; i < Math.min(args.length, values.length); i++) {
                values[i] = Integer.parseInt(args[i]);
            }
            return new Settings(values[0], values[1], values[2], values[3], values[4]);
        }
    }

    private final Path dir;
    private final Settings settings;
    private final String classPath = System.getProperty("java.class.path");
    private final String java =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private final String bootstrap;
    /** rtbench's own JVM options ({@code tools/rtbench.jvm.options}), for rtbench and PacedSender alike. */
    private final String jvmOptions = "@"
            + Path.of(System.getProperty("rtbench.jvm.options", "tools/rtbench.jvm.options"))
                    .toAbsolutePath();

    private final Admin admin;
    private final ProducerBars bars = new ProducerBars();
    private long peakRssKb;
    /** CPU seconds of the last child run (all threads, start-up included), for the round's line. */
    private double lastCpuSeconds;

    private ProducerBenchmark(Path dir, Settings settings, String bootstrap, Admin admin) {
        this.dir = dir;
        this.settings = settings;
        this.bootstrap = bootstrap;
        this.admin = admin;
    }

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.parse(args);
        Path dir = Files.createTempDirectory("rtbench-producer-bench");
        ServerConfig broker = new ServerConfig(0, BROKER_SETTINGS);
        try (RunningServer kafka = Servers.provider(System.getenv()).start(ServerKind.KAFKA, broker);
                Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()))) {
            new ProducerBenchmark(dir, settings, kafka.address(), admin).run(kafka.version());
        }
    }

    private void run(String kafkaVersion) throws Exception {
        Path payloads = payloadFile(10_000);
        Path acksOne = Files.writeString(dir.resolve("acks1.properties"), "acks=1\n");
        System.out.printf(
                Locale.ROOT,
                "Kafka %s, %s, %d cpus, broker log on %s%n",
                kafkaVersion,
                settings,
                Runtime.getRuntime().availableProcessors(),
                Files.getFileStore(dir).type());
        double keyedMax = maxRate(payloads, acksOne);
        System.out.println();
        paced(payloads, keyedMax);
        System.out.println();
        System.out.println("Bars (docs/BENCHMARKS.md, \"Producer bars\"; a bar is met when every run met it):");
        bars.verdicts().forEach(verdict -> System.out.println("  " + verdict.line()));
        System.out.printf(
                Locale.ROOT,
                "  peak RSS of rtbench at max: %d MB (the bar, <= 512 MB, is at 100 MB/s: see docs/BENCHMARKS.md)%n",
                peakRssKb / 1024);
        Files.delete(payloads);
        System.out.println("result files of every run: " + dir);
    }

    /** The max-rate rounds; returns the median rate of rtbench's default {@code --key id}, the base of the paced runs. */
    private double maxRate(Path payloads, Path acksOne) throws Exception {
        // The broker's own JIT warms up over the first millions of records: an uncounted round of each producer
        // first, so that neither is measured against a colder broker than the other.
        double warmPerf = perfAtMax(payloads, "perf-warmup", KafkaProducerDefaults.SETTINGS);
        double warmOurs = rtbenchAtMax("max-warmup", "none", null);
        System.out.printf(
                Locale.ROOT,
                "broker warm-up round (not counted): ProducerPerformance %,.0f rec/s, rtbench %,.0f ev/s%n",
                warmPerf,
                warmOurs);
        // Each round runs these in this order, the next round in the reverse one: every pair is in ABBA order over the
        // rounds, so a drift (the broker still warming up) favours neither side.
        List<String> order = List.of("perf", "none", "id", "perf-acks1", "none-acks1");
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        order.forEach(run -> rates.put(run, new ArrayList<>()));
        for (int round = 0; round < settings.rounds(); round++) {
            List<String> runs = new ArrayList<>(order);
            if (round % 2 == 1) {
                Collections.reverse(runs);
            }
            StringBuilder line = new StringBuilder("round " + round + ":");
            for (String run : runs) {
                String topic = run + "-" + round;
                double rate = switch (run) {
                    case "perf" -> perfAtMax(payloads, topic, KafkaProducerDefaults.SETTINGS);
                    case "perf-acks1" -> perfAtMax(payloads, topic, ACKS_ONE);
                    case "none" -> rtbenchAtMax(topic, "none", null);
                    case "id" -> rtbenchAtMax(topic, "id", null);
                    case "none-acks1" -> rtbenchAtMax(topic, "none", acksOne);
                    default -> throw new IllegalStateException(run);
                };
                rates.get(run).add(rate);
                line.append(String.format(Locale.ROOT, " %s %,.0f/s (%.1f CPU s)", run, rate, lastCpuSeconds));
            }
            System.out.println(line);
        }
        double perf = median(rates.get("perf"));
        double none = median(rates.get("none"));
        double keyed = median(rates.get("id"));
        double perfOne = median(rates.get("perf-acks1"));
        double noneOne = median(rates.get("none-acks1"));
        System.out.printf(
                Locale.ROOT,
                "%nmax rate, medians: acks=all, idempotent: ProducerPerformance %,.0f rec/s (%.1f MB/s), rtbench --key"
                        + " none %,.0f ev/s (%.1f MB/s), --key id %,.0f ev/s (ratio %.3f); acks=1, no idempotence:"
                        + " ProducerPerformance %,.0f rec/s, rtbench --key none %,.0f ev/s%n",
                perf,
                perf * 1250 / 1e6,
                none,
                none * 1250 / 1e6,
                keyed,
                keyed / perf,
                perfOne,
                noneOne);
        bars.maxRate("acks=all, idempotent", none, perf);
        bars.maxRate("acks=1, no idempotence", noneOne, perfOne);
        return keyed;
    }

    /** At 10/25/50 % of max: ProducerPerformance once, then rtbench and PacedSender in ABBA pairs. */
    private void paced(Path payloads, double keyedMax) throws Exception {
        System.out.println("| target | achieved (median) | error (worst) | scheduleDelay p50 | p99 (runs)"
                + " | PacedSender p99 (runs) | p99.9 | PacedSender p99.9 | produceAck p50 | p99"
                + " | ProducerPerformance ack avg | max |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        int pairs = settings.pacedPairs();
        for (double share : PACED_SHARES) {
            long target = Math.round(keyedMax * share / 50) * 50;
            int perfRecords = Math.toIntExact(target * 2L * settings.pacedSeconds());
            PerfRun perf = producerPerformance(
                    payloads,
                    perfRecords,
                    target,
                    "perf-paced-" + target,
                    settings.pacedSeconds(),
                    KafkaProducerDefaults.SETTINGS);
            List<StepResult> ours = new ArrayList<>();
            List<double[]> senders = new ArrayList<>();
            for (int pair = 0; pair < pairs; pair++) {
                String suffix = target + "-" + pair;
                boolean oursFirst = pair % 2 == 0;
                if (oursFirst) {
                    ours.add(rtbenchPaced(target, "paced-" + suffix));
                }
                senders.add(pacedSender(payloads, target, "sender-paced-" + suffix));
                if (!oursFirst) {
                    ours.add(rtbenchPaced(target, "paced-" + suffix));
                }
            }
            List<Double> oursP99 = latencies(ours, Metrics.SCHEDULE_DELAY, LatencySummary::p99);
            List<Double> senderP99 = senders.stream().map(s -> s[0]).toList();
            List<Double> achieved = ours.stream()
                    .map(step -> step.rate().achievedEventsPerSec())
                    .toList();
            double worstError = 0;
            for (double rate : achieved) {
                double error = (rate - target) * 100 / target;
                worstError = Math.abs(error) > Math.abs(worstError) ? error : worstError;
            }
            System.out.printf(
                    Locale.ROOT,
                    "| %,d/s (%.0f %%) | %,.1f/s | %+.3f %% | %.3f ms | %.3f ms (%s) | %.3f ms (%s) | %.3f ms"
                            + " | %.3f ms | %.2f ms | %.2f ms | %.1f ms | %.1f ms |%n",
                    target,
                    share * 100,
                    median(achieved),
                    worstError,
                    median(latencies(ours, Metrics.SCHEDULE_DELAY, LatencySummary::p50)),
                    median(oursP99),
                    joined(oursP99),
                    median(senderP99),
                    joined(senderP99),
                    median(latencies(ours, Metrics.SCHEDULE_DELAY, LatencySummary::p999)),
                    median(senders.stream().map(s -> s[1]).toList()),
                    median(latencies(ours, Metrics.PRODUCE_ACK, LatencySummary::p50)),
                    median(latencies(ours, Metrics.PRODUCE_ACK, LatencySummary::p99)),
                    perf.meanAvgLatencyMs(),
                    perf.maxLatencyMs());
            bars.achievedRate(share, target, achieved);
            bars.scheduleDelay(share, target, oursP99, senderP99);
        }
    }

    /** Distinct generated documents, newline-delimited, for ProducerPerformance's --payload-file. */
    private Path payloadFile(int documents) throws IOException {
        Path file = dir.resolve("payloads.txt");
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 1);
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < documents; i++) {
                out.write(generator.next(1_763_800_000_000_000L + i));
                out.write('\n');
            }
        }
        return file;
    }

    private double perfAtMax(Path payloads, String topic, Map<String, String> producerSettings) throws Exception {
        PerfRun perf = producerPerformance(
                payloads, settings.records(), -1, topic, settings.maxWarmupSeconds(), producerSettings);
        lastCpuSeconds = perf.child().cpuSeconds();
        return perf.recordsPerSecond();
    }

    /**
     * Runs ProducerPerformance ({@code throughput} records/s, -1 for as fast as it can) with {@code producerSettings}
     * and keeps its one-second reports after the first {@code warmupSeconds}.
     */
    private PerfRun producerPerformance(
            Path payloads,
            int records,
            long throughput,
            String topic,
            int warmupSeconds,
            Map<String, String> producerSettings)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(
                java,
                "-Xmx512m", // the heap kafka-producer-perf-test.sh gives it, with the JDK's default collector (G1)
                "-cp",
                classPath,
                "org.apache.kafka.tools.ProducerPerformance",
                "--topic",
                topic,
                "--num-records",
                Integer.toString(records),
                "--payload-file",
                payloads.toString(),
                "--throughput",
                Long.toString(throughput),
                "--reporting-interval",
                "1000",
                "--producer-props",
                "bootstrap.servers=" + bootstrap));
        producerSettings.forEach((key, value) -> command.add(key + "=" + value));
        return PerfRun.parse(runToEnd(command, topic), warmupSeconds);
    }

    /** Runs {@link PacedSender} at {@code eventsPerSecond}; returns its scheduleDelay p99 and p99.9 in ms. */
    private double[] pacedSender(Path payloads, long eventsPerSecond, String topic) throws Exception {
        List<String> command = List.of(
                java,
                jvmOptions,
                "-cp",
                classPath,
                PacedSender.class.getName(),
                bootstrap,
                topic,
                payloads.toString(),
                Long.toString(eventsPerSecond),
                Integer.toString(settings.pacedSeconds()),
                Integer.toString(settings.pacedSeconds()));
        Matcher line = SENDER_SUMMARY.matcher(runToEnd(command, topic).output());
        if (!line.find()) {
            throw new IllegalStateException("no summary from PacedSender");
        }
        return new double[] {Double.parseDouble(line.group(1)), Double.parseDouble(line.group(2))};
    }

    /**
     * rtbench at {@code --rate max} for the configured records after its warmup; with {@code producerConfig} (acks=1)
     * it must have dropped its idempotence default, as Kafka's client does.
     */
    private double rtbenchAtMax(String name, String key, Path producerConfig) throws Exception {
        List<String> more = new ArrayList<>(List.of(
                "--warmup",
                settings.maxWarmupSeconds() + "s",
                "--events",
                Integer.toString(settings.records()),
                "--duration",
                "10m"));
        if (producerConfig != null) {
            more.addAll(List.of("--producer-config", producerConfig.toString()));
        }
        RunResult result = rtbench("max", name, key, more);
        if (producerConfig != null) {
            Object described = result.scenario().settings().get("producerConfig");
            if (!String.valueOf(described).contains("enable.idempotence=false")) {
                throw new IllegalStateException("acks=1 without idempotence expected, got " + described);
            }
        }
        return result.steps().get(0).rate().achievedEventsPerSec();
    }

    private StepResult rtbenchPaced(long eventsPerSecond, String name) throws Exception {
        List<String> more =
                List.of("--warmup", settings.pacedSeconds() + "s", "--duration", settings.pacedSeconds() + "s");
        return rtbench(eventsPerSecond + "/s", name, "id", more).steps().get(0);
    }

    private RunResult rtbench(String rate, String name, String key, List<String> more) throws Exception {
        Path result = dir.resolve(name + ".json");
        List<String> command = new ArrayList<>(List.of(
                java,
                jvmOptions,
                // its GC pauses with wall-clock times, beside its result, to tell a pause from a stalled broker
                "-Xlog:gc:file=" + dir.resolve(name + ".gc.log") + ":time,uptime",
                "-cp",
                classPath,
                "io.rtbench.producer.ProducerMain",
                "--bootstrap-servers",
                bootstrap,
                "--topic",
                "rtbench-" + name,
                "--rate",
                rate,
                "--key",
                key,
                "--result",
                result.toString()));
        command.addAll(more);
        ChildProcess child = runToEnd(command, "rtbench-" + name);
        peakRssKb = Math.max(peakRssKb, child.peakRssKb());
        lastCpuSeconds = child.cpuSeconds();
        return ResultFiles.read(result);
    }

    /** Runs a child to its end, then deletes the topic it wrote and waits for a quiet machine. */
    private ChildProcess runToEnd(List<String> command, String topic) throws Exception {
        ChildProcess child = ChildProcess.run(command, topic);
        admin.deleteTopics(List.of(topic)).all().get();
        ChildProcess.awaitQuietMachine();
        return child;
    }

    private static List<Double> latencies(
            List<StepResult> steps, String metric, ToDoubleFunction<LatencySummary> percentile) {
        return steps.stream()
                .map(step -> percentile.applyAsDouble(step.latencyMs().get(metric)))
                .toList();
    }

    private static String joined(List<Double> millis) {
        return millis.stream().map(ms -> String.format(Locale.ROOT, "%.3f", ms)).collect(Collectors.joining(", "));
    }

    private static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }
}
