package io.rtbench.report;

import static io.rtbench.report.Html.escape;

import io.rtbench.core.fault.Recovery;
import io.rtbench.core.result.StepFault;
import java.util.List;
import java.util.Locale;

/**
 * {@code rtbench run --fault} (docs/MEASUREMENT.md, "Freshness under faults"): each fault of each step, every fork's
 * own, under the run's summary: its window, freshness around it (the pre-fault p99, the staleness peak, the time to
 * recover or "not recovered") and the backlog (its peak and how fast it drained).
 */
final class FaultTables {

    private static final List<String> COLUMNS = List.of(
            "step",
            "fault",
            "fork",
            "window (s)",
            "pre-fault p99 (ms)",
            "staleness peak (ms)",
            "time to recover",
            "backlog peak (events)",
            "drain (events/s)");

    /** The columns before it are text. */
    private static final int FIRST_FIGURE = 3;

    private FaultTables() {}

    /** The run's faults table; nothing for a run without faults. */
    static void append(StringBuilder out, ReportedRun run) {
        if (run.steps().stream().allMatch(step -> step.step().faults() == null)) {
            return;
        }
        out.append("<p class=\"note\">Faults: the window from the measured phase's start; recovered when a window of ")
                .append(Recovery.WINDOW.toSeconds())
                .append(" s after it has its data p99 within the pre-fault p99 + max(")
                .append(Numbers.plain(Recovery.MARGIN_SHARE * 100, 1))
                .append(" %, ")
                .append(Recovery.MARGIN_MIN_MICROS / 1000)
                .append(" ms).</p>\n")
                .append("<table>\n<tr>");
        for (int i = 0; i < COLUMNS.size(); i++) {
            out.append(i < FIRST_FIGURE ? "<th class=\"l\">" : "<th>")
                    .append(escape(COLUMNS.get(i)))
                    .append("</th>");
        }
        out.append("</tr>\n");
        for (ReportedStep step : run.steps()) {
            for (StepFaults.Slot slot : StepFaults.slots(step.step())) {
                for (StepFault fault : slot.perFork()) {
                    row(out, step, fault);
                }
            }
        }
        out.append("</table>\n");
    }

    private static void row(StringBuilder out, ReportedStep step, StepFault fault) {
        // the step, the fault and its window on one line each: "#1 0.625 MB/s", "target-pause@6s+5s", "6.05–11.06"
        out.append("<tr><td class=\"l nw\">")
                .append(escape(step.label()))
                .append("</td><td class=\"l nw\">")
                .append(escape(fault.fault()))
                .append("</td><td class=\"l\">")
                .append(fault.fork() == null ? "" : fault.fork())
                .append("</td>");
        out.append("<td class=\"nw\">")
                .append(String.format(Locale.ROOT, "%.2f–%.2f", fault.startOffsetSec(), fault.endOffsetSec()))
                .append("</td>");
        Html.cell(out, Numbers.readableMillis(fault.baselineDataP99Ms()), false);
        Html.cell(out, Numbers.readableMillis(fault.stalenessPeakMs()), false);
        Html.cell(out, StepFaults.timeToRecover(fault), !Boolean.TRUE.equals(fault.recovered()));
        Html.cell(out, Numbers.grouped(fault.backlogPeakEvents()), false);
        Html.cell(out, Numbers.grouped(fault.backlogDrainEventsPerSec()), false);
        out.append("</tr>\n");
    }
}
