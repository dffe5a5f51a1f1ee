package io.rtbench.producer.benchmarks;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.StepResult;
import io.rtbench.producer.sink.KafkaProducerDefaults;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.Servers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * The producer bars of spec section 8, measured in one run against one local broker ({@code tools/bench-producer}):
 *
 * <ol>
 *   <li>throughput at {@code --rate max} against Kafka's own {@code ProducerPerformance} sending a payload file of the
 *       same documents with the same producer settings (acks=all, idempotent, Kafka's defaults otherwise), both in
 *       child JVMs, alternating in ABBA order, each run on a quiet machine (after the previous run's topic is
 *       deleted and the CPUs have been idle for 3 s), after one uncounted round of each that warms the broker up,
 *       median of the rounds; bar: ratio >= 0.9. Both in steady state: rtbench after a 5 s warmup, ProducerPerformance from its sixth
 *       one-second report on (JVM start and JIT compilation take a large, variable share of a short run on two
 *       cores, more for rtbench, which also builds its value pools);
 *   <li>pacing at 10 %, 25 % and 50 % of the measured max, after a 15 s warmup (until the JIT compilers are done
 *       with the hot paths, which on two cores takes ~10 s): achieved rate within 1 % and scheduleDelay p99 < 1 ms;
 *       with two baselines at the same rate over the same 15 s: ProducerPerformance, whose acks' latency tells
 *       whether the broker kept up (when it does not, the producer's buffer fills and every producer falls behind),
 *       and {@link PacedSender}, rtbench's pacer sending ready-made documents, whose scheduleDelay is what the machine
 *       allows any sender at that rate. A single run's p99 swings by ±0.5 ms here, so rtbench and PacedSender run in
 *       pairs (third argument, default 3) in ABBA order; the table gives medians and how many runs met the bar;
 *   <li>the producer's peak RSS at max rate, and the CPU time each producer process used (all threads, start-up
 *       included).
 * </ol>
 *
 * The broker's log goes wherever {@code java.io.tmpdir} points; {@code tools/bench-producer} points it at tmpfs
 * ({@code /dev/shm}) when there is one, and each run's topic is deleted after it. On a disk, the kernel's write-back
 * of the gigabytes written by the max-rate rounds stalls the co-located broker and the producers for tens of
 * milliseconds at a time, 30 s after the writes (the dirty-page expiry), which measures the disk, not the producer.
 * The log is also bounded ({@link #BROKER_SETTINGS}): on a VM whose host takes freed memory back, memory the guest
 * has not touched lately costs a host fault per page (see docs/BENCHMARKS.md, "Memory the host has taken back").
 *
 * Keys: ProducerPerformance sends none, so the producer's sticky partitioner fills one partition's batch at a time.
 * The bar compares it with rtbench's {@code --key none}: the same records. Each round also runs rtbench's default
 * {@code --key id} (the 36-byte {@code _id}, so a burst's events land in all partitions' batches at once), reported
 * beside it as the cost of the key, and the paced runs use it.
 */
public final class ProducerBenchmark {

    /** One of ProducerPerformance's one-second reports (its final summary adds percentiles, which this skips). */
    private static final Pattern PERF_WINDOW = Pattern.compile("(\\d+) records sent, ([\\d.]+) records/sec"
            + " \\([\\d.]+ MB/sec\\), ([\\d.]+) ms avg latency, ([\\d.]+) ms max latency\\.$");

    private static final Pattern SENDER_SUMMARY =
            Pattern.compile("scheduleDelay p50 [\\d.]+ p99 ([\\d.]+) p999 ([\\d.]+) ms");

    /** The paced runs: this long a warmup, then this long measured, for rtbench and ProducerPerformance alike. */
    private static final int PACED_WARMUP_SECONDS = 15;

    private static final int PACED_SECONDS = 15;

    /**
     * Warm-up of both producers before the max-rate measurement: rtbench's {@code --warmup}, and the first reports of
     * ProducerPerformance, which reports every second.
     */
    private static final int MAX_RATE_WARMUP_SECONDS = 5;

    /**
     * The benchmark's broker: deleted topics leave the log at once, and each partition keeps only its newest 256 MB in
     * 64 MB segments, checked every second, so the log holds ~1.3 GB whatever a run writes. Measured on the 2-vCPU
     * Firecracker VM of 2026-11-25: one thread writing a tmpfs file ran at 2.0-2.8 GB/s for its first 2-4 GB, then at
     * 380 MB/s (the host faulting each new page in); kept to 1 GB by deleting the oldest 256 MB file, it wrote 12 GB at
     * 2.0 GB/s throughout. Unbounded, the broker fell behind the 50 % rate after 1-4.6 GB; bounded, it kept up.
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

    /** A run starts after this many seconds in a row with at least this share of all CPU time idle. */
    private static final int QUIET_SECONDS = 3;

    private static final double QUIET_IDLE_SHARE = 0.9;

    /** Linux's USER_HZ, the unit of the times in /proc/PID/stat, is 100 on every common architecture. */
    private static final int CLOCK_TICKS_PER_SECOND = 100;

    private final Path dir;
    private final String classPath = System.getProperty("java.class.path");
    private final String java =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private final String bootstrap;
    /** rtbench's own JVM options ({@code tools/rtbench.jvm.options}), for rtbench and PacedSender alike. */
    private final String jvmOptions = "@"
            + Path.of(System.getProperty("rtbench.jvm.options", "tools/rtbench.jvm.options"))
                    .toAbsolutePath();

    private final Admin admin;

    private ProducerBenchmark(Path dir, String bootstrap, Admin admin) {
        this.dir = dir;
        this.bootstrap = bootstrap;
        this.admin = admin;
    }

    public static void main(String[] args) throws Exception {
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 4_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int pacedPairs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path dir = Files.createTempDirectory("rtbench-producer-bench");
        ServerOptions broker = new ServerOptions(0, BROKER_SETTINGS);
        try (RunningServer kafka = Servers.provider(System.getenv()).start(ServerKind.KAFKA, broker);
                Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()))) {
            new ProducerBenchmark(dir, kafka.address(), admin).run(records, rounds, pacedPairs, kafka.version());
        }
    }

    private void run(int records, int rounds, int pacedPairs, String kafkaVersion) throws Exception {
        Path payloads = payloadFile(10_000);
        System.out.printf(
                Locale.ROOT,
                "Kafka %s, %d records of 1,250 bytes per run, %d rounds, %d cpus, broker log on %s%n",
                kafkaVersion,
                records,
                rounds,
                Runtime.getRuntime().availableProcessors(),
                Files.getFileStore(dir).type());
        List<Double> baseline = new ArrayList<>();
        List<Double> keyless = new ArrayList<>();
        List<Double> keyed = new ArrayList<>();
        // The broker's own JIT warms up over the first millions of records: an uncounted round of each producer
        // first, so that neither is measured against a colder broker than the other.
        PerfRun warmupPerf = producerPerformance(payloads, records, -1, "perf-warmup", MAX_RATE_WARMUP_SECONDS);
        Measured warmupOurs = rtbench("max", records, "max-warmup", "none");
        System.out.printf(
                Locale.ROOT,
                "broker warm-up round (not counted): ProducerPerformance %,.0f rec/s, rtbench %,.0f ev/s%n",
                warmupPerf.recordsPerSecond(),
                warmupOurs.eventsPerSecond());
        long peakRssKb = 0;
        for (int round = 0; round < rounds; round++) {
            // ABBA order (ProducerPerformance first in even rounds, last in odd ones): a drift over the rounds, such
            // as the broker still warming up, favours neither producer.
            boolean perfFirst = round % 2 == 0;
            PerfRun perf = null;
            Measured oursKeyed = null;
            if (perfFirst) {
                perf = producerPerformance(payloads, records, -1, "perf-" + round, MAX_RATE_WARMUP_SECONDS);
            } else {
                oursKeyed = rtbench("max", records, "max-id-" + round, "id");
            }
            Measured ours = rtbench("max", records, "max-" + round, "none");
            if (perfFirst) {
                oursKeyed = rtbench("max", records, "max-id-" + round, "id");
            } else {
                perf = producerPerformance(payloads, records, -1, "perf-" + round, MAX_RATE_WARMUP_SECONDS);
            }
            baseline.add(perf.recordsPerSecond());
            keyless.add(ours.eventsPerSecond());
            keyed.add(oursKeyed.eventsPerSecond());
            peakRssKb = Math.max(
                    peakRssKb,
                    Math.max(ours.child().peakRssKb(), oursKeyed.child().peakRssKb()));
            System.out.printf(
                    Locale.ROOT,
                    "round %d: ProducerPerformance %,.0f rec/s (%.1f CPU s), rtbench --key none %,.0f ev/s"
                            + " (%.1f CPU s), --key id %,.0f ev/s (%.1f CPU s)%n",
                    round,
                    baseline.get(round),
                    perf.child().cpuSeconds(),
                    keyless.get(round),
                    ours.child().cpuSeconds(),
                    keyed.get(round),
                    oursKeyed.child().cpuSeconds());
        }
        double baseMedian = median(baseline);
        double oursMedian = median(keyless);
        double keyedMedian = median(keyed);
        System.out.printf(
                Locale.ROOT,
                "%nmax rate: ProducerPerformance %,.0f rec/s (%.1f MB/s), rtbench --key none %,.0f ev/s (%.1f MB/s):"
                        + " ratio %.3f (bar >= 0.9); rtbench --key id %,.0f ev/s: ratio %.3f; rtbench peak RSS %d MB%n",
                baseMedian,
                baseMedian * 1250 / 1e6,
                oursMedian,
                oursMedian * 1250 / 1e6,
                oursMedian / baseMedian,
                keyedMedian,
                keyedMedian / baseMedian,
                peakRssKb / 1024);

        System.out.println();
        // ProducerPerformance at the same rate is the baseline for the acks: when its acks fall behind too, the broker
        // could not take the rate, and rtbench's scheduleDelay shows the backpressure rather than a late pacer.
        // PacedSender is the baseline for scheduleDelay: the same pacer without the generator. A single run's p99
        // swings by ±0.5 ms on a shared two-core machine, so rtbench and PacedSender run in pairs, in ABBA order, and
        // the table gives the medians and how many runs met the bar.
        System.out.println("| target | achieved (median) | error (worst) | scheduleDelay p50 | p99 (runs) | p99 < 1 ms"
                + " | p99.9 | produceAck p50 | p99 | ProducerPerformance ack avg | max"
                + " | PacedSender scheduleDelay p99 (runs) | p99 < 1 ms | p99.9 |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (double share : new double[] {0.10, 0.25, 0.50}) {
            long target = Math.round(keyedMedian * share / 50) * 50;
            int perfRecords = Math.toIntExact(target * (PACED_WARMUP_SECONDS + PACED_SECONDS));
            PerfRun perf =
                    producerPerformance(payloads, perfRecords, target, "perf-paced-" + target, PACED_WARMUP_SECONDS);
            List<StepResult> paced = new ArrayList<>();
            List<SenderDelay> baselines = new ArrayList<>();
            for (int pair = 0; pair < pacedPairs; pair++) {
                String suffix = target + "-" + pair;
                boolean oursFirst = pair % 2 == 0;
                if (oursFirst) {
                    paced.add(rtbench(target + "/s", 0, "paced-" + suffix, "id").step());
                }
                baselines.add(pacedSender(payloads, target, "sender-paced-" + suffix));
                if (!oursFirst) {
                    paced.add(rtbench(target + "/s", 0, "paced-" + suffix, "id").step());
                }
            }
            List<Double> delayP99 = latencies(paced, Metrics.SCHEDULE_DELAY, LatencySummary::p99);
            List<Double> senderP99 = baselines.stream().map(SenderDelay::p99Ms).toList();
            double worstError = 0;
            for (StepResult step : paced) {
                double error = (step.rate().achievedEventsPerSec() - target) * 100 / target;
                worstError = Math.abs(error) > Math.abs(worstError) ? error : worstError;
            }
            System.out.printf(
                    Locale.ROOT,
                    "| %,d/s (%.0f %%) | %,.1f/s | %+.3f %% | %.3f ms | %.3f ms (%s) | %d of %d | %.3f ms | %.2f ms"
                            + " | %.2f ms | %.1f ms | %.1f ms | %.3f ms (%s) | %d of %d | %.3f ms |%n",
                    target,
                    share * 100,
                    median(paced.stream()
                            .map(step -> step.rate().achievedEventsPerSec())
                            .toList()),
                    worstError,
                    median(latencies(paced, Metrics.SCHEDULE_DELAY, LatencySummary::p50)),
                    median(delayP99),
                    joined(delayP99),
                    belowOneMs(delayP99),
                    pacedPairs,
                    median(latencies(paced, Metrics.SCHEDULE_DELAY, LatencySummary::p999)),
                    median(latencies(paced, Metrics.PRODUCE_ACK, LatencySummary::p50)),
                    median(latencies(paced, Metrics.PRODUCE_ACK, LatencySummary::p99)),
                    perf.meanAvgLatencyMs(),
                    perf.maxLatencyMs(),
                    median(senderP99),
                    joined(senderP99),
                    belowOneMs(senderP99),
                    pacedPairs,
                    median(baselines.stream().map(SenderDelay::p999Ms).toList()));
        }
        Files.delete(payloads);
        System.out.println("result files of every run: " + dir);
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

    /**
     * Runs ProducerPerformance ({@code throughput} records/s, -1 for as fast as it can) and keeps its one-second
     * reports after the first {@code warmupSeconds} (JVM start, JIT; like rtbench's warmup) up to its last full one.
     */
    private PerfRun producerPerformance(Path payloads, int records, long throughput, String topic, int warmupSeconds)
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
        KafkaProducerDefaults.SETTINGS.forEach((key, value) -> command.add(key + "=" + value));
        Child child = runToEnd(command, topic);
        List<PerfWindow> windows = new ArrayList<>();
        for (String line : child.output().split("\n")) {
            Matcher window = PERF_WINDOW.matcher(line.strip());
            if (window.find()) {
                windows.add(new PerfWindow(
                        Double.parseDouble(window.group(1)),
                        Double.parseDouble(window.group(2)),
                        Double.parseDouble(window.group(3)),
                        Double.parseDouble(window.group(4))));
            }
        }
        if (windows.size() < warmupSeconds + 2) {
            throw new IllegalStateException("fewer than two reports from ProducerPerformance after its warm-up"
                    + " (send more records):\n" + child.output());
        }
        return new PerfRun(child, windows.subList(warmupSeconds, windows.size()));
    }

    /** Runs {@link PacedSender} at {@code eventsPerSecond} with the paced runs' warmup and length. */
    private SenderDelay pacedSender(Path payloads, long eventsPerSecond, String topic) throws Exception {
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
                Integer.toString(PACED_WARMUP_SECONDS),
                Integer.toString(PACED_SECONDS));
        Matcher line = SENDER_SUMMARY.matcher(runToEnd(command, topic).output());
        if (!line.find()) {
            throw new IllegalStateException("no summary from PacedSender");
        }
        return new SenderDelay(Double.parseDouble(line.group(1)), Double.parseDouble(line.group(2)));
    }

    /** {@link PacedSender}'s scheduleDelay percentiles. */
    private record SenderDelay(double p99Ms, double p999Ms) {}

    /** One of ProducerPerformance's one-second reports: records sent, their rate, and their acks' latency. */
    private record PerfWindow(double records, double recordsPerSecond, double avgLatencyMs, double maxLatencyMs) {}

    /** A ProducerPerformance run and its reports after the warm-up. */
    private record PerfRun(Child child, List<PerfWindow> steady) {
        double recordsPerSecond() {
            double records = 0;
            double seconds = 0;
            for (PerfWindow window : steady) {
                records += window.records();
                seconds += window.records() / window.recordsPerSecond();
            }
            return records / seconds;
        }

        /** The reports' average latencies, weighted by their records. */
        double meanAvgLatencyMs() {
            double records = 0;
            double weighted = 0;
            for (PerfWindow window : steady) {
                records += window.records();
                weighted += window.records() * window.avgLatencyMs();
            }
            return weighted / records;
        }

        double maxLatencyMs() {
            return steady.stream().mapToDouble(PerfWindow::maxLatencyMs).max().orElseThrow();
        }
    }

    /** A finished child process: its output, peak RSS and CPU time (user + system, all threads). */
    private record Child(String output, long peakRssKb, double cpuSeconds) {}

    private record Measured(StepResult step, Child child) {
        double eventsPerSecond() {
            return step.rate().achievedEventsPerSec();
        }
    }

    private Measured rtbench(String rate, int events, String name, String key) throws Exception {
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
        command.addAll(
                events > 0
                        ? List.of(
                                "--warmup",
                                MAX_RATE_WARMUP_SECONDS + "s",
                                "--events",
                                Integer.toString(events),
                                "--duration",
                                "10m")
                        : List.of("--warmup", PACED_WARMUP_SECONDS + "s", "--duration", PACED_SECONDS + "s"));
        Child child = runToEnd(command, "rtbench-" + name);
        return new Measured(ResultFiles.read(result).steps().get(0), child);
    }

    /** Runs a child to its end, sampling its peak RSS and CPU time, then deletes the topic it wrote. */
    private Child runToEnd(List<String> command, String topic) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                output.append(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                output.append(e);
            }
        });
        reader.start();
        long peakRssKb = 0;
        long cpuTicks = 0;
        while (process.isAlive()) {
            peakRssKb = Math.max(peakRssKb, highWaterMarkKb(process.pid()));
            cpuTicks = Math.max(cpuTicks, cpuTicks(process.pid()));
            Thread.sleep(100);
        }
        reader.join();
        if (process.exitValue() != 0) {
            throw new IllegalStateException(
                    "exit " + process.exitValue() + " from the run of " + topic + ":\n" + output);
        }
        admin.deleteTopics(List.of(topic)).all().get();
        awaitQuietMachine();
        return new Child(output.toString(), peakRssKb, cpuTicks / (double) CLOCK_TICKS_PER_SECOND);
    }

    /**
     * Waits until the machine has been idle for {@link #QUIET_SECONDS} seconds in a row (at most a minute), so that
     * each run starts on a quiet machine: right after a run, the broker is still deleting its topic's gigabytes and
     * the JVM that ended may still be unmapping its heap. Without the wait, runs that followed each other at once
     * differed by up to 30 % more than the same runs a minute apart (2026-11-25, by hand).
     */
    private static void awaitQuietMachine() throws Exception {
        int quiet = 0;
        long deadlineNanos = System.nanoTime() + 60_000_000_000L;
        long[] before = cpuTimes();
        while (quiet < QUIET_SECONDS && System.nanoTime() - deadlineNanos < 0) {
            Thread.sleep(1_000);
            long[] after = cpuTimes();
            double idleShare = (after[0] - before[0]) / (double) Math.max(1, after[1] - before[1]);
            quiet = idleShare >= QUIET_IDLE_SHARE ? quiet + 1 : 0;
            before = after;
        }
    }

    /** Idle (idle + iowait) and total ticks of all CPUs since boot, from the first line of /proc/stat. */
    private static long[] cpuTimes() throws IOException {
        String[] fields =
                Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < fields.length; i++) {
            total += Long.parseLong(fields[i]);
        }
        return new long[] {Long.parseLong(fields[4]) + Long.parseLong(fields[5]), total};
    }

    /** utime + stime of the whole process (fields 14 and 15 of /proc/PID/stat, after the command name). */
    private static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException | RuntimeException e) {
            return 0; // the process just ended
        }
    }

    private static long highWaterMarkKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the process just ended
        }
        return 0;
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

    private static long belowOneMs(List<Double> millis) {
        return millis.stream().filter(ms -> ms < 1.0).count();
    }

    private static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }
}
