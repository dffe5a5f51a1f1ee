package io.rtbench.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.RtbenchProcesses;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.WorkerShare;
import io.rtbench.hosts.HostMessages.Result;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * {@code rtbench run --workers 3} with three {@code rtbench worker} processes (JVMs of their own) into ClickHouse by
 * the bridge (docs/GUIDE.md, "Several hosts"): every event the workers produced landed, and the merged data-latency
 * histogram is exactly the workers' intervals added up (its count is their sum, its percentiles those of one histogram
 * of all their samples, read back from {@code rtbench.results}). Then one worker is killed (SIGKILL) in the middle of a
 * run: the run ends with exit 1 naming it, within 30 s, its result incomplete. Last, the coordinator (a JVM of its
 * own) is killed mid-run: the two workers left stop their share within 30 s. Two worker processes started with one
 * {@code --id} end the run before it starts.
 */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONG)
@ResourceLock(RtbenchProcesses.WORKERS_ON_THE_SHARED_KAFKA)
class SeveralHostsIT {

    private static final Logger LOG = LoggerFactory.getLogger(SeveralHostsIT.class);

    @TempDir
    Path dir;

    private final List<Process> workers = new ArrayList<>();

    @AfterEach
    void stopWorkers() {
        workers.forEach(Process::destroyForcibly);
    }

    @Test
    void threeWorkersMergeExactlyAndAKilledOneEndsTheRun(
            @RealServer("kafka") RunningServer kafka, @RealServer("clickhouse") RunningServer clickhouse)
            throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 6);
        List<String> ids = List.of("w1-" + suffix, "w2-" + suffix, "w3-" + suffix);
        List<Path> logs = new ArrayList<>();
        for (String id : ids) {
            logs.add(startWorker(kafka.address(), id));
        }
        for (int i = 0; i < ids.size(); i++) {
            Path log = logs.get(i);
            Process process = workers.get(i);
            await().atMost(Duration.ofSeconds(60))
                    .failFast("worker exited; see " + log, () -> !process.isAlive())
                    .until(() -> Files.readString(log).contains("waiting for runs"));
        }

        // a run of two steps after a prefill, read back from the results topic as the coordinator received it
        try (KafkaConsumer<String, String> results = resultsFromNow(kafka.address())) {
            String name = "hosts_" + suffix;
            Path result = dir.resolve(name + ".json");
            StringWriter err = new StringWriter();
            List<String> twoSteps =
                    new ArrayList<>(List.of(args(kafka, clickhouse, name, "400/s,600/s", "6s", result)));
            twoSteps.addAll(List.of("--prefill", "300"));
            int code = command(err).execute(twoSteps.toArray(String[]::new));
            assertThat(code).as(err.toString()).isZero();

            RunResult written = ResultFiles.read(result);
            assertThat(written.complete()).isTrue();
            assertThat(written.environment().targetVersion())
                    .as("the coordinator probes nothing, its audit asks the target")
                    .isNotBlank();
            assertThat(written.steps()).hasSize(2);
            assertThat(written.scenario().settings()).containsEntry("workers", 3);
            assertThat(Files.readString(dir.resolve(name + ".html")))
                    .as("the report shows each worker's share")
                    .contains("Each worker's share")
                    .contains(ids.toArray(String[]::new));
            Map<Integer, Map<String, Histogram>> sent = measuredSamples(results, Set.copyOf(ids));
            for (int index = 1; index <= 2; index++) {
                StepResult step = written.steps().get(index - 1);
                assertThat(step.events().lost()).isZero();
                assertThat(step.events().landed())
                        .isEqualTo(step.events().produced())
                        .isPositive();
                assertThat(step.rate().targetEventsPerSec())
                        .as("the workers' shares add up to the step's rate")
                        .isCloseTo(index == 1 ? 400 : 600, org.assertj.core.data.Offset.offset(1e-6));
                assertThat(step.workers()).extracting(WorkerShare::id).containsExactlyInAnyOrderElementsOf(ids);
                assertThat(step.workers())
                        .allSatisfy(worker -> assertThat(worker.produced()).isPositive());
                assertThat(step.workers())
                        .as("each worker samples its own process and machine")
                        .allSatisfy(worker -> {
                            assertThat(worker.host().harness().parts()).containsOnlyKeys("rtbench");
                            assertThat(worker.host().machine().summary().samples())
                                    .isPositive();
                        });
                assertThat(step.host())
                        .as("one machine's CPU, the busiest of the coordinator's and the workers'")
                        .isNotNull();

                LatencySummary merged = step.latencyMs().get(Metrics.DATA);
                assertThat(step.workers().stream()
                                .mapToLong(worker ->
                                        worker.latencyMs().get(Metrics.DATA).count())
                                .sum())
                        .isEqualTo(merged.count());
                Histogram all = sent.get(index).get(Metrics.DATA);
                assertThat(all.getTotalCount()).isEqualTo(merged.count()).isPositive();
                assertThat(LatencySummary.ofMicros(all)).isEqualTo(merged);
                LOG.info(
                        "3 workers, step {}: produced {} landed {}; data count {} p50 {} ms p99 {} ms; measured per"
                                + " worker {}",
                        index,
                        step.events().produced(),
                        step.events().landed(),
                        merged.count(),
                        merged.p50(),
                        merged.p99(),
                        step.workers().stream()
                                .map(w -> w.id() + "=" + w.produced())
                                .collect(Collectors.joining(", ")));
            }
        }

        // a second run on the same workers; one is killed mid-run
        String name = "hosts_killed_" + suffix;
        Path result = dir.resolve(name + ".json");
        StringWriter err = new StringWriter();
        CommandLine run = command(err);
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        try (KafkaConsumer<String, String> results = resultsFromNow(kafka.address())) {
            Thread thread = new Thread(
                    () -> exit.complete(run.execute(args(kafka, clickhouse, name, "300/s", "60s", result))),
                    "coordinator");
            thread.setDaemon(true);
            thread.start();
            awaitMeasuring(results, Set.of(ids.get(1)), exit::isDone);
        }
        long killedNanos = System.nanoTime();
        workers.get(1).destroyForcibly(); // SIGKILL
        int code = exit.get(2, TimeUnit.MINUTES);
        Duration afterKill = Duration.ofNanos(System.nanoTime() - killedNanos);
        LOG.info(
                "the run ended {} ms after the kill, exit {}: {}",
                afterKill.toMillis(),
                code,
                err.toString().strip());

        assertThat(code).as(err.toString()).isEqualTo(CommandLines.FAILURE);
        assertThat(err.toString()).contains("worker " + ids.get(1)).doesNotContain("\tat ");
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(afterKill).isLessThan(Duration.ofSeconds(30));
        assertThat(ResultFiles.read(result).complete()).isFalse();
        // the others left the run and wait for the next
        for (int i : List.of(0, 2)) {
            Path log = logs.get(i);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> Files.readString(log).contains("left run"));
        }

        // a coordinator killed mid-run (its own JVM): the two workers left stop their share within 30 s
        String orphaned = "hosts_orphaned_" + suffix;
        List<String> coordinatorArgs = new ArrayList<>(
                List.of(args(kafka, clickhouse, orphaned, "300/s", "60s", dir.resolve(orphaned + ".json"))));
        coordinatorArgs.set(coordinatorArgs.indexOf("--workers") + 1, "2");
        coordinatorArgs.set(coordinatorArgs.indexOf("--generators") + 1, "2");
        Path coordinatorLog = dir.resolve("coordinator.log");
        KafkaConsumer<String, String> orphanedResults = resultsFromNow(kafka.address());
        Process coordinator = RtbenchProcesses.start(coordinatorArgs, coordinatorLog);
        workers.add(coordinator);
        try (orphanedResults) {
            awaitMeasuring(orphanedResults, Set.of(ids.get(0), ids.get(2)), () -> !coordinator.isAlive());
        }
        long coordinatorKilled = System.nanoTime();
        coordinator.destroyForcibly();
        for (int i : List.of(0, 2)) {
            Path log = logs.get(i);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> Files.readString(log).contains("the coordinator has been silent"));
        }
        LOG.info(
                "both workers stopped their share {} ms after the coordinator was killed",
                Duration.ofNanos(System.nanoTime() - coordinatorKilled).toMillis());
    }

    @Test
    void twoWorkerProcessesWithOneIdEndTheRunBeforeAnythingIsProduced(
            @RealServer("kafka") RunningServer kafka, @RealServer("clickhouse") RunningServer clickhouse)
            throws Exception {
        String twin = "twin-" + UUID.randomUUID().toString().substring(0, 6);
        List<Path> logs = List.of(startWorker(kafka.address(), twin), startWorker(kafka.address(), twin + "-copy"));
        // the second process is started with the first one's id: its log file name is its own
        workers.get(1).destroyForcibly();
        workers.set(
                1,
                RtbenchProcesses.start(
                        List.of("worker", "--bootstrap-servers", kafka.address(), "--id", twin), logs.get(1)));
        for (int i = 0; i < 2; i++) {
            Path log = logs.get(i);
            Process process = workers.get(i);
            await().atMost(Duration.ofSeconds(60))
                    .failFast("worker exited; see " + log, () -> !process.isAlive())
                    .until(() -> Files.readString(log).contains("waiting for runs"));
        }

        String name = "hosts_twins_" + twin.substring(5);
        List<String> run =
                new ArrayList<>(List.of(args(kafka, clickhouse, name, "300/s", "5s", dir.resolve(name + ".json"))));
        run.set(run.indexOf("--workers") + 1, "2");
        run.set(run.indexOf("--generators") + 1, "2");
        StringWriter err = new StringWriter();
        int code = command(err).execute(run.toArray(String[]::new));

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("two worker processes claimed a place as " + twin);
        for (Path log : logs) {
            assertThat(Files.readString(log)).doesNotContain("running 1 generator");
            // the coordinator's stop frees the claim at once, not after the 10 s a silent coordinator is given
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> Files.readString(log).contains("ended before it gave out its shares"));
        }
        // Ctrl-C (SIGTERM here) ends a waiting worker with a line that says so
        Process first = workers.get(0);
        first.destroy();
        assertThat(first.waitFor(20, TimeUnit.SECONDS))
                .as("the worker ends on SIGTERM")
                .isTrue();
        assertThat(Files.readString(logs.get(0))).contains("worker " + twin + ": stopped");
    }

    static CommandLine command(StringWriter err) {
        CommandLine run = CommandLines.commandLine(new RtbenchCommand());
        run.setOut(new PrintWriter(new StringWriter(), true));
        run.setErr(new PrintWriter(err, true));
        return run;
    }

    static String[] args(
            RunningServer kafka, RunningServer clickhouse, String name, String rate, String duration, Path result) {
        return new String[] {
            "run",
            "--workers",
            "3",
            "--servers",
            "external",
            "--target",
            "clickhouse",
            "--target-url",
            clickhouse.address(),
            "--bootstrap-servers",
            kafka.address(),
            "--collection",
            name,
            "--topic",
            "events." + name,
            "--generators",
            "3",
            "--rates",
            rate,
            "--warmup",
            "2s",
            "--duration",
            duration,
            "--probe-interval",
            "200ms",
            "--prometheus-port",
            "0",
            "--result",
            result.toString()
        };
    }

    /** {@code rtbench worker} in a JVM of its own with this test's class path; its output goes to the returned file. */
    private Path startWorker(String bootstrapServers, String id) throws Exception {
        // kept after the test, beside its other logs
        Path log = Files.createDirectories(Path.of("target", "test-logs")).resolve("several-hosts-" + id + ".log");
        workers.add(
                RtbenchProcesses.start(List.of("worker", "--bootstrap-servers", bootstrapServers, "--id", id), log));
        return log;
    }

    static KafkaConsumer<String, String> resultsFromNow(String bootstrapServers) {
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                new StringDeserializer(),
                new StringDeserializer());
        TopicPartition partition = new TopicPartition(HostTopics.RESULTS, 0);
        consumer.assign(List.of(partition));
        consumer.seekToEnd(List.of(partition));
        consumer.position(partition);
        return consumer;
    }

    /**
     * Waits until each of the workers has sent an interval of a measured phase: they are in the middle of the run's
     * step (what a kill is meant to interrupt), whatever the machine's load made of the warmup's timing.
     */
    static void awaitMeasuring(KafkaConsumer<String, String> results, Set<String> ids, BooleanSupplier ended) {
        awaitMeasuring(results, ids, ended, null);
    }

    /**
     * Until every worker of {@code ids} sent a measured interval; with a {@code metric}, one holding a sample of it (the
     * first measured intervals of a loaded machine may hold the producer's figures only).
     */
    static void awaitMeasuring(
            KafkaConsumer<String, String> results, Set<String> ids, BooleanSupplier ended, String metric) {
        Set<String> measuring = new HashSet<>();
        await().atMost(Duration.ofSeconds(90))
                .pollDelay(Duration.ZERO)
                .failFast("the run ended before its measured phase", ended::getAsBoolean)
                .until(() -> {
                    for (ConsumerRecord<String, String> record : results.poll(Duration.ofMillis(200))) {
                        Result message = HostTopics.JSON.readValue(record.value(), Result.class);
                        if (ids.contains(message.worker())
                                && HostMessages.INTERVAL.equals(message.type())
                                && "MEASURED".equals(message.phase())
                                && (metric == null || holds(message, metric))) {
                            measuring.add(message.worker());
                        }
                    }
                    return measuring.containsAll(ids);
                });
    }

    private static boolean holds(Result message, String metric) {
        String encoded =
                message.intervals() == null ? null : message.intervals().get(metric);
        return encoded != null && HostTopics.decode(encoded).getTotalCount() > 0;
    }

    /** Per step and metric, one histogram of every measured sample the workers sent, by Histogram.add. */
    private static Map<Integer, Map<String, Histogram>> measuredSamples(
            KafkaConsumer<String, String> results, Set<String> ids) throws Exception {
        Map<Integer, Map<String, Histogram>> all = new HashMap<>();
        Map<String, Integer> perWorker = new HashMap<>();
        long intervalBytes = 0;
        long quietSince = System.nanoTime();
        while (System.nanoTime() - quietSince < TimeUnit.SECONDS.toNanos(3)) {
            for (ConsumerRecord<String, String> record : results.poll(Duration.ofMillis(300))) {
                quietSince = System.nanoTime();
                Result message = HostTopics.JSON.readValue(record.value(), Result.class);
                if (ids.contains(message.worker())
                        && HostMessages.INTERVAL.equals(message.type())
                        && "MEASURED".equals(message.phase())
                        && message.intervals() != null) {
                    Map<String, Histogram> step = all.computeIfAbsent(message.step(), s -> new HashMap<>());
                    message.intervals()
                            .forEach((metric, encoded) -> step.computeIfAbsent(
                                            metric, m -> LatencyRecorder.newHistogram())
                                    .add(HostTopics.decode(encoded)));
                    perWorker.merge(message.worker(), 1, Integer::sum);
                    intervalBytes += record.serializedValueSize();
                }
            }
        }
        assertThat(perWorker).as("intervals per worker").containsOnlyKeys(ids);
        int records = perWorker.values().stream().mapToInt(Integer::intValue).sum();
        LOG.info("{} measured interval records, {} bytes each on average", records, intervalBytes / records);
        return all;
    }
}
