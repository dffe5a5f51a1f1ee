package io.rtbench.core.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * What a producer publishes about each of its generators (on the announcement topic, {@code rtbench.generators} by
 * default), so that an evaluator on the same host can find the generators to probe ({@code --generators-from-topic}).
 *
 * @param generatorId {@code generator_identifier}
 * @param topic the topic the generator's events go to
 * @param host the producer's host: evaluators probe only generators of their own host (same clock, docs/MEASUREMENT.md)
 * @param runId the producer run
 * @param startedAtMicros when the generator started, µs since the epoch
 * @param producedEvents null while the generator runs; in its final announcement, how many events it produced
 *     ({@code _seq} 0 … producedEvents−1), for the evaluator's audit
 *     <p>While a generator runs, its producer repeats the first announcement every {@link #HEARTBEAT}: a producer that
 *     was killed never sends the final one, and its silence is how an evaluator tells it from a long run.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GeneratorAnnouncement(
        long generatorId, String topic, String host, String runId, long startedAtMicros, Long producedEvents) {

    /** How often a producer repeats the announcement of each generator it runs, as a sign of life. */
    public static final Duration HEARTBEAT = Duration.ofSeconds(2);

    /**
     * How long a running generator may go unannounced before an evaluator takes it for gone (its producer killed, or cut
     * off from Kafka): three heartbeats missed.
     */
    public static final Duration SILENT_AFTER = HEARTBEAT.multipliedBy(3);

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The final announcement of a generator that has produced {@code events} in all. */
    public GeneratorAnnouncement finished(long events) {
        return new GeneratorAnnouncement(generatorId, topic, host, runId, startedAtMicros, events);
    }

    /** The Kafka record key of announcements: the generator id, 8 bytes big-endian (one partition per generator). */
    public byte[] key() {
        return ByteBuffer.allocate(Long.BYTES).putLong(generatorId).array();
    }

    public byte[] toJson() {
        try {
            return JSON.writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static GeneratorAnnouncement fromJson(byte[] json) {
        try {
            return JSON.readValue(json, GeneratorAnnouncement.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a generator announcement: " + e.getMessage(), e);
        }
    }
}
