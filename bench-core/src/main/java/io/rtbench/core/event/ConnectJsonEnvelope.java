package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;

/**
 * An event in Kafka Connect's JSON envelope, {@code {"schema":{…},"payload":{…}}}, as {@code JsonConverter} with
 * {@code schemas.enable=true} reads it: for sinks that need a schema, such as Debezium's JDBC sink (producer option
 * {@code --value-format json-with-schema}).
 *
 * <p>The struct is flat, since such sinks map fields to columns and take no nested structs: {@code _id} (string),
 * {@code _event_time}, {@code generator_identifier}, {@code _seq} (int64) and {@code doc}, the whole original document
 * as a JSON string. The columns are the ones rtbench's probe and audit query. Written byte by byte from the document's
 * fixed prefix ({@link EventLayout}), without a JSON library: one allocation, the result.
 */
public final class ConnectJsonEnvelope {

    /** The schema's name; a sink may use it (Debezium's JDBC sink tells Debezium change events by theirs). */
    public static final String SCHEMA_NAME = "io.rtbench.Event";

    static final byte[] HEAD = head("");
    /** Workload {@code dml}: two more fields, {@code _op} (string) and {@code _version} (int64), after {@code _seq}. */
    static final byte[] DML_HEAD = head("{\"field\":\"_op\",\"type\":\"string\",\"optional\":false},"
            + "{\"field\":\"_version\",\"type\":\"int64\",\"optional\":false},");

    private static final byte[] DOC = ascii(",\"doc\":\"");
    private static final byte[] TAIL = ascii("\"}}");
    private static final byte[] HEX_DIGITS = ascii("0123456789abcdef");

    private ConnectJsonEnvelope() {}

    private static byte[] head(String changeFields) {
        return ascii("{\"schema\":{\"type\":\"struct\",\"name\":\"" + SCHEMA_NAME
                + "\",\"optional\":false,\"fields\":["
                + "{\"field\":\"_id\",\"type\":\"string\",\"optional\":false},"
                + "{\"field\":\"_event_time\",\"type\":\"int64\",\"optional\":false},"
                + "{\"field\":\"generator_identifier\",\"type\":\"int64\",\"optional\":false},"
                + "{\"field\":\"_seq\",\"type\":\"int64\",\"optional\":false},"
                + changeFields
                + "{\"field\":\"doc\",\"type\":\"string\",\"optional\":false}]},"
                + "\"payload\":{\"_id\":\"");
    }

    /**
     * Wraps one document.
     *
     * @param json a document that starts with {@link EventLayout}'s prefix (its {@code _id} is read from there)
     * @param generatorId {@code generator_identifier} as written into the document (non-negative)
     * @param seq {@code _seq} as written into the document
     * @param eventTimeMicros {@code _event_time} as written into the document
     */
    public static byte[] wrap(byte[] json, long generatorId, long seq, long eventTimeMicros) {
        return wrap(json, generatorId, seq, eventTimeMicros, null, 0);
    }

    /**
     * Wraps an insert or update of workload {@code dml}: the payload also carries {@code _op} and {@code _version}, so
     * that a sink writes them into their columns. (A delete is a tombstone, not an envelope.)
     *
     * @param op null for an event of workload {@code ingest} (no {@code _op} and {@code _version})
     */
    public static byte[] wrap(byte[] json, long generatorId, long seq, long eventTimeMicros, Op op, long version) {
        byte[] head = op == null ? HEAD : DML_HEAD;
        int changeLength = op == null
                ? 0
                : EventLayout.OP_PREFIX.length + 1 + EventLayout.VERSION_PREFIX.length + decimalDigits(version);
        int size = head.length
                + changeLength
                + EventLayout.ID_LENGTH
                + EventLayout.EVENT_TIME_PREFIX.length
                + decimalDigits(eventTimeMicros)
                + EventLayout.GENERATOR_PREFIX.length
                + decimalDigits(generatorId)
                + EventLayout.SEQ_PREFIX.length
                + decimalDigits(seq)
                + DOC.length
                + escapedLength(json)
                + TAIL.length;
        byte[] out = new byte[size];
        int pos = put(out, 0, head);
        System.arraycopy(json, EventLayout.ID_OFFSET, out, pos, EventLayout.ID_LENGTH);
        pos += EventLayout.ID_LENGTH;
        pos = put(out, pos, EventLayout.EVENT_TIME_PREFIX);
        pos = putDecimal(out, pos, eventTimeMicros);
        pos = put(out, pos, EventLayout.GENERATOR_PREFIX);
        pos = putDecimal(out, pos, generatorId);
        pos = put(out, pos, EventLayout.SEQ_PREFIX);
        pos = putDecimal(out, pos, seq);
        if (op != null) {
            pos = put(out, pos, EventLayout.OP_PREFIX);
            out[pos++] = op.code();
            pos = put(out, pos, EventLayout.VERSION_PREFIX);
            pos = putDecimal(out, pos, version);
        }
        pos = put(out, pos, DOC);
        pos = putEscaped(out, pos, json);
        put(out, pos, TAIL);
        return out;
    }

    /** Wraps an event, taking the identity fields from it. */
    public static byte[] wrap(Event event) {
        return wrap(event.json(), event.generatorId(), event.seq(), event.eventTimeMicros());
    }

    /**
     * The length of {@code json} as the contents of a JSON string: quotes and backslashes gain a backslash, control
     * characters become {@code \}{@code u00XX}. Other bytes, UTF-8 included, stay as they are.
     */
    static int escapedLength(byte[] json) {
        int length = json.length;
        for (byte b : json) {
            if (b == '"' || b == '\\') {
                length++;
            } else if (b >= 0 && b < 0x20) {
                length += 5;
            }
        }
        return length;
    }

    private static int putEscaped(byte[] out, int pos, byte[] json) {
        for (byte b : json) {
            if (b == '"' || b == '\\') {
                out[pos++] = '\\';
                out[pos++] = b;
            } else if (b >= 0 && b < 0x20) {
                out[pos++] = '\\';
                out[pos++] = 'u';
                out[pos++] = '0';
                out[pos++] = '0';
                out[pos++] = HEX_DIGITS[b >> 4];
                out[pos++] = HEX_DIGITS[b & 0xf];
            } else {
                out[pos++] = b;
            }
        }
        return pos;
    }

    private static int put(byte[] out, int pos, byte[] literal) {
        System.arraycopy(literal, 0, out, pos, literal.length);
        return pos + literal.length;
    }

    private static int putDecimal(byte[] out, int pos, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("identity fields are non-negative, got " + value);
        }
        int end = pos + decimalDigits(value);
        for (int i = end - 1; i >= pos; i--) {
            out[i] = (byte) ('0' + (int) (value % 10));
            value /= 10;
        }
        return end;
    }

    private static int decimalDigits(long value) {
        int digits = 1;
        while (value >= 10) {
            value /= 10;
            digits++;
        }
        return digits;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
