package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForkErrorBarsTest {

    @TempDir
    Path dir;

    @Test
    void aRunWithForksGetsAChartWithErrorBarsFromTheForks() throws Exception {
        Path file = RepeatedResults.write(dir, "forks.json", 50.2, 49.9, 50.4);
        List<ReportedRun> runs = new ResultLoader().load(List.of(file));

        HtmlReport.Rendered html = new HtmlReport(InstantSource.fixed(Instant.EPOCH), Optional.empty()).render(runs);

        Figure figure = html.figures().stream()
                .filter(f -> f.title().startsWith("Data latency score across forks"))
                .findFirst()
                .orElseThrow();
        assertThat(figure.drawn()).as(figure.note()).isTrue();
        assertThat(html.html()).contains("Data latency score across forks, p50 and p99 ± 99.9 % error");
        ReportedStep step = runs.get(0).steps().get(0);
        assertThat(ForkErrorBars.errors(List.of(step), "p50")[0])
                .isEqualTo(step.step().repetitions().scores().get("data").p50().scoreError());
    }

    @Test
    void barsWiderThanTheirScoresAreExplainedByTheNumberOfForks() throws Exception {
        // two forks 17 and 31 ms apart: the interval reaches 636.6 standard errors, thousands of ms below zero
        Path file = RepeatedResults.write(dir, "two-forks.json", 17.3, 30.9);
        List<ReportedRun> runs = new ResultLoader().load(List.of(file));

        Figure figure = ForkErrorBars.chart(runs.get(0));

        assertThat(figure.drawn()).isTrue();
        assertThat(figure.note())
                .isEqualTo("Some bars are wider than the scores they mark: with 2 forks the interval reaches 636.6"
                        + " standard errors each side; more --forks narrow it.");
        Path three = RepeatedResults.write(dir, "three-forks.json", 50.2, 49.9, 50.4);
        assertThat(ForkErrorBars.chart(new ResultLoader().load(List.of(three)).get(0))
                        .note())
                .isNull();
    }

    @Test
    void aRunWithoutForksHasNoSuchChart() {
        Path file = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        List<ReportedRun> runs = new ResultLoader().load(List.of(file));

        HtmlReport.Rendered html = new HtmlReport(InstantSource.fixed(Instant.EPOCH), Optional.empty()).render(runs);

        assertThat(html.html()).doesNotContain("score across forks");
    }
}
