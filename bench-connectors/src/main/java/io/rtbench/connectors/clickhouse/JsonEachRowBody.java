package io.rtbench.connectors.clickhouse;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.event.Op;
import java.nio.charset.StandardCharsets;

/**
 * The body of {@code INSERT … FORMAT JSONEachRow}, built from the serialized events without a JSON library: one row
 * per event, {@code {"_id":"…","_event_time":…,"generator_identifier":…,"_seq":…,"doc":"<the whole document as a
 * JSON string>"}}. The identity columns come from the {@link Event}'s fields, the document is copied with JSON string
 * escaping ({@link #escapedLength}, {@link #escape}): two passes over its bytes and one exactly sized array for the
 * batch. Numbers are written unsigned, matching the {@code UInt64} columns. An event of workload {@code dml} also
 * fills {@code _op}, {@code _version} and {@code _deleted} (1 for a delete, whose row is a tombstone).
 */
final class JsonEachRowBody {

    private static final byte[] DOC = ascii(",\"doc\":\"");
    private static final byte[] DELETED = ascii(",\"_deleted\":");
    private static final byte[] END = ascii("\"}\n");
    private static final byte[] HEX = ascii("0123456789abcdef");
    /** Per byte value: how many bytes its escape adds (0: copied as is, which all bytes of multi-byte UTF-8 are). */
    private static final byte[] EXTRA_LENGTH = new byte[256];
    /** Per ASCII byte: the letter of its two-byte escape, or 0 for {@code \\u00XX}. */
    private static final byte[] SHORT_ESCAPE = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            EXTRA_LENGTH[c] = 5;
        }
        for (char[] pair : new char[][] {{'"', '"'}, {'\\', '\\'}, {'\n', 'n'}, {'\r', 'r'}, {'\t', 't'}}) {
            EXTRA_LENGTH[pair[0]] = 1;
            SHORT_ESCAPE[pair[0]] = (byte) pair[1];
        }
    }

    private static final int FIXED_LENGTH = EventLayout.ID_PREFIX.length
            + EventLayout.ID_LENGTH
            + EventLayout.EVENT_TIME_PREFIX.length
            + EventLayout.GENERATOR_PREFIX.length
            + EventLayout.SEQ_PREFIX.length
            + DOC.length
            + END.length;

    private static final int CHANGE_LENGTH =
            EventLayout.OP_PREFIX.length + 1 + EventLayout.VERSION_PREFIX.length + DELETED.length + 1;

    private JsonEachRowBody() {}

    static byte[] of(EventBatch batch) {
        int size = 0;
        for (Event event : batch.events()) {
            size += FIXED_LENGTH
                    + digits(event.eventTimeMicros())
                    + digits(event.generatorId())
                    + digits(event.seq())
                    + escapedLength(event.json())
                    + (event.versioned() ? CHANGE_LENGTH + digits(event.version()) : 0);
        }
        byte[] body = new byte[size];
        int pos = 0;
        for (Event event : batch.events()) {
            pos = put(body, pos, EventLayout.ID_PREFIX);
            System.arraycopy(event.json(), EventLayout.ID_OFFSET, body, pos, EventLayout.ID_LENGTH);
            pos += EventLayout.ID_LENGTH;
            pos = put(body, pos, EventLayout.EVENT_TIME_PREFIX);
            pos = putUnsigned(body, pos, event.eventTimeMicros());
            pos = put(body, pos, EventLayout.GENERATOR_PREFIX);
            pos = putUnsigned(body, pos, event.generatorId());
            pos = put(body, pos, EventLayout.SEQ_PREFIX);
            pos = putUnsigned(body, pos, event.seq());
            if (event.versioned()) {
                pos = put(body, pos, EventLayout.OP_PREFIX);
                body[pos++] = event.op().code();
                pos = put(body, pos, EventLayout.VERSION_PREFIX);
                pos = putUnsigned(body, pos, event.version());
                pos = put(body, pos, DELETED);
                body[pos++] = (byte) (event.op() == Op.DELETE ? '1' : '0');
            }
            pos = put(body, pos, DOC);
            pos = escape(event.json(), body, pos);
            pos = put(body, pos, END);
        }
        return body;
    }

    /** Length of {@code utf8} as the inside of a JSON string. */
    static int escapedLength(byte[] utf8) {
        int length = utf8.length;
        for (byte b : utf8) {
            length += EXTRA_LENGTH[b & 0xFF];
        }
        return length;
    }

    /**
     * Writes {@code utf8} as the inside of a JSON string: quote, backslash and control characters escaped, everything
     * else (including multi-byte UTF-8) copied as is, in runs between the bytes that need escaping.
     *
     * @return the index after the last byte written
     */
    static int escape(byte[] utf8, byte[] out, int pos) {
        for (byte b : utf8) {
            if (EXTRA_LENGTH[b & 0xFF] == 0) {
                out[pos++] = b;
            } else {
                pos = escapeOne(b, out, pos);
            }
        }
        return pos;
    }

    private static int escapeOne(byte b, byte[] out, int pos) {
        out[pos++] = '\\';
        byte shortForm = SHORT_ESCAPE[b];
        if (shortForm != 0) {
            out[pos++] = shortForm;
            return pos;
        }
        out[pos++] = 'u';
        out[pos++] = '0';
        out[pos++] = '0';
        out[pos++] = HEX[b >> 4];
        out[pos++] = HEX[b & 0xF];
        return pos;
    }

    static int digits(long unsigned) {
        if (unsigned < 0) {
            return Long.toUnsignedString(unsigned).length();
        }
        int digits = 1;
        for (long rest = unsigned; rest >= 10; rest /= 10) {
            digits++;
        }
        return digits;
    }

    private static int putUnsigned(byte[] out, int pos, long value) {
        if (value < 0) {
            // Beyond Long.MAX_VALUE as UInt64: rare enough to allocate.
            return put(out, pos, ascii(Long.toUnsignedString(value)));
        }
        int end = pos + digits(value);
        for (int i = end - 1; i >= pos; i--) {
            out[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return end;
    }

    private static int put(byte[] out, int pos, byte[] bytes) {
        System.arraycopy(bytes, 0, out, pos, bytes.length);
        return pos + bytes.length;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
