package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;

/**
 * The fixed prefix every rtbench document starts with, so a sink can find the identity fields without a JSON parser:
 *
 * <pre>{"_id":"&lt;36-char UUID&gt;","_event_time":&lt;µs&gt;,"generator_identifier":&lt;id&gt;,"_seq":&lt;n&gt;,…}</pre>
 *
 * In workload {@code dml} the prefix goes on with {@code "_op":"i|u|d","_version":<n>}; a delete's document ends there
 * (docs/MEASUREMENT.md, "Workload dml"). In workload {@code mixed} it goes on with {@code ,"user_id":<n>} instead.
 *
 * The rest of the document is ordinary JSON. Elasticsearch and OpenSearch refuse {@code _id} in the source, so their
 * driver sends {@code "{" + json[SOURCE_WITHOUT_ID_OFFSET..]} as the source and the id in the action line.
 */
public final class EventLayout {

    // The identity fields up to each value, for the encoders that write them in other shapes too
    // (ConnectJsonEnvelope, ClickHouse's JSONEachRow rows). Shared arrays: read them, never write into them.
    public static final byte[] ID_PREFIX = ascii("{\"_id\":\"");
    public static final byte[] EVENT_TIME_PREFIX = ascii("\",\"_event_time\":");
    public static final byte[] GENERATOR_PREFIX = ascii(",\"generator_identifier\":");
    public static final byte[] SEQ_PREFIX = ascii(",\"_seq\":");
    public static final byte[] OP_PREFIX = ascii(",\"_op\":\"");
    public static final byte[] VERSION_PREFIX = ascii("\",\"_version\":");
    /**
     * The Kafka header that carries a delete's document: a delete travels as a tombstone (key {@code _id}, value null),
     * which Connect sinks such as Debezium's JDBC sink turn into a delete, and rtbench's bridge and sink read the
     * delete's {@code _seq}, {@code _version} and generator from this header.
     */
    public static final String DELETE_HEADER = "rtbench.delete";

    /** Workload {@code mixed}: the high-cardinality key of the reads, right after {@code _seq}. */
    static final byte[] USER_PREFIX = ascii(",\"user_id\":");
    /** The longest {@code ,"user_id":<n>}. */
    static final int MAX_USER_FIELD_BYTES = 11 + 19;

    /** The longest {@code ,"_op":"u","_version":<n>} of a {@code dml} document. */
    static final int MAX_CHANGE_FIELDS_BYTES = 10 + 12 + 19;

    /** {@code ,"_version":} as it appears in a document, for drivers that must leave the field out. */
    private static final byte[] VERSION_FIELD = ascii(",\"_version\":");

    /** Where the {@code _id} value starts. */
    public static final int ID_OFFSET = ID_PREFIX.length;
    /** A canonical UUID string. */
    public static final int ID_LENGTH = 36;
    /**
     * Index of the first byte after {@code {"_id":"…",}: the source without the id is {@code "{"} followed by the bytes
     * from here to the end.
     */
    public static final int SOURCE_WITHOUT_ID_OFFSET = ID_OFFSET + ID_LENGTH + 2;

    private EventLayout() {}

    static Event parse(byte[] json) {
        int pos = expect(json, 0, ID_PREFIX);
        pos += ID_LENGTH;
        pos = expect(json, pos, EVENT_TIME_PREFIX);
        long[] number = new long[2];
        pos = readLong(json, pos, number);
        long eventTimeMicros = number[0];
        pos = expect(json, pos, GENERATOR_PREFIX);
        pos = readLong(json, pos, number);
        long generatorId = number[0];
        pos = expect(json, pos, SEQ_PREFIX);
        pos = readLong(json, pos, number);
        long seq = number[0];
        if (!startsWith(json, pos, OP_PREFIX)) {
            return new Event(json, generatorId, seq, eventTimeMicros);
        }
        pos += OP_PREFIX.length;
        if (pos >= json.length) {
            throw notAnEvent(json);
        }
        Op op = Op.of(json[pos]);
        pos = expect(json, pos + 1, VERSION_PREFIX);
        readLong(json, pos, number);
        if (number[0] < 1) {
            throw notAnEvent(json);
        }
        return new Event(json, generatorId, seq, eventTimeMicros, op, number[0]);
    }

    /**
     * Where {@code ,"_version":<n>} starts in a {@code dml} document, or -1 when it has none; with
     * {@link #versionFieldEnd}, for targets that refuse the field in a document (Elasticsearch and OpenSearch keep the
     * version as metadata).
     */
    public static int versionFieldStart(byte[] json) {
        int last = Math.min(json.length - VERSION_FIELD.length, SOURCE_WITHOUT_ID_OFFSET + 160);
        for (int pos = SOURCE_WITHOUT_ID_OFFSET; pos <= last; pos++) {
            if (startsWith(json, pos, VERSION_FIELD)) {
                return pos;
            }
        }
        return -1;
    }

    /** The index after the digits of the {@code _version} field that starts at {@code start}. */
    public static int versionFieldEnd(byte[] json, int start) {
        int pos = start + VERSION_FIELD.length;
        while (pos < json.length && json[pos] >= '0' && json[pos] <= '9') {
            pos++;
        }
        return pos;
    }

    private static boolean startsWith(byte[] json, int pos, byte[] literal) {
        if (json.length < pos + literal.length) {
            return false;
        }
        for (int i = 0; i < literal.length; i++) {
            if (json[pos + i] != literal[i]) {
                return false;
            }
        }
        return true;
    }

    private static int expect(byte[] json, int pos, byte[] literal) {
        if (json.length < pos + literal.length) {
            throw notAnEvent(json);
        }
        for (int i = 0; i < literal.length; i++) {
            if (json[pos + i] != literal[i]) {
                throw notAnEvent(json);
            }
        }
        return pos + literal.length;
    }

    /** Parses a non-negative decimal at {@code pos} into {@code out[0]}; returns the index after it. */
    private static int readLong(byte[] json, int pos, long[] out) {
        long value = 0;
        int start = pos;
        while (pos < json.length && json[pos] >= '0' && json[pos] <= '9') {
            value = Math.addExact(Math.multiplyExact(value, 10), json[pos] - '0');
            pos++;
        }
        if (pos == start) {
            throw notAnEvent(json);
        }
        out[0] = value;
        return pos;
    }

    private static IllegalArgumentException notAnEvent(byte[] json) {
        String head = new String(json, 0, Math.min(json.length, 80), StandardCharsets.UTF_8);
        return new IllegalArgumentException("not an rtbench event (expected it to start with "
                + "{\"_id\":…,\"_event_time\":…,\"generator_identifier\":…,\"_seq\":…): " + head);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
