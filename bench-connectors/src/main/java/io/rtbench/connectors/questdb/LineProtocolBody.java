package io.rtbench.connectors.questdb;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventLayout;
import java.nio.charset.StandardCharsets;

/**
 * The body of a QuestDB {@code POST /write?precision=u}: one InfluxDB-line-protocol line per event, built from the
 * serialized events without a JSON library:
 *
 * <pre>{@code <table> generator_identifier=<n>i,_seq=<n>i,_id="<uuid>",doc="<document>" <_event_time µs>}</pre>
 *
 * The trailing timestamp fills the table's designated timestamp ({@code _event_time}). Inside the quoted document,
 * QuestDB reads a backslash as "the next byte is literal": {@code "} and {@code \} must be escaped, and so must a line
 * break, which would otherwise end the line (a generated document has none, JSON escapes them; a document given to the
 * Connect sink might). Everything else, multi-byte UTF-8 included, is copied as is: two passes over the bytes and one
 * exactly sized array per batch, as {@code JsonEachRowBody} does for ClickHouse.
 */
final class LineProtocolBody {

    private static final byte[] GENERATOR = ascii(" generator_identifier=");
    private static final byte[] SEQ = ascii("i,_seq=");
    private static final byte[] ID = ascii("i,_id=\"");
    private static final byte[] DOC = ascii("\",doc=\"");
    private static final byte[] TIME = ascii("\" ");
    /** Per byte value: whether it needs a backslash before it inside a quoted field. */
    private static final boolean[] ESCAPED = new boolean[256];

    static {
        for (char c : new char[] {'"', '\\', '\n', '\r'}) {
            ESCAPED[c] = true;
        }
    }

    private static final int FIXED_LENGTH =
            GENERATOR.length + SEQ.length + ID.length + EventLayout.ID_LENGTH + DOC.length + TIME.length + 1;

    private LineProtocolBody() {}

    /**
     * @param table the table name as the line protocol writes it; rtbench's collection names ({@code [a-z0-9_.-]})
     *     need no escaping there
     */
    static byte[] of(byte[] table, EventBatch batch) {
        int size = 0;
        for (Event event : batch.events()) {
            size += table.length
                    + FIXED_LENGTH
                    + digits(event.generatorId())
                    + digits(event.seq())
                    + escapedLength(event.json())
                    + digits(event.eventTimeMicros());
        }
        byte[] body = new byte[size];
        int pos = 0;
        for (Event event : batch.events()) {
            pos = put(body, pos, table);
            pos = put(body, pos, GENERATOR);
            pos = putDecimal(body, pos, event.generatorId());
            pos = put(body, pos, SEQ);
            pos = putDecimal(body, pos, event.seq());
            pos = put(body, pos, ID);
            System.arraycopy(event.json(), EventLayout.ID_OFFSET, body, pos, EventLayout.ID_LENGTH);
            pos += EventLayout.ID_LENGTH;
            pos = put(body, pos, DOC);
            pos = escape(event.json(), body, pos);
            pos = put(body, pos, TIME);
            pos = putDecimal(body, pos, event.eventTimeMicros());
            body[pos++] = '\n';
        }
        return body;
    }

    /** Length of {@code utf8} inside a quoted line-protocol field. */
    static int escapedLength(byte[] utf8) {
        int length = utf8.length;
        for (byte b : utf8) {
            if (ESCAPED[b & 0xFF]) {
                length++;
            }
        }
        return length;
    }

    /** Writes {@code utf8} as the inside of a quoted field; returns the index after the last byte written. */
    static int escape(byte[] utf8, byte[] out, int pos) {
        for (byte b : utf8) {
            if (ESCAPED[b & 0xFF]) {
                out[pos++] = '\\';
            }
            out[pos++] = b;
        }
        return pos;
    }

    /**
     * Digits of a non-negative number: identity fields are never negative ({@code generator_identifier} is drawn
     * non-negative, docs/MEASUREMENT.md), and QuestDB's {@code LONG} is signed.
     */
    static int digits(long value) {
        requireNonNegative(value);
        int digits = 1;
        for (long rest = value; rest >= 10; rest /= 10) {
            digits++;
        }
        return digits;
    }

    private static int putDecimal(byte[] out, int pos, long value) {
        int end = pos + digits(value);
        for (int i = end - 1; i >= pos; i--) {
            out[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return end;
    }

    private static void requireNonNegative(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("QuestDB stores identity fields as signed LONG: got " + value);
        }
    }

    private static int put(byte[] out, int pos, byte[] bytes) {
        System.arraycopy(bytes, 0, out, pos, bytes.length);
        return pos + bytes.length;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
