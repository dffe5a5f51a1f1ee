package io.rtbench.report;

import io.rtbench.core.result.StepFault;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The faults of a step on its charts over time, data latency and backlog (docs/REPORTS.md, "Faults"): each fault's
 * window shaded from the axis to the top, a series named after the fault's kind (in the legend once per kind) and
 * labelled with it, so that the staleness and the backlog the fault caused and the recovery after it are read against
 * the window.
 */
final class FaultBands {

    /** A band light enough for the latency lines over it to stay readable. */
    static final Color BAND_COLOR = new Color(240, 160, 32, 70);

    private FaultBands() {}

    /**
     * One shaded window on the chart.
     *
     * @param fromSec where it begins, in the chart's seconds
     * @param toSec where it ends
     * @param label the fault's kind
     */
    record Band(double fromSec, double toSec, String label) {}

    /**
     * The bands of {@code step}'s faults on a chart whose x axis is {@code histograms}' seconds, reaching up to
     * {@code top} (in the y axis's unit: ms of latency, events of backlog); no band without faults. The y axis is held
     * at {@code top}, so that the bands fill the plot.
     */
    static List<Band> add(XYChart chart, ReportedStep step, StepHistograms histograms, double top) {
        List<Band> bands = new ArrayList<>();
        if (step.step().faults() == null) {
            return bands;
        }
        chart.getStyler().setYAxisMax(top);
        List<String> kinds = new ArrayList<>();
        for (StepFault fault : step.step().faults()) {
            String kind = StepFaults.kindOf(fault);
            Band band =
                    new Band(histograms.secondOf(fault.startEpochMs()), histograms.secondOf(fault.endEpochMs()), kind);
            bands.add(band);
            boolean first = !kinds.contains(kind);
            kinds.add(kind);
            XYSeries series = chart.addSeries(
                    first ? kind : kind + " #" + kinds.size(),
                    new double[] {band.fromSec(), band.fromSec(), band.toSec(), band.toSec()},
                    new double[] {0, top, top, 0});
            series.setXYSeriesRenderStyle(XYSeriesRenderStyle.PolygonArea);
            series.setFillColor(BAND_COLOR);
            series.setLineColor(BAND_COLOR);
            series.setMarker(SeriesMarkers.NONE);
            series.setShowInLegend(first);
            chart.addAnnotation(new AnnotationText(kind, (band.fromSec() + band.toSec()) / 2, top * 0.95, false));
        }
        return bands;
    }

    /**
     * The faults' figures under the data latency chart: each fault's staleness peak, time to recover, backlog peak and
     * drain rate (the backlog chart under it draws the readings they come from); null without faults.
     */
    static String note(ReportedStep step) {
        List<StepFaults.Slot> slots = StepFaults.slots(step.step());
        if (slots.isEmpty()) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        for (StepFaults.Slot slot : slots) {
            for (StepFault fault : slot.perFork()) {
                StringBuilder line = new StringBuilder(fault.fault());
                if (fault.fork() != null) {
                    line.append(" (fork ").append(fault.fork()).append(')');
                }
                line.append(": staleness peak ")
                        .append(Numbers.readableMillis(fault.stalenessPeakMs()))
                        .append(" ms, time to recover ")
                        .append(StepFaults.timeToRecover(fault));
                if (fault.backlogPeakEvents() != null) {
                    line.append(", backlog peak ").append(Numbers.grouped(fault.backlogPeakEvents()));
                    line.append(" events");
                    if (fault.backlogDrainEventsPerSec() != null) {
                        line.append(" drained at ")
                                .append(Numbers.grouped(fault.backlogDrainEventsPerSec()))
                                .append(" events/s");
                    }
                }
                lines.add(line.toString());
            }
        }
        return "Shaded: each fault's window. " + String.join("; ", lines);
    }
}
