package io.rtbench.report;

import io.rtbench.core.metrics.Metrics;
import java.awt.Color;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * Backlog over time (docs/REPORTS.md, "Backlog over time"): the sink's backlog in events, one reading a second of a
 * step, from the readings its interval log holds under {@link Metrics#BACKLOG}, each where it was read, on the x axis
 * of the step's data latency over time ({@link OverTimeCharts}), a line per stretch measured without a gap (a fork),
 * and each fault's window shaded ({@link FaultBands}).
 */
final class BacklogCharts {

    private static final Color BACKLOG_COLOR = new Color(0x4C72B0);

    private BacklogCharts() {}

    /**
     * Whether the step has a backlog to chart: readings in its log. A step without a sink (pipeline {@code direct}, a
     * producer on its own) has none, nor has a result written before rtbench kept them there (its backlog summary and
     * its faults' backlog figures are in the tables); neither gets a chart, as a step without utilisation gets no CPU
     * chart.
     */
    static boolean measured(ReportedStep step) {
        return step.histograms() != null
                && !step.histograms().readings(Metrics.BACKLOG).isEmpty();
    }

    /** The backlog of each second of one step that {@link #measured} it. */
    static Figure overTime(ReportedRun run, ReportedStep step) {
        String title = "Backlog over time: " + run.label() + ", step " + step.label();
        List<StepHistograms.ReadingPoint> points = step.histograms().readings(Metrics.BACKLOG);
        List<List<StepHistograms.ReadingPoint>> segments =
                OverTimeCharts.segments(points, StepHistograms.ReadingPoint::atSec);
        String note = segments.size() > 1 ? OverTimeCharts.SEGMENTS_NOTE : null;
        if (step.step().faults() != null) {
            note = (note == null ? "" : note + ". ") + "Shaded: each fault's window";
        }
        return ChartImages.figure(title, chart(step, points), note);
    }

    /** The chart of {@link #overTime}: every reading, one line per segment, over the faults' bands. */
    static XYChart chart(ReportedStep step, List<StepHistograms.ReadingPoint> points) {
        XYChart chart = OverTimeCharts.timeChart(step, "backlog (events)", points.size());
        long highest = points.stream()
                .mapToLong(StepHistograms.ReadingPoint::value)
                .max()
                .orElse(0);
        // the bands first, so that the line is drawn over them; a backlog of 0 throughout still gets a visible band
        FaultBands.add(chart, step, step.histograms(), Math.max(1.0, 1.1 * highest));
        List<List<StepHistograms.ReadingPoint>> segments =
                OverTimeCharts.segments(points, StepHistograms.ReadingPoint::atSec);
        for (int i = 0; i < segments.size(); i++) {
            List<StepHistograms.ReadingPoint> segment = segments.get(i);
            XYSeries series = chart.addSeries(
                    i == 0 ? Metrics.BACKLOG : Metrics.BACKLOG + " #" + (i + 1),
                    segment.stream()
                            .mapToDouble(StepHistograms.ReadingPoint::atSec)
                            .toArray(),
                    segment.stream()
                            .mapToDouble(StepHistograms.ReadingPoint::value)
                            .toArray());
            series.setLineColor(BACKLOG_COLOR);
            series.setMarkerColor(BACKLOG_COLOR);
            series.setShowInLegend(i == 0);
        }
        return chart;
    }
}
