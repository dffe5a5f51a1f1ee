package io.rtbench.report;

import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.core.utilisation.Utilisation.Sample;
import io.rtbench.core.utilisation.Utilisation.Summary;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * The utilisation in the report (docs/REPORTS.md, "CPU over time"): a chart of each step's CPU per second, the target's,
 * the harness's (its parts added up) and the whole machine's, drawn beside the step's latency over time with the same x
 * axis (seconds into the measured phase), and lines with the step's memory, disk and cores.
 */
final class UtilisationCharts {

    private static final Color CPU_COLOR = new Color(0x4C72B0);
    private static final Color HARNESS_COLOR = new Color(0xDD8452);
    private static final Color MACHINE_COLOR = new Color(0x8C8C8C);

    private UtilisationCharts() {}

    /** Whether the step has any utilisation to chart: the target's, or the harness's and the machine's. */
    static boolean measured(ReportedStep step) {
        return step.step().utilisation() != null || step.step().host() != null;
    }

    /**
     * CPU (percent of one core) of each second of one step: the target's, the harness's, and the machine's on the same
     * scale (its share of all cores times the cores: 200 % is a 2-core machine fully busy); a note in its place where
     * none was measured.
     */
    static Figure cpuOverTime(ReportedRun run, ReportedStep step) {
        String title = "CPU over time: " + run.label() + ", step " + step.label();
        Utilisation utilisation = step.step().utilisation();
        HostUtilisation host = step.step().host();
        HostUtilisation.Harness harness = host == null ? null : host.harness();
        HostUtilisation.Machine machine = host == null ? null : host.machine();
        String note = notes(utilisation, harness, machine);
        List<Sample> target = utilisation == null ? List.of() : withCpu(utilisation.series());
        List<Sample> harnessCpu = harness == null ? List.of() : withCpu(harness.series());
        List<Sample> machineCpu = machine == null || machine.cores() == null ? List.of() : withCpu(machine.series());
        if (target.isEmpty() && harnessCpu.isEmpty() && machineCpu.isEmpty()) {
            return Figure.missing(
                    title,
                    utilisation == null && host == null
                            ? "no chart: the step has no utilisation (a result written before rtbench measured it, or"
                                    + " sources that could not be read)"
                            : "no chart: no CPU was measured. " + note);
        }
        int points = Math.max(target.size(), Math.max(harnessCpu.size(), machineCpu.size()));
        // both axes from zero: the latency chart beside it starts at second 0 too
        XYChart chart = ChartImages.lineChart("seconds into the step", "CPU (% of one core)", points > 60 ? 0 : 4);
        add(chart, "target (" + (utilisation == null ? "" : utilisation.source()) + ")", target, 1, CPU_COLOR);
        add(chart, "harness", harnessCpu, 1, HARNESS_COLOR);
        if (!machineCpu.isEmpty()) {
            add(chart, "machine (" + machine.cores() + " cores)", machineCpu, machine.cores(), MACHINE_COLOR);
        }
        return ChartImages.figure(title, chart, note);
    }

    private static List<Sample> withCpu(List<Sample> series) {
        return series.stream().filter(sample -> sample.cpuPercent() != null).toList();
    }

    private static void add(XYChart chart, String name, List<Sample> cpu, double scale, Color color) {
        if (cpu.isEmpty()) {
            return;
        }
        XYSeries series = chart.addSeries(
                name,
                cpu.stream().mapToDouble(Sample::offsetSec).toArray(),
                cpu.stream().mapToDouble(sample -> sample.cpuPercent() * scale).toArray());
        series.setLineColor(color);
        series.setMarkerColor(color);
    }

    /** The target's summary line, then the harness's and the machine's, each where measured. */
    private static String notes(
            Utilisation utilisation, HostUtilisation.Harness harness, HostUtilisation.Machine machine) {
        List<String> lines = new ArrayList<>();
        lines.add(utilisation == null ? "Target: not measured" : "Target: " + summaryLine(utilisation));
        if (harness != null) {
            lines.add("Harness: " + harnessLine(harness));
        }
        if (machine != null) {
            lines.add("Machine: " + machineLine(machine));
        }
        return String.join(". ", lines);
    }

    /** "CPU mean 120 % of one core on its 2 cores (rtbench 90 %, kafka 30 %); resident memory max 1.2 GB". */
    static String harnessLine(HostUtilisation.Harness harness) {
        Summary summary = harness.summary();
        StringBuilder line = new StringBuilder(
                summary.cpuPercentMean() == null
                        ? "CPU not measured"
                        : "CPU mean " + Numbers.plain(summary.cpuPercentMean(), 1) + " % of one core");
        if (harness.cores() != null) {
            line.append(" on its ").append(harness.cores()).append(harness.cores() == 1 ? " core" : " cores");
        }
        List<String> parts = new ArrayList<>();
        harness.parts()
                .forEach((name, part) -> parts.add(name + " "
                        + (part.summary().cpuPercentMean() == null
                                ? "-"
                                : Numbers.plain(part.summary().cpuPercentMean(), 1) + " %")));
        line.append(" (").append(String.join(", ", parts)).append(")");
        if (summary.rssBytesMax() != null) {
            line.append("; resident memory max ").append(megabytes(summary.rssBytesMax()));
        }
        return line.toString();
    }

    /** "CPU mean 85 %, max 99 % of all 2 cores". */
    static String machineLine(HostUtilisation.Machine machine) {
        Summary summary = machine.summary();
        if (summary.cpuPercentMean() == null) {
            return "CPU not measured";
        }
        return "CPU mean " + Numbers.plain(summary.cpuPercentMean(), 1) + " %, max "
                + Numbers.plain(summary.cpuPercentMax(), 1) + " % of all "
                + (machine.cores() == null ? "its" : machine.cores()) + " cores";
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
