package io.rtbench.connectors.postgres;

import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The reads of workload {@code mixed} on PostgreSQL (docs/TARGETS.md): by the primary key {@code _id}, or by
 * {@code user_id} through an expression index on {@code ((doc->>'user_id')::bigint), _event_time DESC}, created with
 * the table (target option {@code workload=mixed}), so the newest events of a user are one index range scan.
 */
final class PostgresReads {

    private static final String USER = "((doc->>'user_id')::bigint)";

    private PostgresReads() {}

    /** The index of workload {@code mixed}. */
    static String createIndex(String table, String quotedTable) {
        return "CREATE INDEX IF NOT EXISTS \"" + table + "_user_time\" ON " + quotedTable + " (" + USER
                + ", _event_time DESC)";
    }

    static String sql(String quotedTable, ReadQuery query) {
        return switch (query) {
            case POINT -> "SELECT _id, _event_time FROM " + quotedTable + " WHERE _id = ?";
            case USER_RECENT ->
                "SELECT _id, _event_time FROM " + quotedTable + " WHERE " + USER + " = ? ORDER BY _event_time DESC"
                        + " LIMIT " + Readable.RECENT_EVENTS;
            case AGGREGATE ->
                "SELECT count(*), avg((doc->>'" + Readable.AGGREGATE_FIELD + "')::numeric) FROM " + quotedTable
                        + " WHERE " + USER + " = ?";
        };
    }

    /** Runs one read, every row fetched; how many events it found. */
    static long read(Connection connection, int seconds, String quotedTable, ReadQuery query, String id, long userId)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql(quotedTable, query))) {
            statement.setQueryTimeout(seconds);
            if (query == ReadQuery.POINT) {
                statement.setString(1, id);
            } else {
                statement.setLong(1, userId);
            }
            try (ResultSet rows = statement.executeQuery()) {
                if (query == ReadQuery.AGGREGATE) {
                    rows.next();
                    return rows.getLong(1);
                }
                long found = 0;
                while (rows.next()) {
                    found++;
                }
                return found;
            }
        }
    }
}
