package io.rtbench.cli.run;

import io.rtbench.core.Bounds;
import java.time.Duration;
import java.util.List;

/**
 * Seed 004's statements ({@code rtbench dml}, docs/GUIDE.md "Statements"): on a collection prefilled with
 * {@code prefill} rows, INSERTs of each batch size {@code repeat} times, then single-row UPDATEs and DELETEs by key on
 * random existing rows, {@code repeat} times each, one statement at a time.
 *
 * @param visibleTimeout how long a change may take to become visible before the run fails
 */
record StatementPlan(
        long prefill, int repeat, List<Integer> insertBatches, int docSize, long seed, Duration visibleTimeout) {

    /** Rows per INSERT of the prefill (not measured). */
    static final int PREFILL_BATCH = 1_000;

    StatementPlan {
        insertBatches = List.copyOf(insertBatches);
        Bounds.atLeast("--prefill", 0, prefill);
        // 0s was accepted and then not enforced: every change would have failed at once, or none
        Bounds.positive("--visibility-timeout", visibleTimeout);
        Bounds.atLeast("--repeat", 1, repeat);
        if (insertBatches.isEmpty() || insertBatches.stream().anyMatch(rows -> rows < 1 || rows > 10_000)) {
            throw new IllegalArgumentException(
                    "--insert-batches must be row counts between 1 and 10000, got " + insertBatches);
        }
        if (prefill
                        + (long) repeat
                                * insertBatches.stream()
                                        .mapToLong(Integer::longValue)
                                        .sum()
                < 2L * repeat) {
            throw new IllegalArgumentException("--prefill " + prefill + " leaves too few rows to UPDATE and DELETE "
                    + repeat + " times each: prefill at least " + 2 * repeat + " rows");
        }
    }

    /** The metric of the statements' latency: {@code insert.100}, {@code update.1}, {@code delete.1}. */
    static String statementMetric(String operation, int rows) {
        return operation + "." + rows;
    }

    /** The metric of the time from a statement's start until a fresh query sees its change. */
    static String visibleMetric(String operation, int rows) {
        return "visibleAfter." + statementMetric(operation, rows);
    }
}
