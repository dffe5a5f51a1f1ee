package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.cli.support.UsageException;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostMergeTest {

    private static final Instant START = Instant.parse("2025-03-04T10:00:00Z");

    @TempDir
    Path dir;

    /** Writes one host's result of one step, its .hlog holding {@code medians}; returns the recorded histograms. */
    private Map<String, Histogram> host(String name, Map<String, Long> medians, boolean withLog, long seed) {
        String hlog = name + ".hlog";
        Map<String, Histogram> recorded =
                Fixtures.writeLog(dir.resolve(hlog), START.toEpochMilli() + seed * 100, 10, medians, seed);
        Map<String, LatencySummary> summaries = new LinkedHashMap<>();
        recorded.forEach((metric, histogram) -> summaries.put(metric, LatencySummary.ofMicros(histogram)));
        StepResult step = StepResult.builder()
                .rate(new StepRate(1000.0, 1_250_000.0, 990.0, 1_237_500.0))
                .batchSize(50)
                .durationSec(10.0)
                .docBytes(new DocBytes(1250.0, 1200, 1300, 60))
                .events(EventCounts.ofEvents(9_900, 9_900L, 0L, 1L, null, null))
                .probeErrors(2L)
                .latencies(summaries)
                .backlog(new Backlog(0, 40, 4.0 * seed, null))
                .sustained(true)
                .histogramLog(withLog ? hlog : null)
                .build();
        RunResult result = RunResult.started(
                        "run-" + name,
                        START,
                        new RunEnvironment(name, 2, "Linux", "jvm", "4.3.1", "3.8.0"),
                        new Scenario("opensearch", "kafka-bridge", 50, 1, 1250, 7L, 0L, Map.of()))
                .withStep(step)
                .finished(START.plusSeconds(30), true);
        ResultFiles.write(dir.resolve(name + ".json"), result);
        return recorded;
    }

    private List<ReportedRun> load(String... names) {
        return new ResultLoader()
                .load(Arrays.stream(names).map(n -> dir.resolve(n + ".json")).toList());
    }

    @Test
    void latenciesOfSeveralHostsMergeFromTheirLogsExactly() {
        Histogram a = host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1).get(Metrics.DATA);
        Histogram b = host("host-b", Map.of(Metrics.DATA, 900_000L), true, 2).get(Metrics.DATA);
        Histogram both = a.copy();
        both.add(b);

        ReportedRun merged = HostMerge.merge(load("host-a", "host-b"));

        assertThat(merged.steps()).hasSize(1);
        ReportedStep step = merged.steps().get(0);
        assertThat(step.latency(Metrics.DATA)).isEqualTo(LatencySummary.ofMicros(both));
        assertThat(step.step().events()).isEqualTo(EventCounts.ofEvents(19_800, 19_800L, 0L, 2L, null, null));
        assertThat(step.step().rate()).isEqualTo(new StepRate(2000.0, 2_500_000.0, 1980.0, 2_475_000.0));
        assertThat(step.step().probeErrors()).isEqualTo(4);
        assertThat(step.step().backlog().slopeEventsPerSec()).isEqualTo(8.0);
        assertThat(step.step().sustained()).isTrue();
        assertThat(merged.scenario().generators()).isEqualTo(2);
        assertThat(merged.result().environment().host()).isEqualTo("host-a + host-b");
        assertThat(merged.result().environment().targetVersion()).isEqualTo("3.8.0");
        assertThat(merged.notes()).singleElement().asString().startsWith("merged from 2 hosts' results");
        // Two hosts' one-second intervals meet in the same second of the timeline.
        assertThat(step.histograms().timeline(Metrics.DATA))
                .hasSize(10)
                .allSatisfy(point -> assertThat(point.count()).isEqualTo(100));
    }

    @Test
    void aMetricMissingFromOneHostsLogIsLeftOutAndSaidSo() {
        host("host-a", Map.of(Metrics.DATA, 100_000L, Metrics.KAFKA_HOP, 5_000L), true, 1);
        host("host-b", Map.of(Metrics.DATA, 200_000L), true, 2);

        ReportedRun merged = HostMerge.merge(load("host-a", "host-b"));

        assertThat(merged.steps().get(0).step().latencyMs()).containsOnlyKeys(Metrics.DATA);
        assertThat(merged.notes()).contains("left out, not in every host's interval log: kafkaHop");
    }

    @Test
    void theHostsBacklogReadingsInterleaveAndMergeIntoNoLatency() {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        host("host-b", Map.of(Metrics.DATA, 200_000L), true, 2);
        // both hosts' sinks read the lag of the same group, at their own moments
        Fixtures.writeLogWithBacklog(dir.resolve("host-a.hlog"), START.toEpochMilli(), new long[][] {{10}, {20}});
        Fixtures.writeLogWithBacklog(dir.resolve("host-b.hlog"), START.toEpochMilli() + 300, new long[][] {{15}, {25}});

        ReportedRun merged = HostMerge.merge(load("host-a", "host-b"));

        ReportedStep step = merged.steps().get(0);
        assertThat(step.step().latencyMs()).containsOnlyKeys(Metrics.DATA);
        assertThat(merged.notes()).noneMatch(note -> note.contains(Metrics.BACKLOG));
        assertThat(step.histograms().readings(Metrics.BACKLOG))
                .extracting(StepHistograms.ReadingPoint::value)
                .containsExactly(10L, 15L, 20L, 25L);
    }

    @Test
    void aHostWithoutARateLeavesTheMergedRateAbsentRatherThanAPartialSum() {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        host("host-b", Map.of(Metrics.DATA, 200_000L), true, 2);
        RunResult b = ResultFiles.read(dir.resolve("host-b.json"));
        StepResult evaluatorsOnly = b.steps().get(0).toBuilder()
                .rate(null)
                .docBytes(new DocBytes(1450.0, 1400, 1500, 60))
                .build();
        ResultFiles.write(dir.resolve("host-b.json"), b.withSteps(List.of(evaluatorsOnly)));

        StepResult merged =
                HostMerge.merge(load("host-a", "host-b")).steps().get(0).step();

        assertThat(merged.rate()).isNull();
        assertThat(merged.events().produced()).isEqualTo(19_800);
        assertThat(merged.docBytes())
                .as("weighted by the events, 9,900 on each host")
                .isEqualTo(new DocBytes(1350.0, 1200, 1500, 60));
    }

    @Test
    void theHarnessAndMachineCpuAreTheBusiestHostsNamedNotAddedUp() {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        host("host-b", Map.of(Metrics.DATA, 200_000L), true, 2);
        host("host-c", Map.of(Metrics.DATA, 300_000L), true, 3);
        HostUtilisation busy = machineAt(85.0);
        withHost("host-a", machineAt(40.0));
        withHost("host-b", busy);

        ReportedRun merged = HostMerge.merge(load("host-a", "host-b", "host-c"));

        assertThat(merged.steps().get(0).step().host())
                .as("85 % and 40 % of two machines' cores are not 125 % of anything")
                .isEqualTo(busy);
        assertThat(merged.notes())
                .contains("harness and machine CPU: the busiest host's, not added across machines (step 1: host-b)");
    }

    private void withHost(String name, HostUtilisation host) {
        RunResult result = ResultFiles.read(dir.resolve(name + ".json"));
        ResultFiles.write(
                dir.resolve(name + ".json"),
                result.withSteps(
                        List.of(result.steps().get(0).toBuilder().host(host).build())));
    }

    private static HostUtilisation machineAt(double percent) {
        List<Utilisation.Sample> series = List.of(new Utilisation.Sample(0, percent, null, null));
        return HostUtilisation.of(null, new HostUtilisation.Machine(2, Utilisation.Summary.of(series), series));
    }

    @Test
    void aHostWithoutItsLogCannotBeMergedExactly() {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        host("host-b", Map.of(Metrics.DATA, 200_000L), false, 2);

        assertThatThrownBy(() -> HostMerge.merge(load("host-a", "host-b")))
                .isInstanceOf(BenchmarkException.class)
                .hasMessage("cannot merge the hosts' results: step 1 of host-b.json has no interval log "
                        + "(the result names no histogram log), so its percentiles cannot be merged exactly");
    }

    @Test
    void hostsWithDifferentStepsCannotBeMerged() {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        host("host-c", Map.of(Metrics.DATA, 100_000L), true, 3);
        RunResult twoSteps = ResultFiles.read(dir.resolve("host-c.json"));
        twoSteps = twoSteps.withStep(twoSteps.steps().get(0));
        ResultFiles.write(dir.resolve("host-c.json"), twoSteps);

        assertThatThrownBy(() -> HostMerge.merge(load("host-a", "host-c")))
                .isInstanceOf(BenchmarkException.class)
                .hasMessage("cannot merge the hosts' results: host-a.json has 1 steps, host-c.json has 2");
    }

    @Test
    void theSameRunOfTheSameHostTwiceIsRefused() throws Exception {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        host("host-b", Map.of(Metrics.DATA, 900_000L), true, 2);
        Files.copy(dir.resolve("host-a.json"), dir.resolve("host-a-again.json"));

        assertThatThrownBy(() -> HostMerge.merge(load("host-a", "host-b", "host-a-again")))
                .isInstanceOf(UsageException.class)
                .hasMessage("--merge takes each host's result once: host-a.json and host-a-again.json are both run"
                        + " run-host-a of host host-a, and merging them would count every event twice");
    }

    @Test
    void twoRunsOnOneHostAreTwoWorkersAndMerge() {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        RunResult other = ResultFiles.read(dir.resolve("host-a.json"));
        ResultFiles.write(
                dir.resolve("worker-2.json"),
                new RunResult(
                        other.schema(),
                        "run-worker-2",
                        other.startedAt(),
                        other.finishedAt(),
                        other.complete(),
                        other.tool(),
                        other.environment(),
                        other.scenario(),
                        other.steps(),
                        other.peak(),
                        other.calibration()));

        ReportedRun merged = HostMerge.merge(load("host-a", "worker-2"));

        assertThat(merged.steps().get(0).step().events().produced()).isEqualTo(19_800);
    }

    @Test
    void theMergedRunIsOneRowOfTheCsvAndOneRunOfTheHtml() throws Exception {
        host("host-a", Map.of(Metrics.DATA, 100_000L), true, 1);
        host("host-b", Map.of(Metrics.DATA, 900_000L), true, 2);
        Path html = dir.resolve("merged.html");
        Path csv = dir.resolve("merged.csv");

        WrittenReport written = Reports.write(
                new ReportRequest(List.of(dir.resolve("host-a.json"), dir.resolve("host-b.json")), html, csv, true));

        assertThat(written.results()).isEqualTo(1);
        assertThat(csv).content().hasLineCount(2).contains("merged(host-a.json + host-b.json),run-host-a + run-host-b");
        assertThat(html).content().contains("merged from 2 hosts&#39; results", "host-a + host-b");
    }
}
