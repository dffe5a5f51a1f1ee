package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepReads;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.core.utilisation.Utilisation.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workload mixed in the HTML report: a chart of select and data latency per window, for each step with reads. */
class ReadWindowChartsTest {

    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2025-03-05T08:00:00Z"));
    private static final Pattern PNG = Pattern.compile("src=\"data:image/png;base64,");

    @TempDir
    Path dir;

    private static LatencySummary summary(long count, double p50, double p99) {
        return new LatencySummary(count, p50, p50 * 1.5, p99 * 0.8, p99, p99 * 1.2, p99 * 1.5);
    }

    private static StepReads reads(boolean withSelect) {
        List<StepReads.Window> windows = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            windows.add(new StepReads.Window(
                    i + 1,
                    5.0 * i,
                    5.0,
                    withSelect
                            ? Map.of(Metrics.SELECT, summary(1000, 2 + i, 40 + i), Metrics.DATA, summary(20, 45, 90))
                            : Map.of(Metrics.DATA, summary(20, 45, 90))));
        }
        return new StepReads(
                "user-recent",
                200,
                withSelect ? 4000 : 0,
                withSelect ? 3998 : 0,
                withSelect ? 2 : 0,
                withSelect ? 0 : 4000,
                0,
                0,
                16_000L,
                0.2,
                5.0,
                windows);
    }

    private Path withReads() {
        RunResult fixture = ResultFiles.read(Fixtures.copy(Fixtures.CLICKHOUSE, dir));
        List<StepResult> steps = new ArrayList<>(fixture.steps());
        steps.set(0, steps.get(0).toBuilder().reads(reads(true)).build());
        steps.set(1, steps.get(1).toBuilder().reads(reads(false)).build());
        Path file = dir.resolve("mixed.json");
        ResultFiles.write(file, fixture.withSteps(steps));
        return file;
    }

    @Test
    void eachStepWithReadsGetsItsWindowChartAndAStepWithoutSelectSaysWhy() throws IOException {
        Path plain = dir.resolve("plain.html");
        Reports.write(new ReportRequest(List.of(Fixtures.copy(Fixtures.CLICKHOUSE, dir)), plain, null), CLOCK);
        Path mixed = dir.resolve("mixed.html");

        Reports.write(new ReportRequest(List.of(withReads()), mixed, null), CLOCK);

        String page = Files.readString(mixed);
        assertThat(page)
                .contains("<h2 id=\"reads\">Reads under write load</h2>")
                .contains("Read and data latency per window")
                .contains("user-recent reads")
                .contains("4,000 reads (2 failed, 0 skipped) beside 16,000 writes; windows of 5 s")
                .contains("no chart: no window of this step has reads");
        assertThat(PNG.matcher(page).results().count())
                .as("one chart more than the same run without reads")
                .isEqualTo(PNG.matcher(Files.readString(plain)).results().count() + 1);
        assertThat(Files.readString(plain)).doesNotContain("Reads under write load");
    }

    @Test
    void aStepsReadWindowsStandBesideTheTargetsCpuOverTheSameSeconds() throws IOException {
        RunResult fixture = ResultFiles.read(withReads());
        List<StepResult> steps = new ArrayList<>(fixture.steps());
        steps.set(
                0,
                steps.get(0).toBuilder()
                        .utilisation(Utilisation.of(
                                "process",
                                List.of(
                                        new Sample(0, null, 1L, 1L),
                                        new Sample(1, 70.0, 1L, 1L),
                                        new Sample(2, 90.0, 1L, 1L))))
                        .build());
        Path file = dir.resolve("mixed-cpu.json");
        ResultFiles.write(file, fixture.withSteps(steps));
        Path html = dir.resolve("mixed-cpu.html");

        Reports.write(new ReportRequest(List.of(file), html, null), CLOCK);

        String reads = Files.readString(html).split("<h2 id=\"reads\">", 2)[1];
        assertThat(reads)
                .as("in the reads section, the window chart and the CPU chart share one row")
                .containsPattern("<div class=\"pair\">\n<figure>\n<figcaption>Read and data latency per window[^<]*"
                        + "</figcaption>(?s:(?!</div>).)*<figcaption>CPU over time");
    }
}
