package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;

/**
 * One serialized event with the identity fields that sinks, probes and the audit need, so nobody re-parses the JSON.
 *
 * @param json the whole document as produced (UTF-8); see {@link EventLayout} for the fixed prefix it starts with
 * @param generatorId {@code generator_identifier}
 * @param seq {@code _seq}, 0,1,2,… per generator
 * @param eventTimeMicros {@code _event_time}, microseconds since the Unix epoch
 */
public record Event(byte[] json, long generatorId, long seq, long eventTimeMicros) {

    /** The {@code _id} (a UUID string), read from its fixed place in {@link #json}. */
    public String id() {
        return new String(json, EventLayout.ID_OFFSET, EventLayout.ID_LENGTH, StandardCharsets.US_ASCII);
    }

    /** Reads the identity fields from a document that follows {@link EventLayout}. */
    public static Event parse(byte[] json) {
        return EventLayout.parse(json);
    }
}
