package io.rtbench.connectors.clickhouse;

import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;

/**
 * The reads of workload {@code mixed} on ClickHouse (docs/TARGETS.md). ClickHouse 18.16 has no secondary index (data
 * skipping indexes came in 19.x): {@code user_id} is a {@code MATERIALIZED} column, extracted from the document at
 * insert with {@code visitParamExtractUInt}, and a read by user or by {@code _id} scans that one column of every part
 * (the sorting key is the probe's, {@code generator_identifier, _event_time}). That is what such a query costs on this
 * table; a table ordered by user would make the reads cheap and the probe a scan instead.
 */
final class ClickHouseReads {

    /** The column of workload {@code mixed}, added to the table's columns. */
    static final String USER_COLUMN = "user_id UInt64 MATERIALIZED visitParamExtractUInt(doc, 'user_id')";

    private ClickHouseReads() {}

    /** The SQL of one read; {@code quotedId} is a checked string literal. */
    static String sql(String qualifiedTable, ReadQuery query, String quotedId, long userId) {
        String user = Long.toUnsignedString(userId);
        return switch (query) {
            case POINT -> "SELECT _id, _event_time FROM " + qualifiedTable + " WHERE _id = " + quotedId + " LIMIT 1";
            case USER_RECENT ->
                "SELECT _id, _event_time FROM " + qualifiedTable + " WHERE user_id = " + user
                        + " ORDER BY _event_time DESC LIMIT " + Readable.RECENT_EVENTS;
            case AGGREGATE ->
                "SELECT count(), avg(visitParamExtractFloat(doc, '" + Readable.AGGREGATE_FIELD + "')) FROM "
                        + qualifiedTable + " WHERE user_id = " + user;
        };
    }

    /** How many events a read found, from its rows. */
    static long found(ReadQuery query, java.util.List<String[]> rows) {
        if (query == ReadQuery.AGGREGATE) {
            return rows.isEmpty() ? 0 : Long.parseLong(rows.get(0)[0]);
        }
        return rows.size();
    }
}
