package io.rtbench.cli.run;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 004's table of {@code rtbench dml}, from the result's metrics ({@code insert.100}, {@code visibleAfter.insert.100}
 * …): the seed's columns (operation, rows/query, queries, total rows, median, p95) and rtbench's (p99, max,
 * visibleAfter p50/p95), latencies in ms.
 */
public final class StatementTable {

    /** The columns, as printed and as the report shows them. */
    public static final List<String> COLUMNS = List.of(
            "operation",
            "rows/query",
            "queries",
            "total rows",
            "median",
            "p95",
            "p99",
            "max",
            "visibleAfter p50",
            "visibleAfter p95");

    private static final String FORMAT = "%-9s %10s %8s %11s %9s %9s %9s %9s %17s %17s%n";

    private StatementTable() {}

    /** One row of the table; latencies in ms. */
    public record Row(
            String operation,
            int rowsPerQuery,
            long queries,
            long totalRows,
            double median,
            double p95,
            double p99,
            double max,
            Double visibleP50,
            Double visibleP95) {}

    /** The rows of a step of {@code rtbench dml}, in the order the statements ran; empty for another kind of step. */
    public static List<Row> rows(StepResult step) {
        List<Row> rows = new ArrayList<>();
        for (String name : step.latencyMs().keySet().stream()
                .filter(name -> name.matches("(insert|update|delete)\\.\\d+"))
                .sorted(StatementTable::order)
                .toList()) {
            LatencySummary statement = step.latencyMs().get(name);
            LatencySummary visible = step.latencyMs().get("visibleAfter." + name);
            String operation = name.substring(0, name.indexOf('.'));
            int perQuery = Integer.parseInt(name.substring(name.indexOf('.') + 1));
            rows.add(new Row(
                    operation.toUpperCase(Locale.ROOT),
                    perQuery,
                    statement.count(),
                    statement.count() * perQuery,
                    statement.p50(),
                    statement.p95(),
                    statement.p99(),
                    statement.max(),
                    visible == null ? null : visible.p50(),
                    visible == null ? null : visible.p95()));
        }
        return rows;
    }

    private static int order(String a, String b) {
        int byOperation = Integer.compare(rank(a), rank(b));
        return byOperation != 0
                ? byOperation
                : Integer.compare(
                        Integer.parseInt(a.substring(a.indexOf('.') + 1)),
                        Integer.parseInt(b.substring(b.indexOf('.') + 1)));
    }

    private static int rank(String name) {
        return name.startsWith("insert") ? 0 : name.startsWith("update") ? 1 : 2;
    }

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
        out.printf(Locale.ROOT, FORMAT, COLUMNS.toArray());
        for (StepResult step : result.steps()) {
            for (Row row : rows(step)) {
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
