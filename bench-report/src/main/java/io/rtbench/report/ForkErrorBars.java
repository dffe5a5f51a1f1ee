package io.rtbench.report;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.Score;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Error bars from the forks (docs/REPORTS.md): where a step was measured in several forks, its data latency p50 and p99
 * are drawn as JMH's score (the mean of the forks' values) with the 99.9 % Student-t half-width as the bar.
 */
final class ForkErrorBars {

    private ForkErrorBars() {}

    /** The data latency score of {@code percentile} (p50 or p99) of a step; null without forks. */
    static Score score(ReportedStep step, String percentile) {
        StepRepetitions repetitions = step.step().repetitions();
        if (repetitions == null || repetitions.scores().get(Metrics.DATA) == null) {
            return null;
        }
        StepRepetitions.MetricScores scores = repetitions.scores().get(Metrics.DATA);
        return switch (percentile) {
            case "p50" -> scores.p50();
            case "p99" -> scores.p99();
            default -> null;
        };
    }

    /** The half-widths of every point, or null unless every point has one (a series is drawn one way or the other). */
    static double[] errors(List<ReportedStep> points, String percentile) {
        double[] errors = new double[points.size()];
        for (int i = 0; i < points.size(); i++) {
            Score score = score(points.get(i), percentile);
            if (score == null || score.scoreError() == null) {
                return null;
            }
            errors[i] = score.scoreError();
        }
        return errors;
    }

    static double[] scores(List<ReportedStep> points, String percentile) {
        return points.stream()
                .mapToDouble(step -> score(step, percentile).score())
                .toArray();
    }

    /**
     * One run's data latency p50 and p99 scores versus achieved MB/s with the forks' error bars; missing where no step
     * of the run has two or more forks.
     */
    static Figure chart(ReportedRun run) {
        String title = "Data latency score across forks, p50 and p99 ± 99.9 % error: " + run.label();
        List<ReportedStep> points = run.steps().stream()
                .filter(ReportedStep::plottedVersusRate)
                .filter(step -> errors(List.of(step), "p50") != null)
                .sorted(Comparator.comparingDouble(ReportedStep::achievedMegabytesPerSec))
                .toList();
        if (points.isEmpty()) {
            return Figure.missing(title, "no step was measured in two or more forks (--forks)");
        }
        String note = points.stream()
                .filter(step -> score(step, "p50").errorWiderThanScore()
                        || score(step, "p99").errorWiderThanScore())
                .findFirst()
                .map(step -> "Some bars are wider than the scores they mark: "
                        + ForkStatistics.wideErrorNote(step.step().repetitions().forks()) + ".")
                .orElse(null);
        XYChart chart = ChartImages.lineChart(ReportCharts.RATE_AXIS, "data latency score (ms)", 8);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        double[] x = ReportCharts.achievedRates(points);
        for (String percentile : List.of("p50", "p99")) {
            double[] errors = errors(points, percentile);
            if (errors != null) {
                XYSeries series = chart.addSeries(percentile, x, scores(points, percentile), errors);
                series.setMarker(SeriesMarkers.CIRCLE);
            }
        }
        return ChartImages.figure(title, chart, note);
    }
}
