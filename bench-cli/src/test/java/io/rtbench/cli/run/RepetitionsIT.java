package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.Iteration;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import picocli.CommandLine;

/**
 * JMH-style repetitions end to end (docs/MEASUREMENT.md, "Repetitions"): {@code rtbench run} against the reference
 * target through a real Kafka, three forks of three iterations.
 */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONGEST)
@Execution(ExecutionMode.CONCURRENT) // its tests are independent: each its own topic, collection and group
class RepetitionsIT {

    @TempDir
    Path dir;

    @Test
    void threeForksOfThreeIterationsGivePooledPercentilesAndAFiniteScoreError(@RealServer("kafka") RunningServer kafka)
            throws IOException {
        Path file = dir.resolve("forks.json");
        StringWriter out = new StringWriter();
        CommandLine rtbench = CommandLines.commandLine(new RtbenchCommand());
        rtbench.setOut(new PrintWriter(out, true));

        long started = System.nanoTime();
        int exit = rtbench.execute(
                "run",
                "--target",
                "reference",
                "--servers",
                "external",
                "--bootstrap-servers",
                kafka.address(),
                "--target-url",
                "reference://repetitions",
                "--collection",
                "repetitions",
                "--topic",
                "events.repetitions",
                "--rate",
                "1000/s",
                "--warmup",
                "2s",
                "--probe-interval",
                "97ms",
                "--forks",
                "3",
                "--iterations",
                "3",
                "--iteration-time",
                "3s",
                "--prometheus-port",
                "0",
                "--result",
                file.toString());
        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(exit).as(out.toString()).isEqualTo(CommandLines.OK);
        RunResult result = ResultFiles.read(file);
        assertThat(result.complete()).isTrue();
        StepResult step = result.steps().get(0);
        StepRepetitions repetitions = step.repetitions();
        assertThat(repetitions.forks()).isEqualTo(3);
        assertThat(repetitions.iterationResults())
                .extracting(it -> it.fork() + "." + it.iteration())
                .containsExactly("1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3");
        assertThat(repetitions.iterationResults())
                .allSatisfy(it -> assertThat(it.durationSec()).isBetween(2.8, 3.5));
        StepRepetitions.MetricScores data = repetitions.scores().get(Metrics.DATA);
        assertThat(data.p50().scoreError()).isFinite().isPositive();
        assertThat(data.p99().scoreError()).isFinite().isPositive();
        assertThat(data.p50().perFork()).hasSize(3);
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().produced())
                .as("3 forks x (2 s warmup + 9 s) at 1000/s: the audit counts every event")
                .isBetween(30_000L, 36_000L);

        // pooled percentiles == those of one histogram of every sample, read back from every iteration's own .hlog
        Map<String, Histogram> everySample = new java.util.HashMap<>();
        for (Iteration iteration : repetitions.iterationResults()) {
            for (Histogram interval : intervals(dir.resolve(iteration.histogramLog()))) {
                everySample
                        .computeIfAbsent(interval.getTag(), tag -> LatencyRecorder.newHistogram())
                        .add(interval);
            }
        }
        assertThat(everySample.keySet()).contains(Metrics.DATA, Metrics.TRUTH, Metrics.KAFKA_HOP, Metrics.BACKLOG);
        // the backlog's readings (events, not a latency) ride in the same logs for the report's chart, and nowhere else
        assertThat(step.latencyMs()).doesNotContainKeys(Metrics.READINGS.toArray(String[]::new));
        everySample.keySet().removeAll(Metrics.READINGS);
        everySample.forEach((metric, histogram) ->
                assertThat(step.latencyMs().get(metric)).as(metric).isEqualTo(LatencySummary.ofMicros(histogram)));
        // the report beside it draws the forks' error bars and reads every iteration's log
        String html = java.nio.file.Files.readString(dir.resolve("forks.html"));
        assertThat(html).contains("Data latency score across forks").doesNotContain("not found");
        int jmh = rtbench.execute("report", file.toString(), "--format", "jmh");
        assertThat(jmh).isEqualTo(CommandLines.OK);
        assertThat(java.nio.file.Files.readString(dir.resolve("forks.jmh.json")))
                .contains("\"benchmark\" : \"rtbench.reference.kafka-bridge.data\"");
        System.out.printf(
                "repetitions: %.0f s; data p50 %.2f ± %.2f ms (forks %s), p99 %.2f ± %.2f ms (forks %s); pooled p50 %.2f"
                        + " p99 %.2f ms%n",
                seconds,
                data.p50().score(),
                data.p50().scoreError(),
                data.p50().perFork(),
                data.p99().score(),
                data.p99().scoreError(),
                data.p99().perFork(),
                step.latencyMs().get(Metrics.DATA).p50(),
                step.latencyMs().get(Metrics.DATA).p99());
    }

    @Test
    void twoRunsOfOneScenarioAreIndistinguishableAndATripledVisibilityDelayIsSlower(
            @RealServer("kafka") RunningServer kafka) {
        Path fast = reference(kafka, "fast", "50ms");
        Path again = reference(kafka, "again", "50ms");
        Path slow = reference(kafka, "slow", "150ms");

        // At the default 95 % one comparison of equal runs in 20 reads faster or slower by design (docs/MEASUREMENT.md,
        // "Comparing runs"), so the equal runs are held to 99.9 %, the rate this test has always allowed itself.
        String sameScenario = compare(fast, again, "--confidence", "99.9%");
        String slower = compare(fast, slow);
        String faster = compare(slow, fast);

        System.out.println("compare, same scenario:\n" + sameScenario + "compare, 50 ms vs 150 ms:\n" + slower);
        List<String> same = dataLines(sameScenario);
        assertThat(same).hasSize(2).allSatisfy(line -> assertThat(line).endsWith("indistinguishable"));
        // The headline p50 decides; a p99 may be dominated by one fork's stall on this shared machine, so it is only
        // required never to point the wrong way.
        assertThat(dataLines(slower).get(0)).contains(" p50 ").contains(" +").endsWith("slower");
        assertThat(dataLines(slower).get(1)).doesNotEndWith("faster");
        assertThat(dataLines(faster).get(0)).contains(" p50 ").contains(" -").endsWith("faster");
        assertThat(dataLines(faster).get(1)).doesNotEndWith("slower");
    }

    @Test
    void forkServersStartAFreshKafkaForEveryForkAndSharedOnesStartOnce() {
        assertThat(kafkaStarts(true)).isEqualTo(2);
        assertThat(kafkaStarts(false)).isEqualTo(1);
    }

    /** How many brokers a local two-fork run against the reference target starts. */
    private int kafkaStarts(boolean forkServers) {
        java.util.concurrent.atomic.AtomicInteger kafkaStarts = new java.util.concurrent.atomic.AtomicInteger();
        io.rtbench.servers.ServerProvider local = io.rtbench.servers.Servers.provider(Map.of());
        io.rtbench.servers.ServerProvider counting = new io.rtbench.servers.ServerProvider() {
            @Override
            public String name() {
                return local.name();
            }

            @Override
            public RunningServer start(io.rtbench.servers.ServerKind kind, io.rtbench.servers.ServerConfig options) {
                if (kind == io.rtbench.servers.ServerKind.KAFKA) {
                    kafkaStarts.incrementAndGet();
                }
                return local.start(kind, options);
            }
        };
        RunSpecBuilder builder = RunSpecBuilder.defaults();
        builder.target(set -> set.withKind("reference"));
        builder.run(set -> set.withServers("local"));
        builder.pacing(set -> set.withRate(Rate.parse("500/s")));
        builder.pacing(set -> set.withWarmup(Durations.parse("1s")));
        builder.pacing(set -> set.withDuration(Durations.parse("2s")));
        builder.probe(set -> set.withInterval(Durations.parse("97ms")));
        builder.repetitions(set -> set.withForks(2));
        builder.repetitions(set -> set.withForkServers(forkServers));
        builder.result = dir.resolve("fork-servers-" + forkServers + ".json");
        RunSpec spec = builder.build("unused");

        RunResult result =
                Runs.run(spec, counting, RunLauncher.planned(spec), new java.util.concurrent.atomic.AtomicBoolean());

        assertThat(result.complete()).isTrue();
        StepResult step = result.steps().get(0);
        assertThat(step.repetitions().forks()).isEqualTo(2);
        assertThat(step.events().lost()).isZero();
        assertThat(step.repetitions().scores().get(Metrics.DATA).p50().scoreError())
                .isFinite();
        return kafkaStarts.get();
    }

    /**
     * Five forks of two 1 s iterations (after a discarded one) against the reference target with the given visibility
     * delay. Five, not three: at 99.9 % Welch's test needs t > 31.6 with 2 degrees of freedom, t > 8.6 with 4.
     */
    private Path reference(RunningServer kafka, String name, String delay) {
        Path file = dir.resolve(name + ".json");
        StringWriter out = new StringWriter();
        CommandLine rtbench = CommandLines.commandLine(new RtbenchCommand());
        rtbench.setOut(new PrintWriter(out, true));
        int exit = rtbench.execute(
                "run",
                "--target",
                "reference",
                "--servers",
                "external",
                "--bootstrap-servers",
                kafka.address(),
                "--target-url",
                "reference://" + name,
                "--target-option",
                "visibility.delay=" + delay,
                "--collection",
                name,
                "--topic",
                "events." + name,
                "--rate",
                "1000/s",
                "--warmup",
                "1s",
                // not a multiple of the 50 ms between bursts: a 100 ms probe sees one phase of the burst schedule all
                // fork long, and the forks then differ by up to a burst interval (docs/MEASUREMENT.md); 93 ms moves
                // through that schedule's phases more than twice in a fork's 2 s
                "--probe-interval",
                "93ms",
                "--forks",
                "5",
                "--warmup-iterations",
                "1",
                "--iterations",
                "2",
                "--iteration-time",
                "1s",
                "--prometheus-port",
                "0",
                "--result",
                file.toString());
        assertThat(exit).as(out.toString()).isEqualTo(CommandLines.OK);
        return file;
    }

    private static String compare(Path baseline, Path contender, String... options) {
        StringWriter out = new StringWriter();
        CommandLine rtbench = CommandLines.commandLine(new RtbenchCommand());
        rtbench.setOut(new PrintWriter(out, true));
        List<String> args = new ArrayList<>(List.of("compare", baseline.toString(), contender.toString()));
        args.addAll(List.of(options));
        int exit = rtbench.execute(args.toArray(String[]::new));
        assertThat(exit).as(out.toString()).isEqualTo(CommandLines.OK);
        return out.toString();
    }

    /** The compare lines of the headline metric, {@code data} p50 and p99. */
    private static List<String> dataLines(String table) {
        return table.lines().filter(line -> line.contains(" data ")).toList();
    }

    private static List<Histogram> intervals(Path log) throws IOException {
        List<Histogram> all = new ArrayList<>();
        try (FileInputStream in = new FileInputStream(log.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            Histogram next;
            while ((next = (Histogram) reader.nextIntervalHistogram()) != null) {
                all.add(next);
            }
        }
        return all;
    }
}
