package io.rtbench.report;

import static io.rtbench.report.Html.cell;
import static io.rtbench.report.Html.escape;

import java.util.List;
import java.util.Locale;

/** The report's section of {@code rtbench dml}'s statements (docs/REPORTS.md), from {@link StatementRows}. */
final class StatementSection {

    private StatementSection() {}

    /**
     * The statement table of {@code rtbench dml} (docs/GUIDE.md, "Statements"), for the runs that have one: the
     * statements' latency and when a fresh query first saw each change, in ms.
     */
    static void html(StringBuilder out, List<ReportedRun> runs) {
        boolean headed = false;
        for (ReportedRun run : runs) {
            for (ReportedStep step : run.steps()) {
                List<StatementRows.Row> rows = StatementRows.rows(step.step());
                if (rows.isEmpty()) {
                    continue;
                }
                if (!headed) {
                    out.append("<h2 id=\"statements\">Statements</h2>\n")
                            .append("<p class=\"note\">One statement at a time on a prefilled collection; latencies in")
                            .append(" ms; visibleAfter: from the statement's start until a fresh query sees the")
                            .append(" change.</p>\n");
                    headed = true;
                }
                out.append("<p>")
                        .append(escape(run.label()))
                        .append(String.format(
                                Locale.ROOT,
                                ", prefilled with %,d rows",
                                run.result().scenario().prefillEvents()))
                        .append("</p>\n<table>\n<tr>");
                StatementRows.COLUMNS.forEach(
                        column -> out.append("<th>").append(escape(column)).append("</th>"));
                out.append("</tr>\n");
                for (StatementRows.Row row : rows) {
                    out.append("<tr><td class=\"l\">")
                            .append(escape(row.operation()))
                            .append("</td>");
                    cell(out, Numbers.grouped((long) row.rowsPerQuery()), false);
                    cell(out, Numbers.grouped(row.queries()), false);
                    cell(out, Numbers.grouped(row.totalRows()), false);
                    for (Double value : new Double[] {
                        row.median(), row.p95(), row.p99(), row.max(), row.visibleP50(), row.visibleP95()
                    }) {
                        cell(out, value == null ? "-" : Numbers.readableMillis(value), false);
                    }
                    out.append("</tr>\n");
                }
                out.append("</table>\n");
            }
        }
    }
}
