package io.rtbench.connectors.clickhouse;

import io.rtbench.core.event.Event;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The UPDATE and DELETE of {@code rtbench dml} on ClickHouse (docs/TARGETS.md): ClickHouse 18.16 has no
 * {@code UPDATE} or {@code DELETE} statement, only mutations, {@code ALTER TABLE … UPDATE/DELETE WHERE …}, which
 * return at once and rewrite the affected parts in the background; the change is visible when the mutation is done.
 * The version column of {@code ReplacingMergeTree(_version)} is a key column and cannot be updated: an UPDATE sets the
 * document, {@code _event_time}, {@code _seq} and {@code _op}.
 */
final class ClickHouseStatements {

    static final String UPDATE = "ALTER TABLE %t UPDATE doc = ?, _event_time = ?, _seq = ?, _op = 'u'"
            + " WHERE generator_identifier = ? AND _id = ?";
    static final String DELETE = "ALTER TABLE %t DELETE WHERE generator_identifier = ? AND _id = ?";
    static final String VISIBLE =
            "SELECT _id, _seq, _deleted FROM %t FINAL WHERE generator_identifier = ? AND _id IN (?, …)";
    static final String INSERT = "INSERT INTO %t FORMAT JSONEachRow (the rows)";

    private ClickHouseStatements() {}

    static String update(String table, Event event) {
        return "ALTER TABLE " + table + " UPDATE doc = " + quoted(new String(event.json(), StandardCharsets.UTF_8))
                + ", _event_time = " + event.eventTimeMicros() + ", _seq = " + event.seq() + ", _op = 'u'"
                + where(event);
    }

    static String delete(String table, Event event) {
        return "ALTER TABLE " + table + " DELETE" + where(event);
    }

    static Map<String, String> describe(String table) {
        return Map.of(
                "insert", INSERT.replace("%t", table),
                "update", UPDATE.replace("%t", table),
                "delete", DELETE.replace("%t", table),
                "visible", VISIBLE.replace("%t", table));
    }

    private static String where(Event event) {
        return " WHERE generator_identifier = " + Long.toUnsignedString(event.generatorId()) + " AND _id = '"
                + event.id() + "'";
    }

    /** A ClickHouse string literal: backslashes and single quotes escaped with a backslash. */
    static String quoted(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
