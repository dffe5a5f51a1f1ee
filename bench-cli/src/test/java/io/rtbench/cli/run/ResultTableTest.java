package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.MetricScores;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Operations;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.result.Verdicts;
import io.rtbench.report.Fixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultTableTest {

    private static StepResult step(Boolean sustained, Backlog backlog) {
        return StepResult.builder()
                .rate(new StepRate(2_000.0, 2_500_000.0, 2_000.0, 2_500_000.0))
                .batchSize(50)
                .durationSec(30.0)
                .docBytes(new DocBytes(1250.0, 1250, 1250, 60))
                .events(EventCounts.ofEvents(60_000, 60_000L, 0L, 0L, 0L, true))
                .probeErrors(0L)
                .backlog(backlog)
                .sustained(sustained)
                .build();
    }

    @Test
    void aStepThatBeganBehindIsMarkedAsCatchingUpOrLagging() {
        assertThat(ResultTable.sustained(step(true, new Backlog(17_500, 150, -600, 50.0))))
                .isEqualTo("yes, catching up");
        // began 4 s of events behind and ended further behind, in a sawtooth too wide for the slope to count as growth
        assertThat(ResultTable.sustained(step(true, new Backlog(6_450, 10_400, 72, 333.0))))
                .isEqualTo("yes, lagging");
        assertThat(ResultTable.sustained(step(true, new Backlog(1_500, 1_400, 0, 5.0))))
                .isEqualTo("yes");
        assertThat(ResultTable.sustained(step(false, new Backlog(0, 9_000, 300, 5.0))))
                .isEqualTo("NO");
        assertThat(ResultTable.sustained(step(null, null))).isEqualTo("-");
        assertThat(ResultTable.sustained(step(true, null))).isEqualTo("yes");
    }

    private static StepRepetitions repeated(Double... perForkP50Ms) {
        List<Double> p50s = List.of(perForkP50Ms);
        List<Double> p99s = p50s.stream().map(p50 -> 2 * p50).toList();
        return new StepRepetitions(
                p50s.size(),
                2,
                0,
                5.0,
                Map.of(Metrics.DATA, new MetricScores(ForkStatistics.score(p50s), ForkStatistics.score(p99s))),
                List.of());
    }

    @Test
    void anErrorWiderThanTheScoreIsExplainedByTheNumberOfForks() {
        // a real run's forks: data p50 24.09 ± 4,313.73 ms with 2 forks
        assertThat(ResultTable.scoreLine(1, repeated(17.3, 30.9)))
                .startsWith("step 1: 2 forks x 2 iterations; data score p50 24.10 ± ")
                .endsWith("(the error is wider than the score: with 2 forks the interval reaches 636.6 standard"
                        + " errors each side; more --forks narrow it)");
        assertThat(ResultTable.scoreLine(2, repeated(24.0, 25.0, 24.5, 24.2, 24.8)))
                .isEqualTo("step 2: 5 forks x 2 iterations; data score p50 24.50 ± 1.59, p99 49.00 ± 3.18 ms (99.9 %"
                        + " error across forks)");
    }

    private static StepResult probed(long samples) {
        return StepResult.builder()
                .latencies(Map.of(Metrics.DATA, new LatencySummary(samples, 900, 1_000, 1_100, 1_500, 1_500, 1_500)))
                .build();
    }

    @Test
    void aP99OfFewerThanAHundredSamplesIsSaidToBeTheSlowestOfThem() {
        assertThat(ResultTable.fewSamples(List.of(probed(60), probed(61))))
                .hasValueSatisfying(
                        line -> assertThat(line).startsWith("(data: 60 to 61 probe answers a step; below 100,"));
        assertThat(ResultTable.fewSamples(List.of(probed(60), probed(60))))
                .hasValueSatisfying(line -> assertThat(line).startsWith("(data: 60 probe answers a step;"));
        assertThat(ResultTable.fewSamples(List.of(probed(100), probed(3_000)))).isEmpty();
        assertThat(ResultTable.fewSamples(List.of(step(true, null)))).isEmpty(); // no data figure: nothing to say
    }

    @Test
    void probesThatFoundNothingVisibleYetAreSaidNotDropped() {
        assertThat(Verdicts.probesBeforeVisible(step(true, null))).isEmpty();
        assertThat(Verdicts.probesBeforeVisible(
                        step(true, null).toBuilder().probesBeforeVisible(1L).build()))
                .hasValue("1 probe found no event of its generator visible yet: not samples, so the data latencies"
                        + " leave that stretch out; a longer --warmup lets the sink catch up first");
        assertThat(Verdicts.probesBeforeVisible(
                        step(true, null).toBuilder().probesBeforeVisible(3_000L).build()))
                .hasValueSatisfying(line -> assertThat(line).startsWith("3,000 probes found no event of their"));
    }

    @Test
    void theDmlLineShowsEveryReadPathsChangeMetricsButNoneOfCalibrationsTruths() throws Exception {
        LatencySummary any = new LatencySummary(1_000, 40, 50, 60, 70, 80, 90);
        Map<String, LatencySummary> latencies = new HashMap<>();
        latencies.put(Metrics.DATA, any);
        latencies.put(Metrics.UPDATE_VISIBLE, any);
        latencies.put(Metrics.DELETE_VISIBLE, any);
        latencies.put(Metrics.UPDATE_VISIBLE + "WithoutFinal", any);
        Metrics.TRUTHS.forEach(truth -> latencies.put(truth, any));
        StepResult dml = step(true, null).toBuilder()
                .events(new EventCounts(
                        10_000, 8_000L, 0L, 0L, 0L, true, 8_000L, 0L, 0L, new Operations(8_000, 1_500, 500)))
                .latencies(latencies)
                .build();
        StringWriter text = new StringWriter();
        ResultTable.print(Fixtures.result(Fixtures.OPENSEARCH).withSteps(List.of(dml)), new PrintWriter(text));

        String dmlLine = text.toString()
                .lines()
                .filter(line -> line.startsWith("  dml:"))
                .findFirst()
                .orElseThrow();
        assertThat(dmlLine)
                .contains(" updateVisible p50 ", " deleteVisible p50 ", " updateVisibleWithoutFinal p50 ")
                .doesNotContain("Truth");
    }

    @Test
    void eachFaultHasALineUnderItsStepRecoveredOrNotOrNotJudged() {
        StepResult faulty = step(true, null).toBuilder()
                .faults(List.of(
                        new StepFault(
                                "target-pause@5s+4s",
                                null,
                                5.012,
                                9.034,
                                1L,
                                2L,
                                5.0,
                                12.5,
                                62.5,
                                4_120.4,
                                true,
                                2.06,
                                2_150L,
                                1_480.2),
                        new StepFault(
                                "target-pause@20s+4s",
                                null,
                                20.0,
                                24.0,
                                3L,
                                4L,
                                5.0,
                                12.5,
                                62.5,
                                4_090.0,
                                false,
                                null,
                                3_000L,
                                null),
                        new StepFault(
                                "target-pause@0s+1s",
                                2,
                                0.0,
                                1.0,
                                3L,
                                4L,
                                5.0,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null)))
                .build();
        StringWriter text = new StringWriter();
        ResultTable.print(Fixtures.result(Fixtures.OPENSEARCH).withSteps(List.of(faulty)), new PrintWriter(text));

        assertThat(text.toString().lines().filter(line -> line.startsWith("  fault ")))
                .containsExactly(
                        "  fault target-pause@5s+4s (5.01 to 9.03 s): staleness peak 4,120 ms; recovered 2.1 s after"
                                + " (data p99 of 5 s within 63 ms); backlog peak 2,150 events, drained at 1,480"
                                + " events/s",
                        "  fault target-pause@20s+4s (20.00 to 24.00 s): staleness peak 4,090 ms; NOT recovered before"
                                + " the measured phase ended (no data p99 of 5 s within 63 ms); backlog peak 3,000"
                                + " events",
                        "  fault target-pause@0s+1s in fork 2 (0.00 to 1.00 s): staleness peak - (no data sample);"
                                + " recovery not judged: no data sample in the 5 s before it");
    }

    private static String printed(String pipeline, Map<String, Object> settings) {
        RunResult result = RunResult.started(
                        "run-x",
                        Instant.parse("2026-11-28T12:00:00Z"),
                        new RunEnvironment("host", 2, "Linux", "jvm", "4.3.1", "15.18"),
                        new Scenario("postgres", pipeline, 50, 1, 1250, 1L, 0L, settings))
                .withStep(step(true, null))
                .finished(Instant.parse("2026-11-28T12:01:00Z"), true);
        StringWriter text = new StringWriter();
        ResultTable.print(result, new PrintWriter(text));
        return text.toString();
    }

    /** Stages that happen where rtbench cannot time them are said to be unobservable, in words for the pipeline. */
    @Test
    void stagesHiddenInTheDatabaseOrAThirdPartyConnectorAreNamedAsNotObservable() {
        Map<String, Object> hidden = Map.of("notObservable", List.of(Metrics.KAFKA_HOP, Metrics.SINK_WRITE));
        assertThat(printed("native", hidden))
                .contains("(kafkaHop and sinkWrite happen inside the database with the native pipeline: not"
                        + " observable, not 0)");
        assertThat(printed("kafka-connect", hidden))
                .contains("(kafkaHop and sinkWrite happen inside the connector, which reports no per-record timings:"
                        + " not observable, not 0)");
        assertThat(printed("kafka-connect", Map.of())).doesNotContain("not observable");
    }
}
