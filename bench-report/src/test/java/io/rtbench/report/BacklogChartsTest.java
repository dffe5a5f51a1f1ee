package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;

/**
 * The sink's backlog over time (docs/REPORTS.md, "Backlog over time"): drawn from the readings the step's {@code .hlog}
 * holds under the tag {@code backlog}, with the faults shaded, and taken for a latency nowhere.
 */
class BacklogChartsTest {

    private static final long START_MILLIS =
            Instant.parse("2026-11-30T10:00:00Z").toEpochMilli();

    @TempDir
    Path dir;

    @Test
    void theChartDrawsEveryReadingWhereItWasReadOverTheFaultsBand() throws Exception {
        Path hlog = dir.resolve("step.hlog");
        // a second without a reading (a late timer) and one with two (it caught up)
        Fixtures.writeLogWithBacklog(
                hlog, START_MILLIS, new long[][] {{0}, {40}, {}, {900, 1_500}, {1_800}, {0}, {25}});
        StepHistograms histograms = StepHistograms.read(hlog);
        ReportedStep step = step(histograms, pause(START_MILLIS + 2_500, START_MILLIS + 4_500));

        XYChart chart = BacklogCharts.chart(step, histograms.readings(Metrics.BACKLOG));

        XYSeries backlog = chart.getSeriesMap().get(Metrics.BACKLOG);
        assertThat(backlog.getXData())
                .as("each reading where it was read")
                .containsExactly(0.1, 1.1, 3.1, 3.4, 4.1, 5.1, 6.1);
        assertThat(backlog.getYData()).containsExactly(0.0, 40.0, 900.0, 1_500.0, 1_800.0, 0.0, 25.0);
        assertThat(chart.getSeriesMap().keySet())
                .as("one missed reading is no gap in the line")
                .containsExactly("target-pause", Metrics.BACKLOG);
        XYSeries band = chart.getSeriesMap().get("target-pause");
        assertThat(band)
                .as("the fault's band, by the same FaultBands as the latency chart")
                .isNotNull();
        assertThat(band.getXYSeriesRenderStyle()).isEqualTo(XYSeriesRenderStyle.PolygonArea);
        assertThat(band.getXData()).containsExactly(2.5, 2.5, 4.5, 4.5);
        assertThat(band.getYData()).containsExactly(0.0, 1.1 * 1_800, 1.1 * 1_800, 0.0);
        XYChart latency = OverTimeCharts.overTimeChart(step, histograms.timeline(Metrics.DATA));
        assertThat(chart.getStyler().getXAxisMax())
                .as("the same x axis as the data latency chart above it")
                .isEqualTo(latency.getStyler().getXAxisMax())
                .as("to the second after the last reading")
                .isEqualTo(7.0);
    }

    @Test
    void eachForkIsItsOwnLine() throws Exception {
        Path first = dir.resolve("fork-1.hlog");
        Path second = dir.resolve("fork-2.hlog");
        Fixtures.writeLogWithBacklog(first, START_MILLIS, new long[][] {{10}, {20}, {30}});
        Fixtures.writeLogWithBacklog(second, START_MILLIS + 60_000, new long[][] {{5}, {6}});
        StepHistograms both = StepHistograms.merge(List.of(StepHistograms.read(first), StepHistograms.read(second)));

        XYChart chart = BacklogCharts.chart(step(both), both.readings(Metrics.BACKLOG));

        assertThat(chart.getSeriesMap().keySet()).containsExactly(Metrics.BACKLOG, Metrics.BACKLOG + " #2");
        assertThat(chart.getSeriesMap().get(Metrics.BACKLOG + " #2").getXData()).containsExactly(60.1, 61.1);
        assertThat(chart.getSeriesMap().get(Metrics.BACKLOG + " #2").isShowInLegend())
                .isFalse();
    }

    @Test
    void theBacklogIsNoLatencyOfTheLogsTotals() throws Exception {
        Path hlog = dir.resolve("step.hlog");
        Fixtures.writeLogWithBacklog(hlog, START_MILLIS, new long[][] {{100}, {200}});

        StepHistograms histograms = StepHistograms.read(hlog);

        assertThat(histograms.metrics()).containsExactly(Metrics.DATA);
        assertThat(histograms.totals()).containsOnlyKeys(Metrics.DATA);
        assertThat(histograms.total(Metrics.BACKLOG)).isEmpty();
        assertThat(histograms.timeline(Metrics.BACKLOG))
                .as("no latency percentiles of it")
                .isEmpty();
        assertThat(histograms.readings(Metrics.DATA))
                .as("a latency is no reading")
                .isEmpty();
        assertThat(histograms.readings(Metrics.BACKLOG))
                .extracting(StepHistograms.ReadingPoint::value)
                .containsExactly(100L, 200L);
    }

    @Test
    void aRealRunsPageDrawsTheBacklogUnderTheDataLatencyAndNoOutputTakesItForALatency() throws Exception {
        List<ReportedRun> runs = new ResultLoader().load(List.of(pauseFixture()));

        HtmlReport.Rendered page = new HtmlReport(InstantSource.fixed(Instant.EPOCH), Optional.empty()).render(runs);

        List<String> titles = page.figures().stream().map(Figure::title).toList();
        int latency = titles.indexOf("Data latency over time: postgres-pause, step #1 0.625 MB/s");
        assertThat(titles.get(latency + 1)).isEqualTo("Backlog over time: postgres-pause, step #1 0.625 MB/s");
        Figure backlog = page.figures().get(latency + 1);
        assertThat(backlog.drawn()).isTrue();
        assertThat(backlog.note()).isEqualTo("Shaded: each fault's window");
        List<StepHistograms.ReadingPoint> readings =
                runs.get(0).steps().get(0).histograms().readings(Metrics.BACKLOG);
        assertThat(readings)
                .as("one a second of the 20-s phase, and one as it ended")
                .hasSize(21);
        assertThat(readings.stream()
                        .mapToLong(StepHistograms.ReadingPoint::value)
                        .max())
                .as("the fault's backlog peak in the result is the highest reading")
                .hasValue(runs.get(0).steps().get(0).step().faults().get(0).backlogPeakEvents());
        assertThat(page.html())
                .contains("Under it, where the step had a sink, the sink's backlog in events in each second")
                .doesNotContain("<th class=\"l\">backlog</th>")
                .doesNotContain("<td class=\"l\">backlog</td>");
        assertThat(titles).noneMatch(title -> title.startsWith("Percentile") && title.contains(Metrics.BACKLOG));

        String header = CsvReport.render(runs).lines().findFirst().orElseThrow();
        assertThat(header.split(",")).noneMatch(column -> column.startsWith(Metrics.BACKLOG + "_"));
        JsonNode jmh = new ObjectMapper().readTree(JmhFormat.render(runs));
        List<String> benchmarks = new ArrayList<>();
        jmh.forEach(node -> {
            benchmarks.add(node.get("benchmark").asText());
            Iterator<String> secondary = node.get("secondaryMetrics").fieldNames();
            secondary.forEachRemaining(benchmarks::add);
        });
        assertThat(benchmarks).isNotEmpty().noneMatch(name -> name.contains(Metrics.BACKLOG));
    }

    @Test
    void aStepWithoutReadingsHasNoChart() throws Exception {
        Path hlog = dir.resolve("old.hlog");
        Fixtures.writeLog(hlog, START_MILLIS, 5, Map.of(Metrics.DATA, 100_000L), 1);
        // a result written before rtbench kept the readings: a sink's backlog summary, a log without readings
        ReportedStep old = new ReportedStep(
                1,
                StepResult.builder()
                        .durationSec(5.0)
                        .backlog(new Backlog(0, 10, 1.0, null))
                        .build(),
                50,
                StepHistograms.read(hlog),
                null);
        ReportedRun run = new ReportedRun(
                "old.json", "old", Fixtures.result(Fixtures.OPENSEARCH).withSteps(List.of(old.step())), List.of(old));

        HtmlReport.Rendered page =
                new HtmlReport(InstantSource.fixed(Instant.EPOCH), Optional.empty()).render(List.of(run));

        assertThat(BacklogCharts.measured(old)).isFalse();
        assertThat(page.figures()).extracting(Figure::title).noneMatch(title -> title.startsWith("Backlog"));
        assertThat(page.html()).doesNotContain("the sink's backlog in events");
    }

    private Path pauseFixture() {
        Path file = Fixtures.copy(Fixtures.POSTGRES_PAUSE, dir);
        Fixtures.copy(Fixtures.POSTGRES_PAUSE_LOG, dir);
        return file;
    }

    private static ReportedStep step(StepHistograms histograms, StepFault... faults) {
        StepResult result = StepResult.builder()
                .durationSec(20.0)
                .faults(faults.length == 0 ? null : List.of(faults))
                .build();
        return new ReportedStep(1, result, 50, histograms, null);
    }

    private static StepFault pause(long startEpochMs, long endEpochMs) {
        return new StepFault(
                "target-pause@2s+2s",
                null,
                (startEpochMs - START_MILLIS) / 1000.0,
                (endEpochMs - START_MILLIS) / 1000.0,
                startEpochMs,
                endEpochMs,
                5.0,
                50.0,
                100.0,
                2_100.0,
                true,
                0.5,
                1_800L,
                1_900.0);
    }
}
