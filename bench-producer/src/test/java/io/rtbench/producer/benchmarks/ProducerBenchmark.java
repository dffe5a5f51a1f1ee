package io.rtbench.producer.benchmarks;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.StepResult;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The producer bars of spec section 8, measured in one run against one local broker ({@code tools/bench-producer}):
 *
 * <ol>
 *   <li>throughput at {@code --rate max} against Kafka's own {@code ProducerPerformance} sending a payload file of the
 *       same documents with the same producer settings (acks=all, idempotent, Kafka's defaults otherwise), both in
 *       child JVMs, alternating, median of the rounds; bar: ratio >= 0.9;
 *   <li>pacing at 10 %, 25 % and 50 % of the measured max, after a 5 s warmup: achieved rate within 1 % and
 *       scheduleDelay p99 < 1 ms;
 *   <li>the producer's peak RSS at max rate.
 * </ol>
 *
 * Keys: ProducerPerformance sends none and spreads batches over the topic's partitions (sticky partitioner); rtbench
 * runs with its default {@code --key id} (the 36-byte {@code _id}), which spreads events over the same partitions.
 * ({@code --key generator} puts one generator's events into one partition: a different, narrower workload.)
 */
public final class ProducerBenchmark {

    private static final Pattern PERF_SUMMARY = Pattern.compile("(\\d+) records sent, ([\\d.]+) records/sec");

    private final Path dir;
    private final String classPath = System.getProperty("java.class.path");
    private final String java =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private final String bootstrap;

    private ProducerBenchmark(Path dir, String bootstrap) {
        this.dir = dir;
        this.bootstrap = bootstrap;
    }

    public static void main(String[] args) throws Exception {
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path dir = Files.createTempDirectory("rtbench-producer-bench");
        try (RunningServer kafka = Servers.provider(System.getenv()).start(ServerKind.KAFKA, ServerOptions.DEFAULT)) {
            new ProducerBenchmark(dir, kafka.address()).run(records, rounds, kafka.version());
        }
    }

    private void run(int records, int rounds, String kafkaVersion) throws Exception {
        Path payloads = payloadFile(10_000);
        System.out.printf(
                Locale.ROOT,
                "Kafka %s, %d records of 1,250 bytes per run, %d rounds, %d cpus%n",
                kafkaVersion,
                records,
                rounds,
                Runtime.getRuntime().availableProcessors());
        List<Double> baseline = new ArrayList<>();
        List<Double> rtbench = new ArrayList<>();
        long peakRssKb = 0;
        for (int round = 0; round < rounds; round++) {
            baseline.add(producerPerformance(payloads, records, round));
            Measured ours = rtbench("max", records, "max-" + round);
            rtbench.add(ours.eventsPerSecond());
            peakRssKb = Math.max(peakRssKb, ours.peakRssKb());
            System.out.printf(
                    Locale.ROOT,
                    "round %d: ProducerPerformance %,.0f rec/s, rtbench %,.0f ev/s%n",
                    round,
                    baseline.get(round),
                    rtbench.get(round));
        }
        double baseMedian = median(baseline);
        double oursMedian = median(rtbench);
        System.out.printf(
                Locale.ROOT,
                "%nmax rate: ProducerPerformance %,.0f rec/s (%.1f MB/s), rtbench %,.0f ev/s "
                        + "(%.1f MB/s); ratio %.3f (bar >= 0.9); rtbench peak RSS %d MB%n",
                baseMedian,
                baseMedian * 1250 / 1e6,
                oursMedian,
                oursMedian * 1250 / 1e6,
                oursMedian / baseMedian,
                peakRssKb / 1024);

        System.out.println();
        System.out.println("| target | achieved | error | scheduleDelay p50 | p99 | p99.9 | produceAck p50 | p99 |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (double share : new double[] {0.10, 0.25, 0.50}) {
            long target = Math.round(oursMedian * share / 50) * 50;
            Measured paced = rtbench(target + "/s", 0, "paced-" + target);
            StepResult step = paced.step();
            LatencySummary delay = step.latencyMs().get(Metrics.SCHEDULE_DELAY);
            LatencySummary ack = step.latencyMs().get(Metrics.PRODUCE_ACK);
            double achieved = step.rate().achievedEventsPerSec();
            System.out.printf(
                    Locale.ROOT,
                    "| %,d/s (%.0f %%) | %,.1f/s | %+.3f %% | %.3f ms | %.3f ms | %.3f ms | %.2f ms | %.2f ms |%n",
                    target,
                    share * 100,
                    achieved,
                    (achieved - target) * 100 / target,
                    delay.p50(),
                    delay.p99(),
                    delay.p999(),
                    ack.p50(),
                    ack.p99());
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

    private double producerPerformance(Path payloads, int records, int round) throws Exception {
        List<String> command = List.of(
                java,
                "-Xmx512m", // the same heap as rtbench's below
                "-cp",
                classPath,
                "org.apache.kafka.tools.ProducerPerformance",
                "--topic",
                "perf-" + round,
                "--num-records",
                Integer.toString(records),
                "--payload-file",
                payloads.toString(),
                "--throughput",
                "-1",
                "--producer-props",
                "bootstrap.servers=" + bootstrap,
                "acks=all",
                "enable.idempotence=true");
        String output = runToEnd(command, null);
        Matcher last = null;
        for (Matcher m = PERF_SUMMARY.matcher(output); m.find(); ) {
            last = PERF_SUMMARY.matcher(m.group());
            last.matches();
        }
        if (last == null) {
            throw new IllegalStateException("no summary from ProducerPerformance:\n" + output);
        }
        return Double.parseDouble(last.group(2));
    }

    private record Measured(StepResult step, long peakRssKb) {
        double eventsPerSecond() {
            return step.rate().achievedEventsPerSec();
        }
    }

    private Measured rtbench(String rate, int events, String name) throws Exception {
        Path result = dir.resolve(name + ".json");
        List<String> command = new ArrayList<>(List.of(
                java,
                "-Xmx512m",
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
                "id",
                "--result",
                result.toString()));
        command.addAll(
                events > 0
                        ? List.of("--events", Integer.toString(events), "--duration", "10m")
                        : List.of("--warmup", "5s", "--duration", "15s")); // the first sends wait for metadata
        long[] peakRss = {0};
        runToEnd(command, peakRss);
        return new Measured(ResultFiles.read(result).steps().get(0), peakRss[0]);
    }

    /** Runs a child to its end, sampling its peak RSS if asked; returns its output. */
    private static String runToEnd(List<String> command, long[] peakRssKb) throws Exception {
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
        while (process.isAlive()) {
            if (peakRssKb != null) {
                peakRssKb[0] = Math.max(peakRssKb[0], highWaterMarkKb(process.pid()));
            }
            Thread.sleep(200);
        }
        reader.join();
        if (process.exitValue() != 0) {
            throw new IllegalStateException("exit " + process.exitValue() + " from " + command.get(4) + ":\n" + output);
        }
        return output.toString();
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

    private static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }
}
