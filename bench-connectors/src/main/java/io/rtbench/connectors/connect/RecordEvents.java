package io.rtbench.connectors.connect;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventLayout;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * Turns a Connect record into the {@link Event} the drivers write. The value is the document as the producer wrote it:
 * {@code byte[]} from {@code ByteArrayConverter} (no copy, no parsing beyond the fixed prefix) or a {@code String} from
 * {@code StringConverter}; a tombstone is a delete of workload {@code dml}, its document in a header.
 */
final class RecordEvents {

    private RecordEvents() {}

    /**
     * The event in a record's value.
     *
     * @throws DataException when the value is missing or not an rtbench document: that record is rejected, the others
     *     are written
     * @throws ConnectException when the value has a type this sink cannot read at all, i.e. the connector's converter
     *     is wrong; every record would fail the same way, so the task stops with the fix in the message
     */
    static Event toEvent(SinkRecord record) {
        Object value = record.value();
        byte[] json;
        if (value == null) {
            json = deleted(record);
        } else if (value instanceof byte[] bytes) {
            json = bytes;
        } else if (value instanceof String text) {
            json = text.getBytes(StandardCharsets.UTF_8);
        } else {
            throw new ConnectException("record " + where(record) + " has a value of type "
                    + value.getClass().getName() + "; rtbench's sink reads the documents as produced: set"
                    + " value.converter=org.apache.kafka.connect.converters.ByteArrayConverter on the connector");
        }
        try {
            return Event.parse(json);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new DataException("record " + where(record) + " is not an rtbench event: " + e.getMessage(), e);
        }
    }

    /**
     * A tombstone: a delete of workload {@code dml}, whose document is in header {@link EventLayout#DELETE_HEADER}
     * (read as bytes with {@code header.converter=ByteArrayConverter}, which rtbench's connector config sets).
     */
    private static byte[] deleted(SinkRecord record) {
        Header header = record.headers().lastWithName(EventLayout.DELETE_HEADER);
        Object value = header == null ? null : header.value();
        if (value instanceof byte[] bytes) {
            return bytes;
        }
        if (value instanceof String text) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        if (value == null) {
            throw new DataException("record " + where(record) + " has no value and no " + EventLayout.DELETE_HEADER
                    + " header (a tombstone of another producer?)");
        }
        throw new ConnectException("record " + where(record) + " has header " + EventLayout.DELETE_HEADER
                + " of type " + value.getClass().getName() + "; set"
                + " header.converter=org.apache.kafka.connect.converters.ByteArrayConverter on the connector");
    }

    /** {@code topic-partition@offset} of the record as it was in Kafka. */
    static String where(SinkRecord record) {
        return record.originalTopic() + "-" + record.originalKafkaPartition() + "@" + record.originalKafkaOffset();
    }
}
