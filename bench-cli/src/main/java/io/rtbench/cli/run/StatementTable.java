package io.rtbench.cli.run;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.report.StatementRows;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 004's table of {@code rtbench dml}, from the result's metrics ({@code insert.100}, {@code visibleAfter.insert.100}
 * …): the seed's columns (operation, rows/query, queries, total rows, median, p95) and rtbench's (p99, max,
 * visibleAfter p50/p95), latencies in ms.
 */
final class StatementTable {

    private static final String FORMAT = "%-9s %10s %8s %11s %9s %9s %9s %9s %17s %17s%n";

    private StatementTable() {}

    static void print(RunResult result, Map<String, String> statements, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%n%s on %s%s, collection prefilled with %,d rows of %,d bytes%n",
                result.complete() ? "Finished" : "Interrupted",
                result.scenario().target(),
                result.environment().targetVersion() == null
                        ? ""
                        : " (" + result.environment().targetVersion() + ")",
                result.scenario().prefillEvents(),
                result.scenario().docSize());
        out.printf(Locale.ROOT, FORMAT, StatementRows.COLUMNS.toArray());
        for (StepResult step : result.steps()) {
            for (StatementRows.Row row : StatementRows.rows(step)) {
                out.printf(
                        Locale.ROOT,
                        FORMAT,
                        row.operation(),
                        row.rowsPerQuery(),
                        String.format(Locale.ROOT, "%,d", row.queries()),
                        String.format(Locale.ROOT, "%,d", row.totalRows()),
                        ms(row.median()),
                        ms(row.p95()),
                        ms(row.p99()),
                        ms(row.max()),
                        ms(row.visibleP50()),
                        ms(row.visibleP95()));
            }
        }
        out.println("(latencies in ms; visibleAfter = statement start until a fresh query sees the change)");
        statements.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(statement -> out.println("  " + statement.getKey() + ": " + statement.getValue()));
        out.flush();
    }

    private static String ms(Double value) {
        if (value == null) {
            return "-";
        }
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
