package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;

/**
 * One serialized event with the identity fields that sinks, probes and the audit need, so nobody re-parses the JSON.
 *
 * @param json the whole document as produced (UTF-8); see {@link EventLayout} for the fixed prefix it starts with. A
 *     delete's document is the prefix alone; an update's under {@code --update-mode patch} the prefix and the changed
 *     fields (targets learn the update mode from {@link io.rtbench.core.target.TargetConfig#updateMode()})
 * @param generatorId {@code generator_identifier}
 * @param seq {@code _seq}, 0,1,2,… per generator
 * @param eventTimeMicros {@code _event_time}, microseconds since the Unix epoch
 * @param op {@code _op}; {@link Op#INSERT} for workload {@code ingest}
 * @param version {@code _version}, 1, 2, … per {@code _id} in workload {@code dml}; 0 for an unversioned insert
 *     (workload {@code ingest}), which targets write as before
 */
public record Event(byte[] json, long generatorId, long seq, long eventTimeMicros, Op op, long version) {

    public Event {
        if (version < 0) {
            throw new IllegalArgumentException("_version must not be negative, got " + version);
        }
    }

    /** An unversioned insert (workload {@code ingest}). */
    public Event(byte[] json, long generatorId, long seq, long eventTimeMicros) {
        this(json, generatorId, seq, eventTimeMicros, Op.INSERT, 0);
    }

    /** Whether the event carries {@code _op} and {@code _version} (workload {@code dml}). */
    public boolean versioned() {
        return version > 0;
    }

    /** The {@code _id} (a UUID string), read from its fixed place in {@link #json}. */
    public String id() {
        return new String(json, EventLayout.ID_OFFSET, EventLayout.ID_LENGTH, StandardCharsets.US_ASCII);
    }

    /** Reads the identity fields from a document that follows {@link EventLayout}. */
    public static Event parse(byte[] json) {
        return EventLayout.parse(json);
    }
}
