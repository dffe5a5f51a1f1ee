package io.rtbench.report;

import static io.rtbench.report.Html.escape;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepResult.WorkerShare;
import java.util.List;

/**
 * A run on several hosts ({@code rtbench run --workers N}, docs/GUIDE.md "Several hosts"): each worker's share of each
 * step, under the run's summary. The step's own row is the exact merge; this shows whether one host fell behind.
 */
final class WorkerTables {

    private static final List<String> COLUMNS = List.of(
            "step",
            "worker",
            "generators",
            "produced (measured)",
            "failed",
            "probe errors",
            "data p50",
            "data p99",
            "samples");

    private WorkerTables() {}

    /** The run's workers table; nothing for a run on one host. */
    static void append(StringBuilder out, ReportedRun run) {
        if (run.steps().stream().allMatch(step -> step.step().workers() == null)) {
            return;
        }
        out.append("<p class=\"note\">Each worker's share (latencies in ms): the step's row above merges them.</p>\n")
                .append("<table>\n<tr>");
        for (int i = 0; i < COLUMNS.size(); i++) {
            out.append(i < 2 ? "<th class=\"l\">" : "<th>")
                    .append(escape(COLUMNS.get(i)))
                    .append("</th>");
        }
        out.append("</tr>\n");
        for (ReportedStep step : run.steps()) {
            List<WorkerShare> workers = step.step().workers();
            for (WorkerShare worker : workers == null ? List.<WorkerShare>of() : workers) {
                LatencySummary data = worker.latencyMs().get(Metrics.DATA);
                out.append("<tr><td class=\"l\">")
                        .append(escape(step.label()))
                        .append("</td><td class=\"l\">")
                        .append(escape(worker.id()))
                        .append("</td>");
                cell(out, Numbers.grouped((long) worker.generators()));
                cell(out, Numbers.grouped(worker.produced()));
                cell(out, Numbers.grouped(worker.failed()));
                cell(out, Numbers.grouped(worker.probeErrors()));
                cell(out, data == null ? "-" : Numbers.readableMillis(data.p50()));
                cell(out, data == null ? "-" : Numbers.readableMillis(data.p99()));
                cell(out, data == null ? "-" : Numbers.grouped(data.count()));
                out.append("</tr>\n");
            }
        }
        out.append("</table>\n");
    }

    private static void cell(StringBuilder out, String value) {
        out.append("<td>").append(escape(value)).append("</td>");
    }
}
