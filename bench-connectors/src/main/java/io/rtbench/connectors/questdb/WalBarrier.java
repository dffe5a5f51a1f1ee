package io.rtbench.connectors.questdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.core.target.TargetException;
import java.time.Duration;

/**
 * Waits until QuestDB has applied every write that a WAL table acknowledged so far. A write is committed to the table's
 * sequencer when {@code /write} answers, and visible to queries once the apply job has applied it: {@code wal_tables()}
 * shows both transaction numbers ({@code sequencerTxn}, {@code writerTxn}), and a table whose apply failed as
 * {@code suspended}, which then shows no new rows at all until someone resumes it.
 */
final class WalBarrier {

    private static final long FIRST_PAUSE_MS = 5;
    private static final long MAX_PAUSE_MS = 50;

    private final SqlOverHttp sql;
    private final TargetErrors errors;
    private final String table;
    private final Duration timeout;

    WalBarrier(SqlOverHttp sql, TargetErrors errors, String table, Duration timeout) {
        this.sql = sql;
        this.errors = errors;
        this.table = table;
        this.timeout = timeout;
    }

    /**
     * Returns once the writes acknowledged before this call are applied.
     *
     * @throws TargetException when the table is missing or suspended, or the apply job does not catch up by the deadline
     */
    void awaitApplied(long deadlineNanos, String what) {
        JsonNode status = status(deadlineNanos, what);
        long acknowledged = status.get(1).asLong();
        long pauseMs = FIRST_PAUSE_MS;
        while (true) {
            if (status.get(2).asBoolean()) {
                throw errors.failed(
                        what,
                        "table '" + table + "' is suspended: QuestDB could not apply a write to it and shows no new"
                                + " rows; see the server's log and wal_tables(), then ALTER TABLE \"" + table
                                + "\" RESUME WAL");
            }
            long applied = status.get(0).asLong();
            if (applied >= acknowledged) {
                return;
            }
            long remainingMs = (deadlineNanos - System.nanoTime()) / 1_000_000;
            if (remainingMs <= 0) {
                throw errors.failed(
                        what,
                        "QuestDB had applied transaction " + applied + " of " + acknowledged + " of table '" + table
                                + "' after " + timeout.toMillis()
                                + " ms; its apply job is behind: check the server's load, or raise --timeout");
            }
            sleep(Math.min(pauseMs, remainingMs), what);
            pauseMs = Math.min(pauseMs * 2, MAX_PAUSE_MS);
            status = status(deadlineNanos, what);
        }
    }

    /** {@code [writerTxn, sequencerTxn, suspended]} of the table. */
    private JsonNode status(long deadlineNanos, String what) {
        // The name is [a-z0-9_.-] (TargetConfig): no quote to escape in the literal.
        JsonNode rows = sql.rows(
                deadlineNanos,
                what,
                "SELECT writerTxn, sequencerTxn, suspended FROM wal_tables() WHERE name = '" + table + "'");
        if (rows.isEmpty()) {
            throw errors.missingCollection(what, "table", table);
        }
        return rows.get(0);
    }

    private void sleep(long ms, String what) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw errors.failed(what, "interrupted while waiting for QuestDB to apply the writes", e);
        }
    }
}
