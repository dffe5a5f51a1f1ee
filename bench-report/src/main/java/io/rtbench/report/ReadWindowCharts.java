package io.rtbench.report;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepReads;
import java.awt.Color;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * Workload {@code mixed}'s chart (docs/REPORTS.md, "Reads under write load"): per {@code --window} of a step, the read
 * latency {@code select} at p50 and p99 and the data latency at p99, so a window where reads slow down can be set
 * against what the writes did then. One chart per step, of its own, to sit beside the target's utilisation.
 */
final class ReadWindowCharts {

    private static final Color SELECT_P50 = new Color(0x55A868);
    private static final Color SELECT_P99 = new Color(0x2D6A3E);
    private static final Color DATA_P99 = new Color(0xC44E52);

    private ReadWindowCharts() {}

    /** Whether any step of the run has reads. */
    static boolean hasReads(ReportedRun run) {
        return run.steps().stream().anyMatch(step -> step.step().reads() != null);
    }

    /** The chart of one step; a note in its place when the step has no windows with reads. */
    static Figure perWindow(ReportedRun run, ReportedStep step) {
        StepReads reads = step.step().reads();
        String title = "Read and data latency per window: " + run.label() + ", step " + step.label()
                + (reads == null ? "" : ", " + reads.query() + " reads");
        if (reads == null
                || reads.windows().stream().noneMatch(w -> w.latencyMs().containsKey(Metrics.SELECT))) {
            return Figure.missing(title, "no chart: no window of this step has reads (see skipped in the table)");
        }
        XYChart chart = ChartImages.lineChart(
                "end of the window, seconds into the step",
                "latency (ms)",
                reads.windows().size() > 60 ? 0 : 6);
        add(chart, reads.windows(), Metrics.SELECT, "select p50", LatencySummary::p50, SELECT_P50);
        add(chart, reads.windows(), Metrics.SELECT, "select p99", LatencySummary::p99, SELECT_P99);
        add(chart, reads.windows(), Metrics.DATA, "data p99", LatencySummary::p99, DATA_P99);
        String note = String.format(
                Locale.ROOT,
                "%,d reads (%,d failed, %,d skipped) beside %s writes; windows of %s s",
                reads.issued(),
                reads.readErrors(),
                reads.skipped(),
                reads.writes() == null ? "uncounted" : String.format(Locale.ROOT, "%,d", reads.writes()),
                Numbers.plain(reads.windowSec(), 1));
        return ChartImages.figure(title, chart, note);
    }

    private static void add(
            XYChart chart,
            List<StepReads.Window> windows,
            String metric,
            String name,
            ToDoubleFunction<LatencySummary> value,
            Color color) {
        List<StepReads.Window> with =
                windows.stream().filter(w -> w.latencyMs().containsKey(metric)).toList();
        if (with.isEmpty()) {
            return;
        }
        double[] x =
                with.stream().mapToDouble(w -> w.startSec() + w.durationSec()).toArray();
        double[] y = with.stream()
                .mapToDouble(w -> value.applyAsDouble(w.latencyMs().get(metric)))
                .toArray();
        XYSeries series = chart.addSeries(name, x, y);
        series.setLineColor(color);
        series.setMarkerColor(color);
    }
}
