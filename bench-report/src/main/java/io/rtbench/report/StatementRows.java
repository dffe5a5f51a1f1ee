package io.rtbench.report;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The statement table of {@code rtbench dml} (docs/GUIDE.md, "Statements"), read from a step's metrics
 * ({@code insert.100}, {@code visibleAfter.insert.100} …): what the command prints and the report shows.
 */
public final class StatementRows {

    /** The columns: the statement table's usual ones (operation … p95) and rtbench's (p99, max, visibleAfter). */
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

    private StatementRows() {}

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
                .sorted(StatementRows::order)
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
}
