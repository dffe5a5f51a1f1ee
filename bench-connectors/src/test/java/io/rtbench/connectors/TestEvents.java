package io.rtbench.connectors;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Hand-built documents of the rtbench shape ({@link io.rtbench.core.event.EventLayout} prefix, nested objects, arrays
 * of objects, about 1.25 KB) with the characters that escaping must get right: quotes, backslashes, escaped control
 * characters, non-ASCII. The {@code _id} is derived from generator and seq, so writing the same events twice re-sends
 * the same ids.
 */
public final class TestEvents {

    public static final int DEFAULT_SIZE_BYTES = 1250;

    private TestEvents() {}

    /** Events {@code fromSeq..fromSeq+count-1} of a generator, event time {@code firstMicros + seq * 1000}. */
    public static EventBatch batch(long generatorId, long fromSeq, int count, long firstMicros) {
        List<Event> events = new ArrayList<>(count);
        for (long seq = fromSeq; seq < fromSeq + count; seq++) {
            events.add(event(generatorId, seq, firstMicros + seq * 1_000));
        }
        return new EventBatch(events);
    }

    public static Event event(long generatorId, long seq, long eventTimeMicros) {
        return event(generatorId, seq, eventTimeMicros, DEFAULT_SIZE_BYTES);
    }

    public static Event event(long generatorId, long seq, long eventTimeMicros, int sizeBytes) {
        String json = json(generatorId, seq, eventTimeMicros, sizeBytes);
        return Event.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    public static String id(long generatorId, long seq) {
        return new UUID(generatorId, seq).toString();
    }

    static String json(long generatorId, long seq, long eventTimeMicros, int sizeBytes) {
        SplittableRandom random = new SplittableRandom(generatorId * 31 + seq);
        StringBuilder json = new StringBuilder(sizeBytes + 64)
                .append("{\"_id\":\"")
                .append(id(generatorId, seq))
                .append("\",\"_event_time\":")
                .append(eventTimeMicros)
                .append(",\"generator_identifier\":")
                .append(generatorId)
                .append(",\"_seq\":")
                .append(seq)
                .append(",\"person\":{\"name\":\"Ann \\\"Nan\\\" O'Brien\",\"email\":\"ann")
                .append(random.nextInt(1000))
                .append("@example.com\",\"age\":")
                .append(18 + random.nextInt(60))
                .append(",\"address\":{\"street\":\"12 Main St\",\"city\":\"Zürich\",\"zip\":\"8001\",")
                .append("\"geo\":{\"lat\":47.3769,\"lon\":8.5417}}},")
                .append("\"company\":{\"name\":\"ACME\\\\Widgets\",\"industry\":\"tools\",\"employees\":")
                .append(random.nextInt(10_000))
                .append("},\"tags\":[\"alpha\",\"beta\",\"γ-tag\"],")
                .append("\"friends\":[{\"name\":\"Bob\",\"since\":2019},{\"name\":\"Eve\",\"since\":2021}],")
                .append("\"active\":true,\"score\":")
                .append(random.nextInt(1000) / 10.0)
                .append(",\"note\":null,\"text\":\"line one\\nline two\\ttab \\u0001 €");
        int padding = sizeBytes - 2 - json.toString().getBytes(StandardCharsets.UTF_8).length;
        for (int i = 0; i < padding; i++) {
            json.append(i % 8 == 7 ? ' ' : (char) ('a' + random.nextInt(26)));
        }
        return json.append("\"}").toString();
    }
}
