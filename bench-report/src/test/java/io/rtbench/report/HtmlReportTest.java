package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.core.utilisation.Utilisation.Sample;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2025-03-05T08:00:00Z"));
    private static final Pattern PNG = Pattern.compile("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"");
    private static final Pattern EXTERNAL = Pattern.compile(
            "(?i)(src|href|action|poster|data)\\s*=\\s*[\"']?\\s*(https?:|//)|url\\(\\s*[\"']?\\s*(https?:|//)|@import|<script|<link|<iframe");

    @TempDir
    Path dir;

    private Path opensearch;
    private Path clickhouse;

    @BeforeEach
    void results() {
        opensearch = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        clickhouse = Fixtures.copy(Fixtures.CLICKHOUSE, dir);
        // Steps 1 and 2 of the OpenSearch sweep have their .hlog; step 3's is missing, as are ClickHouse's.
        long start = Instant.parse("2025-03-04T10:00:00Z").toEpochMilli();
        Map<String, Long> medians = Map.of(Metrics.DATA, 500_000L, Metrics.KAFKA_HOP, 7_000L);
        Fixtures.writeLog(dir.resolve("opensearch-sweep.step1.hlog"), start, 20, medians, 1);
        Fixtures.writeLog(dir.resolve("opensearch-sweep.step2.hlog"), start + 70_000, 20, medians, 2);
    }

    @Test
    void aComparisonHoldsEveryChartInlineAndNothingExternal() throws IOException {
        Path html = dir.resolve("out/compare.html");

        WrittenReport written =
                Reports.write(new ReportRequest(List.of(opensearch, clickhouse), html, dir.resolve("c.csv")), CLOCK);

        String page = Files.readString(html);
        // p99 of both + 2 latency-vs-rate + 2×2 stage bars + 2 distributions + 2 over-time (the steps with a .hlog).
        List<BufferedImage> images = images(page);
        assertThat(images).hasSize(11);
        assertThat(written.charts()).isEqualTo(11);
        assertThat(images).allSatisfy(image -> assertThat(image.getWidth()).isEqualTo(ChartImages.WIDTH));
        assertThat(page)
                .contains("<figcaption>Data latency p99 versus achieved ingest rate, every result</figcaption>")
                .contains("<figcaption>Data latency p50, p95 and p99 versus achieved ingest rate: opensearch-sweep"
                        + "</figcaption>")
                .contains("<figcaption>Data latency p50, p95 and p99 versus achieved ingest rate: "
                        + "clickhouse-interrupted</figcaption>")
                .contains("<figcaption>Where the time goes, p50: opensearch-sweep</figcaption>")
                .contains("<figcaption>Where the time goes, p99: clickhouse-interrupted</figcaption>")
                .contains("<figcaption>Percentile distribution of data latency: opensearch-sweep</figcaption>")
                .contains("<figcaption>Data latency over time: opensearch-sweep, step #1 2 MB/s</figcaption>")
                .contains("opensearch", "clickhouse", "kafka-bridge", "kafka-connect", "3.8.0", "18.16.1", "bench-1")
                .contains("interrupted after 2 steps")
                .contains("target: opensearch / clickhouse")
                .doesNotContain("Not like for like");
        assertThat(EXTERNAL.matcher(page).find())
                .as("external reference in %s", html)
                .isFalse();
        assertThat(page).doesNotContain("http://", "https://");
    }

    @Test
    void stepsWithoutTheirHistogramLogGetANoteInsteadOfAChart() throws IOException {
        Path html = dir.resolve("r.html");

        WrittenReport written =
                Reports.write(new ReportRequest(List.of(opensearch, clickhouse), html, dir.resolve("r.csv")), CLOCK);

        String page = Files.readString(html);
        assertThat(page)
                .contains("no chart: histogram log opensearch-sweep.step3.hlog not found")
                .contains("no chart: the result names no histogram log")
                .contains("no chart: histogram log missing.hlog not found")
                // Step 3's distribution falls back to the summary points, and says so.
                .contains(
                        "from the result&#39;s summary points (p50, p90, p95, p99, p99.9), no histogram log: #3 8 MB/s");
        assertThat(written.notes())
                .hasSize(3)
                .allSatisfy(note -> assertThat(note).startsWith("Data latency over time"));
    }

    @Test
    void aPeakSaysItsRateItsStepAndWhyTheRateAboveItFailed() throws IOException {
        RunResult fixture = ResultFiles.read(opensearch);
        Path file = dir.resolve("peak.json");
        ResultFiles.write(
                file,
                fixture.withPeak(new RunResult.Peak(
                        3_199.5,
                        3_999_375.0,
                        "the criterion",
                        2,
                        new RunResult.Peak.NotSustained(
                                6_400, List.of("sent 6,210 of 6,400 events/s (97 %)", "backlog grew 192 events/s")),
                        false)));
        Path html = dir.resolve("peak.html");

        Reports.write(new ReportRequest(List.of(file), html, null), CLOCK);

        assertThat(Files.readString(html))
                .contains(
                        "Peak sustained: 3,200 events/s, 3.999 MB/s, step #2 (the criterion). Above it, 6,400 events/s"
                                + " was not sustained: sent 6,210 of 6,400 events/s (97 %); backlog grew 192 events/s."
                                + " Note: the search ended before the two came within --precision: the peak lies"
                                + " between 3,200 and 6,400 events/s; more --max-steps narrow it</p>");
    }

    @Test
    void everyStringFromAResultIsEscaped() throws IOException {
        RunResult fixture = ResultFiles.read(opensearch);
        Scenario hostile = new Scenario(
                "<script>alert(1)</script>",
                "kafka-bridge",
                50,
                1,
                1250,
                1L,
                0L,
                Map.of("note", "<img src=x onerror=alert(2)>"));
        RunResult evil = new RunResult(
                fixture.schema(),
                "\"><svg onload=alert(3)>",
                fixture.startedAt(),
                fixture.finishedAt(),
                true,
                fixture.tool(),
                fixture.environment(),
                hostile,
                fixture.steps(),
                null,
                null);
        Path file = dir.resolve("evil.json");
        ResultFiles.write(file, evil);
        Path html = dir.resolve("evil.html");

        Reports.write(new ReportRequest(List.of(file), html, null), CLOCK);

        String page = Files.readString(html);
        assertThat(page)
                .doesNotContain("<script", "<img src=x", "<svg")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .contains("&lt;img src=x onerror=alert(2)&gt;")
                .contains("&quot;&gt;&lt;svg onload=alert(3)&gt;");
        assertThat(dir.resolve("evil.csv")).exists();
    }

    @Test
    void aStatementsRunGetsItsTableAndNoEmptyDataLatencyCharts() throws IOException {
        Path statements = Fixtures.copy(Fixtures.STATEMENTS, dir);
        Path html = dir.resolve("statements.html");

        WrittenReport alone = Reports.write(new ReportRequest(List.of(statements), html, null), CLOCK);

        String page = Files.readString(html);
        assertThat(page).contains("<h2 id=\"statements\">Statements</h2>").contains("visibleAfter");
        assertThat(images(page)).isEmpty();
        assertThat(page).doesNotContain("Data latency versus ingest rate").doesNotContain("no chart");
        assertThat(alone.notes()).isEmpty();

        // beside a pipeline run, the charts are the pipeline's
        Reports.write(
                new ReportRequest(List.of(statements, Fixtures.copy(Fixtures.OPENSEARCH, dir)), html, null), CLOCK);
        String both = Files.readString(html);
        assertThat(both).contains("<h2 id=\"statements\">Statements</h2>").contains("Data latency versus ingest rate");
        assertThat(both).doesNotContain("dml-statements: no step has");
    }

    @Test
    void aDmlRunSaysThatLandedCountsIdsNotEvents() throws IOException {
        Path html = dir.resolve("dml.html");

        Reports.write(new ReportRequest(List.of(Fixtures.copy(Fixtures.DML_PIPELINE, dir)), html, null), CLOCK);

        // the table's row reads "produced 10,400 landed 8,181 lost 0": the note says why no event is missing
        assertThat(Files.readString(html))
                .contains("#1 1 MB/s: workload dml: landed counts _ids as last written, 8,181 of 8,181; produced"
                        + " counts events, 8,181 inserts, 1,783 updates and 436 deletes; stale 0, resurrected 0");
        Reports.write(new ReportRequest(List.of(opensearch), html, null), CLOCK);
        assertThat(Files.readString(html)).doesNotContain("workload dml:");
    }

    /** A calibration of workload dml states the change metrics' errors beside data's. */
    @Test
    void aCalibrationOfChangesStatesTheirErrors() throws IOException {
        Path calibrated = dir.resolve("calibrated.json");
        ResultFiles.write(
                calibrated,
                ResultFiles.read(opensearch)
                        .withCalibration(new RunResult.Calibration(200.0, 50.0, 0.26, 0.64, 5.25, 9.98, 0.13, -0.02)));
        Path html = dir.resolve("calibrated.html");

        Reports.write(new ReportRequest(List.of(calibrated), html, null), CLOCK);

        assertThat(Files.readString(html))
                .contains("<p>Calibration: configured visibility delay 200 ms ± 50 ms; error of data against the ground"
                        + " truth: p50 0.26 ms, p99 0.64 ms; updateVisible p50 against its exact reading at the"
                        + " probes' instants 0.13 ms (against the updates' own latency 5.25 ms, their spacing"
                        + " included); deleteVisible p50 against its exact reading at the probes' instants -0.02 ms"
                        + " (against the deletes' own latency 9.98 ms, their spacing included)</p>");
    }

    /** The step row is the workers' exact merge; the table under it shows whether one host fell behind. */
    @Test
    void aRunOnSeveralHostsShowsEachWorkersShare() throws IOException {
        Path html = dir.resolve("hosts.html");

        Reports.write(new ReportRequest(List.of(Fixtures.copy(Fixtures.SEVERAL_HOSTS, dir)), html, null), CLOCK);

        String page = Files.readString(html);
        assertThat(page).contains("workers=1").contains("Each worker's share");
        assertThat(page)
                .contains("<tr><td class=\"l\">#1 1 MB/s</td><td class=\"l\">vm-966</td><td>1</td><td>8,000</td>"
                        + "<td>0</td><td>0</td><td>74.7</td><td>90.9</td><td>10</td></tr>");
        Reports.write(new ReportRequest(List.of(opensearch), html, null), CLOCK);
        assertThat(Files.readString(html)).doesNotContain("Each worker");
    }

    @Test
    void aSingleRunGetsOneSeriesPerBatchSizeAndNoComparisonNotes() throws IOException {
        Path html = dir.resolve("single.html");

        Reports.write(new ReportRequest(List.of(opensearch), html, null), CLOCK);

        String page = Files.readString(html);
        assertThat(page).doesNotContain("Not like for like").doesNotContain("Compared:");
        // 1 vs rate + 2 stage bars + 1 distribution + 2 over time.
        assertThat(images(page)).hasSize(6);
        assertThat(page).doesNotContain("every result");
        assertThat(page).contains("generated 2025-03-05T08:00:00Z");
        // counts are grouped as in the step tables; the seed is a name, not a count
        assertThat(page)
                .contains("<th class=\"l\">doc size</th><td class=\"l\">1,250</td>")
                .contains("<th class=\"l\">prefill events</th><td class=\"l\">100,000</td>")
                .contains("<th class=\"l\">seed</th><td class=\"l\">42</td>")
                .containsPattern("<th class=\"l\">other settings</th><td class=\"l\">[^<]*probeInterval=1s; ")
                .contains("rates=2MB, 4MB, 8MB")
                .doesNotContain("=[");
    }

    @Test
    void theSummarySpeaksAsTheRunsTableAndTheGuideIsALink() throws IOException {
        Path html = dir.resolve("words.html");

        Reports.write(new ReportRequest(List.of(opensearch), html, null), CLOCK);

        String page = Files.readString(html);
        assertThat(page)
                .contains("<td>yes</td>", "<td class=\"bad\">NO</td>")
                .doesNotContain(">true<", ">false<")
                // The table says only "NO"; the reasons stand under it, one line per unsustained step.
                .contains("<p class=\"note\">Not sustained:</p>")
                .containsOnlyOnce("<li>")
                .contains(": sent 6,210 of 6,400 events/s (97 %); backlog grew 192 events/s (30 to 11,500 events)</li>")
                // Counts grouped and latencies rounded as in the table a run prints.
                .contains("<td>372,615</td>", "<td>2,480</td>")
                .contains("<a href=\""
                        + Path.of("..", "docs", "REPORTS.md")
                                .toAbsolutePath()
                                .normalize()
                                .toUri() + "\">docs/REPORTS.md</a>")
                .contains("The axis is logarithmic");
    }

    @Test
    void aStepJudgedByARuleItsFiguresNoLongerBreakSaysSoRatherThanNothing() throws IOException {
        ObjectNode result = (ObjectNode) JSON.readTree(opensearch.toFile());
        ObjectNode third = (ObjectNode) result.path("steps").get(2);
        ((ObjectNode) third.path("rate")).put("achievedEventsPerSec", 6_400.0);
        third.remove("backlog"); // as an older rtbench might have judged it: NO, with figures that pass today
        Path file = dir.resolve("older.json");
        JSON.writeValue(file.toFile(), result);
        Path html = dir.resolve("older.html");

        Reports.write(new ReportRequest(List.of(file), html, null), CLOCK);

        assertThat(Files.readString(html))
                .contains("<td class=\"bad\">NO</td>")
                .contains(": no reason can be told from the figures in the result</li>");
    }

    @Test
    void eachStepsTargetCpuStandsBesideItsLatencyOverTimeAndAFigureNotMeasuredIsSaidSo() throws IOException {
        ObjectNode result = (ObjectNode) JSON.readTree(opensearch.toFile());
        ArrayNode steps = (ArrayNode) result.path("steps");
        ((ObjectNode) steps.get(0))
                .putPOJO(
                        "utilisation",
                        Utilisation.of(
                                "process",
                                List.of(
                                        new Sample(0, null, 500_000_000L, 10_000_000L),
                                        new Sample(1, 80.0, 600_000_000L, 10_000_000L),
                                        new Sample(2, 120.0, 550_000_000L, 12_000_000L))));
        List<Sample> harness =
                List.of(new Sample(0, null, 300_000_000L, null), new Sample(1, 60.0, 310_000_000L, null));
        List<Sample> machine = List.of(new Sample(0, null, null, null), new Sample(1, 75.0, null, null));
        ((ObjectNode) steps.get(0))
                .putPOJO(
                        "host",
                        new HostUtilisation(
                                new HostUtilisation.Harness(
                                        2,
                                        Utilisation.Summary.of(harness),
                                        harness,
                                        Map.of("rtbench", Utilisation.of("process", harness))),
                                new HostUtilisation.Machine(2, Utilisation.Summary.of(machine), machine)));
        ((ObjectNode) steps.get(1))
                .putPOJO(
                        "utilisation",
                        Utilisation.of("api:opensearch", List.of(new Sample(0, null, null, 7_000_000L))));
        JSON.writeValue(opensearch.toFile(), result);
        List<ReportedRun> runs = new ResultLoader().load(List.of(opensearch));

        HtmlReport.Rendered rendered = new HtmlReport(CLOCK, Optional.empty()).render(runs);

        assertThat(rendered.figures())
                .filteredOn(figure -> figure.title().startsWith("CPU over time"))
                .extracting(Figure::drawn)
                .as("step 1 drawn, step 2 a note, step 3 without utilisation no figure")
                .containsExactly(true, false);
        assertThat(rendered.html())
                .contains("<div class=\"pair\">\n<figure>\n<figcaption>Data latency over time")
                .contains("Target: CPU mean 100 %, max 120 % of one core; resident memory max 600 MB; disk 10 MB → 12"
                        + " MB (process, 3 samples). Harness: CPU mean 60 % of one core on its 2 cores (rtbench 60 %);"
                        + " resident memory max 310 MB. Machine: CPU mean 75 %, max 75 % of all 2 cores")
                .contains("no chart: no CPU was measured. Target: CPU not measured; resident memory not"
                        + " measured; disk 7 MB (api:opensearch, 1 samples)");
        assertThat(CsvReport.render(runs).split("\r\n")[1])
                .contains(",process,100,120," + 600_000_000L + "," + (10_000_000L) + "," + (12_000_000L) + ",")
                .as("the target's cores unknown; the harness, its parts (no Kafka, no Connect) and the machine")
                .contains("," + 12_000_000L + ",,60,60," + 310_000_000L + ",2,60,,,75,75,2,");
    }

    @Test
    void withoutTheGuideOnThisMachineItIsNamedAsText() {
        List<ReportedRun> runs = new ResultLoader().load(List.of(opensearch));

        String page = new HtmlReport(CLOCK, Optional.empty()).render(runs).html();

        assertThat(page).contains("How to read each chart: docs/REPORTS.md in the rtbench repository.");
        assertThat(page).doesNotContain("<a href");
    }

    @Test
    void runsOnDifferentMachinesAreFlaggedAsNotLikeForLike() throws IOException {
        RunResult other = ResultFiles.read(clickhouse);
        RunResult moved = other.withEnvironment(other.environment().withKafkaVersion("4.3.1"));
        moved = new RunResult(
                moved.schema(),
                moved.runId(),
                moved.startedAt(),
                moved.finishedAt(),
                moved.complete(),
                moved.tool(),
                new io.rtbench.core.result.RunEnvironment("laptop", 8, "macOS", "jvm", "4.3.1", "24.3"),
                moved.scenario(),
                moved.steps(),
                null,
                null);
        Path file = dir.resolve("laptop.json");
        ResultFiles.write(file, moved);
        Path html = dir.resolve("mixed.html");

        Reports.write(new ReportRequest(List.of(opensearch, file), html, null), CLOCK);

        assertThat(Files.readString(html))
                .contains("Not like for like")
                .contains("<li>host: bench-1 / laptop</li>")
                .contains("<li>CPUs: 2 / 8</li>")
                .doesNotContain("<li>pipeline:")
                .contains("pipeline: kafka-bridge / kafka-connect");
    }

    private static List<BufferedImage> images(String page) throws IOException {
        List<BufferedImage> images = new ArrayList<>();
        Matcher png = PNG.matcher(page);
        while (png.find()) {
            BufferedImage image =
                    ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(png.group(1))));
            assertThat(image).as("a PNG").isNotNull();
            images.add(image);
        }
        return images;
    }
}
