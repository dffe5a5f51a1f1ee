package io.rtbench.connectors.clickhouse;

import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;
import java.util.List;

/**
 * The reads of workload {@code mixed} on ClickHouse (docs/TARGETS.md). ClickHouse 18.16 has no secondary index (data
 * skipping indexes came in 19.x): {@code user_id} and {@code balance} are columns of their own, and a read by user or by
 * {@code _id} scans that one column of every part (the sorting key is the probe's, {@code generator_identifier,
 * _event_time}). That is what such a query costs on this table; a table ordered by user would make the reads cheap and
 * the probe a scan instead.
 *
 * <p>The two columns are {@code DEFAULT}s computed from the document ({@link #USER_FROM_DOC}, {@link #BALANCE_FROM_DOC})
 * when an insert leaves them out, as the bridge's does; the materialized view of native ingestion fills them itself,
 * since with {@code JSONEachRow} it keeps no document ({@link ClickHouseKafkaDdl}). Not {@code MATERIALIZED}: ClickHouse
 * 18.16's view cannot insert into a table with such a column ("Expected column user_id: while pushing to view"), and
 * every record it consumed was lost.
 */
final class ClickHouseReads {

    static final String USER_FROM_DOC = "visitParamExtractUInt(doc, 'user_id')";
    static final String BALANCE_FROM_DOC = "visitParamExtractFloat(doc, '" + Readable.AGGREGATE_FIELD + "')";

    /** The columns of workload {@code mixed}, added to the table's columns. */
    static final String COLUMNS = "user_id UInt64 DEFAULT " + USER_FROM_DOC + ", " + Readable.AGGREGATE_FIELD
            + " Float64 DEFAULT " + BALANCE_FROM_DOC;

    /** The names of {@link #COLUMNS}, which a table for workload {@code mixed} must have as {@code DEFAULT}s. */
    static final List<String> READ_COLUMNS = List.of("user_id", Readable.AGGREGATE_FIELD);

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
                "SELECT count(), avg(" + Readable.AGGREGATE_FIELD + ") FROM " + qualifiedTable + " WHERE user_id = "
                        + user;
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
