package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.engine.Engine;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepReads;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.Servers;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import io.rtbench.servers.local.FreePorts;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Workload mixed through the real runner on real servers (docs/GUIDE.md, "Reads under write load"): writes at 800/s
 * by the bridge, reads at 200/s of events at least 5 s old for 10 s, summarized per 2-s window. Each test asserts
 * select samples in every full window, no read repeated, and counts that add up. The queries differ per database, so that every driver
 * query runs against a real server without running every query on every database.
 */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONG)
@Execution(ExecutionMode.CONCURRENT) // its tests are independent: each its own topic, collection and group
class MixedWorkloadIT {

    private static final double READS_PER_SEC = 200;
    private static final double WRITES_PER_SEC = 800;
    /** The select histogram's count of the run's reads, once there are some. */
    private static final java.util.regex.Pattern SELECT_COUNTED = java.util.regex.Pattern.compile(
            "rtbench_select_latency_seconds_count\\{[^}]*query=\"user-recent\"[^}]*target=\"postgres\"[^}]*\\} [1-9]");

    private static final double WINDOW_SEC = 2;
    private static final double MEASURED_SEC = 10;
    private static final double TIMEOUT_MS = 5000;
    private static final double READ_AGE_MS = 5000;

    @TempDir
    Path dir;

    private RunSpecBuilder mixed(String target, String query, RunningServer db, RunningServer kafka) {
        RunSpecBuilder spec = Runs.external("kafka-bridge", target, db, kafka, null, dir);
        spec.workload = "mixed";
        spec.rates = List.of(Rate.parse("800/s"));
        spec.pacing(set -> set.withBatchSize(40));
        spec.readRate = "200/s";
        spec.readAge = "5s";
        spec.readQuery = query;
        spec.window = (long) WINDOW_SEC + "s";
        // the first 5 s of reads find nothing old enough: the warmup lets events age, so the measured phase reads
        spec.pacing(set -> set.withWarmup(Durations.parse("6s")));
        spec.pacing(set -> set.withDuration(Durations.parse((long) MEASURED_SEC + "s")));
        return spec;
    }

    @Test
    void clickhousePoint(@RealServer("clickhouse") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        check(Runs.run(mixed("clickhouse", "point", db, kafka).build("unused")));
    }

    /** Also served live at /metrics as rtbench_select_latency_seconds, a histogram, while the run measures. */
    @Test
    void postgresUserRecent(@RealServer("postgres") RunningServer db, @RealServer("kafka") RunningServer kafka)
            throws Exception {
        RunSpec spec = mixed("postgres", "user-recent", db, kafka).build("unused");
        int port = FreePorts.free();
        CompletableFuture<RunResult> run = Runs.inBackground(
                "mixed-postgres",
                () -> Engine.run(
                        RunLauncher.plan(spec, RunLauncher.planned(spec)),
                        Runs.quiet(),
                        new PipelineAssembly(spec, Servers.provider(Map.of()), Runs.pluginPath(), "127.0.0.1", port),
                        new AtomicBoolean()));

        String scrape = scrapeOnceReadsAreServed(port, run);

        assertThat(scrape)
                .contains("# TYPE rtbench_select_latency_seconds histogram")
                .containsPattern(SELECT_COUNTED);
        check(run.get(120, TimeUnit.SECONDS));
    }

    private static String scrapeOnceReadsAreServed(int port, CompletableFuture<RunResult> run) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(5))
                .build();
        String last = "";
        while (!run.isDone()) {
            try {
                last = http.send(request, HttpResponse.BodyHandlers.ofString()).body();
            } catch (ConnectException notYet) {
                // the endpoint opens as the run starts
            }
            if (last.contains("rtbench_select_latency_seconds_bucket")
                    && SELECT_COUNTED.matcher(last).find()) {
                return last;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no scrape with select latency before the run ended; the last one:\n" + last);
    }

    @Test
    void opensearchAggregate(@RealServer("opensearch") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        check(Runs.run(mixed("opensearch", "aggregate", db, kafka).build("unused")));
    }

    @Test
    void elasticsearchPoint(@RealServer("elasticsearch") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        check(Runs.run(mixed("elasticsearch", "point", db, kafka).build("unused")));
    }

    /** Reads older than the run: every read is skipped, none is in select, and the run still completes. */
    @Test
    void readsOfEventsNotOldEnoughAreSkipped(
            @RealServer("clickhouse") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        RunSpecBuilder spec = mixed("clickhouse", "aggregate", db, kafka);
        spec.readAge = "30m";
        spec.pacing(set -> set.withWarmup(Durations.parse("1s")));
        spec.pacing(set -> set.withDuration(Durations.parse("5s")));
        StepResult step = Runs.run(spec.build("unused")).steps().get(0);
        StepReads reads = step.reads();
        assertThat(reads.issued()).isZero();
        assertThat(reads.skipped()).isBetween((long) (READS_PER_SEC * 4), (long) (READS_PER_SEC * 6));
        assertThat(step.latencyMs()).doesNotContainKey(Metrics.SELECT);
        assertThat(step.latencyMs().get(Metrics.DATA).count()).isPositive();
    }

    private static void check(RunResult result) {
        assertThat(result.complete()).isTrue();
        assertThat(result.scenario().settings()).containsEntry("workload", "mixed");
        StepResult step = result.steps().get(0);
        StepReads reads = step.reads();
        assertThat(reads).isNotNull();
        // the figures of the closing note, in the test's output
        System.out.printf(
                "%s %s: %s select %s data %s%n",
                result.scenario().target(),
                reads.query(),
                reads.toString().replaceAll(", windows=.*", ""),
                step.latencyMs().get(Metrics.SELECT),
                step.latencyMs().get(Metrics.DATA));
        double seconds = step.durationSec();
        // open loop: the schedule's reads are all due, issued or skipped, whatever the target did
        assertThat(reads.issued() + reads.skipped())
                .isBetween((long) (READS_PER_SEC * seconds * 0.97), (long) (READS_PER_SEC * seconds * 1.03) + 1);
        assertThat(reads.skipped()).as("the warmup aged the events").isLessThan(reads.issued() / 10);
        assertThat(reads.repeated()).as("no event read twice").isZero();
        assertThat(reads.succeeded() + reads.readErrors()).isEqualTo(reads.issued());
        LatencySummary select = step.latencyMs().get(Metrics.SELECT);
        // a failed read is recorded at least at the timeout (5 s): more than 1 % of them would show in the p99
        if (select.p99() < TIMEOUT_MS) {
            assertThat(reads.readErrors()).isLessThanOrEqualTo(reads.issued() / 100);
        } else {
            System.out.printf(
                    "%s: reads slower than the timeout on this machine (select p99 %.0f ms)%n", step, select.p99());
        }
        // an event 5 s old has landed when the data latency is below that (on a loaded 2-core machine it may not be)
        if (step.latencyMs().get(Metrics.DATA).p99() < READ_AGE_MS - 1000) {
            assertThat(reads.notFound()).as("events 5 s old have landed").isLessThanOrEqualTo(reads.issued() / 100);
        }
        assertThat(step.latencyMs().get(Metrics.SELECT).count()).isEqualTo(reads.issued());
        // the measured phase's writes (the audit's produced count also holds the warmup's)
        assertThat(reads.writes())
                .isBetween((long) (WRITES_PER_SEC * seconds * 0.97), (long) (WRITES_PER_SEC * seconds * 1.03));
        assertThat(reads.readShare()).isBetween(0.15, 0.25);
        assertThat(reads.windowSec()).isEqualTo(WINDOW_SEC);
        int fullWindows = (int) (MEASURED_SEC / WINDOW_SEC);
        assertThat(reads.windows()).hasSizeBetween(fullWindows, fullWindows + 1);
        long inWindows = 0;
        for (StepReads.Window window : reads.windows()) {
            if (window.durationSec() >= WINDOW_SEC - 0.5) {
                // a read counts in the window it finished in: a queue of reads moves samples to later windows
                assertThat(window.latencyMs().get(Metrics.SELECT).count())
                        .as("select samples in window %d", window.index())
                        .isGreaterThan((long) (READS_PER_SEC * WINDOW_SEC * 0.3));
                assertThat(window.latencyMs().get(Metrics.DATA).count()).isPositive();
            }
            inWindows += window.latencyMs().containsKey(Metrics.SELECT)
                    ? window.latencyMs().get(Metrics.SELECT).count()
                    : 0;
        }
        assertThat(inWindows).as("the windows hold every select sample").isEqualTo(reads.issued());
        assertThat(step.events().lost()).isZero();
    }
}
