package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;

/** {@code rtbench run --fault} in the report: the band on the chart, the table, the CSV and JMH's format. */
class FaultReportTest {

    private static final long START_MILLIS =
            Instant.parse("2026-11-29T10:00:00Z").toEpochMilli();

    @TempDir
    Path dir;

    @Test
    void theChartShadesEachFaultsWindowUnderItsKind() throws Exception {
        Path hlog = dir.resolve("step.hlog");
        Fixtures.writeLog(hlog, START_MILLIS, 20, Map.of(Metrics.DATA, 100_000L), 1);
        StepHistograms histograms = StepHistograms.read(hlog);
        ReportedStep step = step(
                histograms,
                pause(null, START_MILLIS + 5_000, START_MILLIS + 9_500),
                pause(null, START_MILLIS + 14_000, START_MILLIS + 15_000));

        XYChart chart = OverTimeCharts.overTimeChart(step, histograms.timeline(Metrics.DATA));

        XYSeries band = chart.getSeriesMap().get("target-pause");
        assertThat(band).as("the first fault's band, named after its kind").isNotNull();
        assertThat(band.getXYSeriesRenderStyle()).isEqualTo(XYSeriesRenderStyle.PolygonArea);
        assertThat(band.getXData()).containsExactly(5.0, 5.0, 9.5, 9.5);
        double top = chart.getSeriesMap().get("p99").getYMax() * 1.1;
        assertThat(band.getYData()).containsExactly(0.0, top, top, 0.0);
        assertThat(band.isShowInLegend()).isTrue();
        XYSeries second = chart.getSeriesMap().get("target-pause #2");
        assertThat(second.getXData()).containsExactly(14.0, 14.0, 15.0, 15.0);
        assertThat(second.isShowInLegend()).as("one legend entry per kind").isFalse();
        assertThat(FaultBands.add(new XYChart(10, 10), step, histograms, 1.0))
                .extracting(FaultBands.Band::label)
                .containsExactly("target-pause", "target-pause");
    }

    @Test
    void aStepWithoutFaultsHasNoBand() throws Exception {
        Path hlog = dir.resolve("step.hlog");
        Fixtures.writeLog(hlog, START_MILLIS, 5, Map.of(Metrics.DATA, 100_000L), 1);
        StepHistograms histograms = StepHistograms.read(hlog);

        XYChart chart = OverTimeCharts.overTimeChart(step(histograms), histograms.timeline(Metrics.DATA));

        assertThat(chart.getSeriesMap().keySet()).containsExactly("p50", "p99");
    }

    @Test
    void theRealRunsPageTablesEachForksFaultAndShadesTheChart() {
        List<ReportedRun> runs = new ResultLoader().load(List.of(faultFixture()));

        HtmlReport.Rendered page = new HtmlReport(InstantSource.fixed(Instant.EPOCH), Optional.empty()).render(runs);

        assertThat(page.html())
                .contains(
                        "recovered when a window of 5 s after it has its data p99 within the pre-fault p99 + max(20 %, 50"
                                + " ms)")
                .contains("<th>staleness peak (ms)</th><th>time to recover</th>")
                .contains(
                        "<td class=\"l nw\">target-pause@6s+5s</td><td class=\"l\">1</td><td class=\"nw\">6.05–11.06</td>"
                                + "<td>235</td><td>5,166</td><td>0.66 s</td><td>2,357</td><td>2,467</td>")
                .contains("<td class=\"l\">2</td><td class=\"nw\">6.00–11.01</td><td>50.7</td><td>5,112</td>"
                        + "<td class=\"bad\">not recovered</td><td>2,500</td><td></td>");
        Figure overTime = page.figures().stream()
                .filter(figure -> figure.title().startsWith("Data latency over time"))
                .findFirst()
                .orElseThrow();
        assertThat(overTime.drawn()).isTrue();
        assertThat(overTime.note())
                .contains("Shaded: each fault's window")
                .contains("target-pause@6s+5s (fork 2): staleness peak 5,112 ms, time to recover not recovered,"
                        + " backlog peak 2,500 events");
    }

    @Test
    void theCsvHasTheWorstForksFiguresAndNoTimeWhereAForkDidNotRecover() {
        List<ReportedRun> runs = new ResultLoader().load(List.of(faultFixture()));

        List<String> lines = CsvReport.render(runs).lines().toList();

        List<String> header = List.of(lines.get(0).split(",", -1));
        List<String> record = List.of(lines.get(1).split(",", -1));
        int first = header.indexOf("fault1");
        assertThat(header.subList(first, header.size()))
                .containsExactly(
                        "fault1",
                        "fault1Recovered",
                        "fault1TimeToRecoverSec",
                        "fault1StalenessPeakMs",
                        "fault1BacklogPeakEvents",
                        "fault1BacklogDrainEventsPerSec");
        assertThat(record.subList(first, record.size()))
                .containsExactly("target-pause@6s+5s", "false", "", "5166.107", "2500", "");
    }

    @Test
    void theCsvTakesTheLatestRecoveryWhenEveryForkRecovered() {
        ReportedStep step = step(null, pause(1, 0L, 1L, 0.4, 900.0), pause(2, 0L, 1L, 1.2, 1_500.0));
        List<String> fields = new java.util.ArrayList<>();

        FaultColumns.add(fields, step, 2);

        assertThat(fields)
                .containsExactly("target-pause@5s+4s", "true", "1.2", "4100", "2500", "900", "", "", "", "", "", "");
    }

    @Test
    void jmhsFormatCarriesTheTimeToRecoverOnlyWhenEveryForkRecovered() throws Exception {
        Path recovered = RepeatedResults.write(
                dir, "recovered.json", List.of(pause(1, 0L, 1L, 0.4, 900.0), pause(2, 0L, 1L, 0.6, 900.0)), 50, 52);
        Path stuck = RepeatedResults.write(
                dir, "stuck.json", List.of(pause(1, 0L, 1L, 0.4, 900.0), pause(2, 0L, 1L, null, null)), 50, 52);
        ObjectMapper json = new ObjectMapper();

        JsonNode all = json.readTree(JmhFormat.render(new ResultLoader().load(List.of(recovered, stuck))));

        JsonNode secondary = all.get(0).get("secondaryMetrics");
        JsonNode recovery = secondary.get(JmhFormat.RECOVERY_PREFIX + "target-pause");
        assertThat(recovery.get("score").asDouble()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(recovery.get("scoreUnit").asText()).isEqualTo("s");
        assertThat(recovery.get("rawData").toString()).isEqualTo("[[0.4],[0.6]]");
        assertThat(all.get(1).get("secondaryMetrics").has(JmhFormat.RECOVERY_PREFIX + "target-pause"))
                .as("a fork that did not recover: no number")
                .isFalse();
    }

    private Path faultFixture() {
        Path file = Fixtures.copy(Fixtures.POSTGRES_FAULT, dir);
        Fixtures.POSTGRES_FAULT_LOGS.forEach(log -> Fixtures.copy(log, dir));
        return file;
    }

    private static ReportedStep step(StepHistograms histograms, StepFault... faults) {
        StepResult result =
                StepResult.builder().durationSec(20.0).faults(List.of(faults)).build();
        return new ReportedStep(1, result, 50, histograms, histograms == null ? "no log" : null);
    }

    private static StepFault pause(Integer fork, long startEpochMs, long endEpochMs) {
        return pause(fork, startEpochMs, endEpochMs, 0.5, 1_900.0);
    }

    private static StepFault pause(
            Integer fork, long startEpochMs, long endEpochMs, Double timeToRecoverSec, Double drainEventsPerSec) {
        return new StepFault(
                "target-pause@5s+4s",
                fork,
                (startEpochMs - START_MILLIS) / 1000.0,
                (endEpochMs - START_MILLIS) / 1000.0,
                startEpochMs,
                endEpochMs,
                5.0,
                50.0,
                100.0,
                4_100.0,
                timeToRecoverSec != null,
                timeToRecoverSec,
                2_500L,
                drainEventsPerSec);
    }
}
