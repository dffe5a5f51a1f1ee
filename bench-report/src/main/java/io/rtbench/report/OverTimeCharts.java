package io.rtbench.report;

import io.rtbench.core.metrics.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * Data latency over time (docs/REPORTS.md, "Data latency over time"): the p50 and p99 of each second of a step from its
 * interval log, a line per stretch measured without a gap (a fork), and each fault's window shaded ({@link FaultBands}).
 */
final class OverTimeCharts {

    /** Under a chart over time whose timeline has gaps ({@link #segments}). */
    static final String SEGMENTS_NOTE =
            "each fork (or a stretch after a gap in the log) is its own line: nothing was measured between them";

    private OverTimeCharts() {}

    /**
     * Data latency p50 and p99 of each second of one step, from its .hlog; each fault's window shaded
     * ({@link FaultBands}).
     */
    static Figure overTime(ReportedRun run, ReportedStep step) {
        String title = "Data latency over time: " + run.label() + ", step " + step.label();
        if (step.histograms() == null) {
            return Figure.missing(title, "no chart: " + step.histogramNote());
        }
        List<StepHistograms.IntervalPoint> points = step.histograms().timeline(Metrics.DATA);
        if (points.isEmpty()) {
            return Figure.missing(
                    title,
                    "no chart: the histogram log has no data intervals (it holds: "
                            + String.join(", ", step.histograms().metrics()) + ")");
        }
        List<List<StepHistograms.IntervalPoint>> segments = segments(points);
        List<String> notes = new ArrayList<>();
        if (segments.size() > 1) {
            notes.add(SEGMENTS_NOTE);
        }
        String faults = FaultBands.note(step);
        if (faults != null) {
            notes.add(faults);
        }
        return ChartImages.figure(
                title, overTimeChart(step, points), notes.isEmpty() ? null : String.join(". ", notes));
    }

    /** The chart of {@link #overTime}: p50 and p99 per second, one line per segment, and the faults' bands. */
    static XYChart overTimeChart(ReportedStep step, List<StepHistograms.IntervalPoint> points) {
        XYChart chart = timeChart(step, "data latency (ms)", points.size());
        // the bands first, so that the lines are drawn over them
        double topMs = 1.1 * points.stream().mapToDouble(p -> p.p99Ms()).max().orElse(1);
        FaultBands.add(chart, step, step.histograms(), topMs);
        List<List<StepHistograms.IntervalPoint>> segments = segments(points);
        for (int i = 0; i < segments.size(); i++) {
            List<StepHistograms.IntervalPoint> segment = segments.get(i);
            double[] x = segment.stream().mapToDouble(p -> p.second()).toArray();
            segment(
                    chart,
                    "p50",
                    i,
                    x,
                    segment.stream().mapToDouble(p -> p.p50Ms()).toArray());
            segment(
                    chart,
                    "p99",
                    i,
                    x,
                    segment.stream().mapToDouble(p -> p.p99Ms()).toArray());
        }
        return chart;
    }

    /**
     * A chart of one step's seconds, on the x axis that every chart of that step over time shares (0 to its last second
     * of any timeline: the data latency and the backlog under it line up), markers only when the points are few.
     */
    static XYChart timeChart(ReportedStep step, String yAxisTitle, int points) {
        XYChart chart = ChartImages.lineChart("seconds into the step", yAxisTitle, points > 60 ? 0 : 4);
        chart.getStyler().setXAxisMax((double) Math.max(1, step.histograms().lastSecond()));
        return chart;
    }

    /**
     * The timeline cut where a second is missing for longer than {@link #GAP_SECONDS}: the forks of a step measure at
     * different times, minutes apart, and a line across the gap would draw latencies no one measured.
     */
    static List<List<StepHistograms.IntervalPoint>> segments(List<StepHistograms.IntervalPoint> points) {
        return segments(points, StepHistograms.IntervalPoint::second);
    }

    /**
     * {@link #segments(List)} of any points of a step in time order, such as the backlog's readings, by their seconds
     * (unrounded: one reading missed, a little late, is no gap either).
     */
    static <P> List<List<P>> segments(List<P> points, ToDoubleFunction<P> seconds) {
        List<List<P>> segments = new ArrayList<>();
        List<P> current = new ArrayList<>();
        for (P point : points) {
            if (!current.isEmpty()
                    && seconds.applyAsDouble(point) - seconds.applyAsDouble(current.get(current.size() - 1))
                            > GAP_SECONDS) {
                segments.add(current);
                current = new ArrayList<>();
            }
            current.add(point);
        }
        if (!current.isEmpty()) {
            segments.add(current);
        }
        return segments;
    }

    /** One interval a second; one missing second (a late tick) is no gap, nor is a reading missed and the next late. */
    private static final double GAP_SECONDS = 2.5;

    /** One segment of a percentile's line, in its colour; only the first is in the legend. */
    private static void segment(XYChart chart, String percentile, int index, double[] x, double[] y) {
        XYSeries series = chart.addSeries(index == 0 ? percentile : percentile + " #" + (index + 1), x, y);
        ReportCharts.colour(series, percentile);
        series.setShowInLegend(index == 0);
    }
}
