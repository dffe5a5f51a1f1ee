package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;

/**
 * The fixed prefix every rtbench document starts with, so a sink can find the identity fields without a JSON parser:
 *
 * <pre>{"_id":"&lt;36-char UUID&gt;","_event_time":&lt;µs&gt;,"generator_identifier":&lt;id&gt;,"_seq":&lt;n&gt;,…}</pre>
 *
 * The rest of the document is ordinary JSON. Elasticsearch and OpenSearch refuse {@code _id} in the source, so their
 * driver sends {@code "{" + json[SOURCE_WITHOUT_ID_OFFSET..]} as the source and the id in the action line.
 */
public final class EventLayout {

    static final byte[] ID_PREFIX = ascii("{\"_id\":\"");
    static final byte[] EVENT_TIME_PREFIX = ascii("\",\"_event_time\":");
    static final byte[] GENERATOR_PREFIX = ascii(",\"generator_identifier\":");
    static final byte[] SEQ_PREFIX = ascii(",\"_seq\":");

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
        readLong(json, pos, number);
        return new Event(json, generatorId, number[0], eventTimeMicros);
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
