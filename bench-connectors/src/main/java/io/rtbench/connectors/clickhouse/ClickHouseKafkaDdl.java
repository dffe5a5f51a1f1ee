package io.rtbench.connectors.clickhouse;

import io.rtbench.core.target.Readable;

/**
 * The statements of ClickHouse's native ingestion (docs/TARGETS.md): a {@code Kafka} engine table
 * {@code <collection>_kafka} that consumes the topic, and a materialized view {@code <collection>_kafka_mv} that turns
 * each record into a row of the destination table, the one {@link ClickHouseTarget} creates, probes and audits. Only
 * what ClickHouse 18.16 accepts: its Kafka engine knows {@code kafka_broker_list}, {@code kafka_topic_list},
 * {@code kafka_group_name}, {@code kafka_format}, {@code kafka_row_delimiter}, {@code kafka_schema},
 * {@code kafka_num_consumers} and {@code kafka_max_block_size}, and refuses any other setting
 * ({@code kafka_skip_broken_messages}, {@code kafka_flush_interval_ms}: "Unknown setting … for storage Kafka").
 *
 * <p>Records whose {@code _event_time} is 0 (the readiness markers) are dropped by the view.
 *
 * @param database the database of all three tables
 * @param destination the destination table, the collection
 * @param format {@link #JSON_EACH_ROW} or {@link #TAB_SEPARATED}
 * @param consumers {@code kafka_num_consumers}, at least 1
 * @param maxBlockSize {@code kafka_max_block_size} in rows, or 0 to leave it to the server ({@code max_block_size},
 *     65,536)
 * @param mixed workload {@code mixed}: the view fills the destination's {@code user_id} and {@code balance} too
 *     ({@link ClickHouseReads}), parsed from the record (JSONEachRow) or extracted from the document (TabSeparated)
 */
record ClickHouseKafkaDdl(
        String database, String destination, String format, int consumers, int maxBlockSize, boolean mixed) {

    /**
     * ClickHouse parses each record as JSON into the identity columns and skips every other field (its Kafka engine
     * always sets {@code input_format_skip_unknown_fields}); {@code doc} stays empty, so the table stores less than
     * with the bridge. The default: exactly once on 18.16 (ClickHouseNativeIngestIT).
     */
    static final String JSON_EACH_ROW = "JSONEachRow";

    /**
     * Each record is one row of one String column: the whole document, kept byte for byte in {@code doc} unless it
     * contains a backslash (TabSeparated unescapes {@code \\x} sequences; rtbench's generator writes none). The view
     * takes the identity fields out of it with {@code visitParamExtract*}, which read the first occurrence of a key:
     * the document's own prefix (EventLayout). On 18.16 it loses one record each time a streaming block ends on
     * {@code stream_flush_interval_ms} rather than on a pause: the reader has already fetched the next record to find
     * the row's end, and the engine commits it without inserting it (measured: 2 of 40,000 at 2,000 events/s with
     * {@code kafka_max_block_size} 1,000; ClickHouse issues 4736 and 4890, fixed in 19.15).
     */
    static final String TAB_SEPARATED = "TabSeparated";

    ClickHouseKafkaDdl {
        if (!format.equals(TAB_SEPARATED) && !format.equals(JSON_EACH_ROW)) {
            throw new IllegalArgumentException("format must be " + TAB_SEPARATED + " or " + JSON_EACH_ROW);
        }
        if (consumers < 1 || maxBlockSize < 0) {
            throw new IllegalArgumentException("consumers must be >= 1 and maxBlockSize >= 0");
        }
    }

    String queueTable() {
        return destination + "_kafka";
    }

    String view() {
        return destination + "_kafka_mv";
    }

    String createQueue(String brokers, String topic, String group) {
        String columns = format.equals(TAB_SEPARATED)
                ? "doc String"
                : "_id String, _event_time UInt64, generator_identifier UInt64, _seq UInt64"
                        + (mixed ? ", user_id UInt64, " + Readable.AGGREGATE_FIELD + " Float64" : "");
        return "CREATE TABLE " + qualified(queueTable()) + " (" + columns + ") ENGINE = Kafka SETTINGS"
                + " kafka_broker_list = " + literal(brokers)
                + ", kafka_topic_list = " + literal(topic)
                + ", kafka_group_name = " + literal(group)
                + ", kafka_format = " + literal(format)
                // one record per row: TabSeparated needs the row end, and ClickHouse 18.16 otherwise joins records
                + ", kafka_row_delimiter = '\\n'"
                + ", kafka_num_consumers = " + consumers
                + (maxBlockSize > 0 ? ", kafka_max_block_size = " + maxBlockSize : "");
    }

    String createView() {
        String select = format.equals(TAB_SEPARATED)
                ? "visitParamExtractString(doc, '_id') AS _id,"
                        + " visitParamExtractUInt(doc, '_event_time') AS _event_time,"
                        + " visitParamExtractUInt(doc, 'generator_identifier') AS generator_identifier,"
                        + " visitParamExtractUInt(doc, '_seq') AS _seq, doc"
                : "_id, _event_time, generator_identifier, _seq, '' AS doc";
        if (mixed) {
            select += format.equals(TAB_SEPARATED)
                    ? ", " + ClickHouseReads.USER_FROM_DOC + " AS user_id, " + ClickHouseReads.BALANCE_FROM_DOC + " AS "
                            + Readable.AGGREGATE_FIELD
                    : ", user_id, " + Readable.AGGREGATE_FIELD;
        }
        return "CREATE MATERIALIZED VIEW " + qualified(view()) + " TO " + qualified(destination) + " AS SELECT "
                + select + " FROM " + qualified(queueTable()) + " WHERE _event_time != 0";
    }

    /** The view first: without it the engine table stops streaming, and dropping it then does not wait for a block. */
    String dropView() {
        return "DROP TABLE IF EXISTS " + qualified(view());
    }

    String dropQueue() {
        return "DROP TABLE IF EXISTS " + qualified(queueTable());
    }

    private String qualified(String table) {
        return ClickHouseTarget.qualified(database, table);
    }

    /** A ClickHouse string literal: backslash and quote escaped. */
    static String literal(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
