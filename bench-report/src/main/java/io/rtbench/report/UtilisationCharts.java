package io.rtbench.report;

import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.core.utilisation.Utilisation.Sample;
import io.rtbench.core.utilisation.Utilisation.Summary;
import java.awt.Color;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * The target's utilisation in the report (docs/REPORTS.md, "Target CPU over time"): a chart of each step's target CPU
 * per second, drawn beside the step's latency over time with the same x axis (seconds into the measured phase), and a
 * line with the step's memory and disk.
 */
final class UtilisationCharts {

    private static final Color CPU_COLOR = new Color(0x4C72B0);

    private UtilisationCharts() {}

    /** Target CPU (percent of one core) of each second of one step; a note in its place where none was measured. */
    static Figure cpuOverTime(ReportedRun run, ReportedStep step) {
        String title = "Target CPU over time: " + run.label() + ", step " + step.label();
        Utilisation utilisation = step.step().utilisation();
        if (utilisation == null) {
            return Figure.missing(
                    title,
                    "no chart: the step has no target utilisation (a target inside rtbench's own process, a source"
                            + " that could not be read, or a result written before rtbench measured it)");
        }
        List<Sample> cpu = utilisation.series().stream()
                .filter(sample -> sample.cpuPercent() != null)
                .toList();
        if (cpu.isEmpty()) {
            return Figure.missing(
                    title, "no chart: " + utilisation.source() + " does not measure CPU. " + summaryLine(utilisation));
        }
        // both axes from zero: the latency chart beside it starts at second 0 too
        XYChart chart =
                ChartImages.lineChart("seconds into the step", "target CPU (% of one core)", cpu.size() > 60 ? 0 : 4);
        XYSeries series = chart.addSeries(
                "CPU (" + utilisation.source() + ")",
                cpu.stream().mapToDouble(Sample::offsetSec).toArray(),
                cpu.stream().mapToDouble(Sample::cpuPercent).toArray());
        series.setLineColor(CPU_COLOR);
        series.setMarkerColor(CPU_COLOR);
        return ChartImages.figure(title, chart, summaryLine(utilisation));
    }

    /** "CPU mean 85 %, max 140 % of one core; resident memory max 1.2 GB; disk 10 MB → 52 MB (process)". */
    static String summaryLine(Utilisation utilisation) {
        Summary summary = utilisation.summary();
        StringBuilder line = new StringBuilder();
        if (summary.cpuPercentMean() != null) {
            line.append("CPU mean ")
                    .append(Numbers.plain(summary.cpuPercentMean(), 1))
                    .append(" %, max ")
                    .append(Numbers.plain(summary.cpuPercentMax(), 1))
                    .append(" % of one core");
        } else {
            line.append("CPU not measured");
        }
        line.append("; resident memory ")
                .append(summary.rssBytesMax() == null ? "not measured" : "max " + megabytes(summary.rssBytesMax()));
        line.append("; disk ");
        if (summary.diskBytesFirst() == null) {
            line.append("not measured");
        } else {
            line.append(megabytes(summary.diskBytesFirst()));
            if (!Objects.equals(summary.diskBytesFirst(), summary.diskBytesLast())) {
                line.append(" → ").append(megabytes(summary.diskBytesLast()));
            }
        }
        return line.append(" (")
                .append(utilisation.source())
                .append(", ")
                .append(summary.samples())
                .append(" samples)")
                .toString();
    }

    private static String megabytes(long bytes) {
        return Numbers.plain(Numbers.megabytes((double) bytes), 1) + " MB";
    }
}
