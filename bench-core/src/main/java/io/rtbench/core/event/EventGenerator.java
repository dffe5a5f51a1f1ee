package io.rtbench.core.event;

import java.security.SecureRandom;
import java.util.SplittableRandom;

/**
 * Generates the events of one generator instance (spec section 2): stamped JSON documents of an exact size, with a
 * random {@code generator_identifier}, a gap-free {@code _seq} and a unique {@code _id}.
 *
 * <p>The value pools are built once, here; {@link #next} then only copies bytes into a reused buffer and allocates the
 * returned document (spec section 8: no other per-event allocation). Not thread-safe: one per generator thread.
 */
public final class EventGenerator {

    /** Redraws of an event whose fields leave no room for padding; vanishingly rare at the minimum size. */
    private static final int MAX_REDRAWS = 1_000;

    private final GeneratorSettings settings;
    private final long generatorId;
    private final DocumentWriter writer;
    private final JsonBuffer buffer;
    private final SplittableRandom content;
    private final SplittableRandom ids;
    private long seq;

    public EventGenerator(GeneratorSettings settings, long generatorId) {
        if (generatorId < 0) {
            throw new IllegalArgumentException("generator id must not be negative, got " + generatorId);
        }
        this.settings = settings;
        this.generatorId = generatorId;
        this.writer = new DocumentWriter(new ValuePools(settings.contentSeed(), settings.docSizeBytes()));
        this.buffer = new JsonBuffer(settings.docSizeBytes() + 256);
        this.content = new SplittableRandom(settings.contentSeed());
        // Ids depend on the generator, not on the content seed: two generators with one seed still never share an id.
        this.ids = new SplittableRandom(generatorId * 0x9E3779B97F4A7C15L + 1);
    }

    /**
     * A random non-negative 63-bit generator id. 63 bits, not 64, so that it is the same number as a signed 64-bit long
     * (Elasticsearch/OpenSearch {@code long}, PostgreSQL {@code bigint}) and as ClickHouse's {@code UInt64}.
     */
    public static long randomGeneratorId() {
        return new SecureRandom().nextLong() >>> 1;
    }

    public long generatorId() {
        return generatorId;
    }

    /** The {@code _seq} of the next event. */
    public long nextSeq() {
        return seq;
    }

    public GeneratorSettings settings() {
        return settings;
    }

    /** Serializes the next event, stamped with {@code eventTimeMicros}; exactly {@code docSizeBytes} of UTF-8 JSON. */
    public byte[] next(long eventTimeMicros) {
        long idHigh = ids.nextLong();
        long idLow = ids.nextLong();
        for (int draw = 0; draw < MAX_REDRAWS; draw++) {
            buffer.reset();
            writer.writeHeader(buffer, idHigh, idLow, eventTimeMicros, generatorId, seq);
            writer.writeBody(buffer, content);
            if (writer.writeAbout(buffer, settings.docSizeBytes(), content)) {
                seq++;
                return buffer.copy();
            }
        }
        throw new IllegalStateException("no document of " + settings.docSizeBytes() + " bytes after " + MAX_REDRAWS
                + " draws; raise --doc-size");
    }

    /** {@link #next} with its identity fields, for sinks that want an {@link Event}. */
    public Event nextEvent(long eventTimeMicros) {
        long eventSeq = seq;
        return new Event(next(eventTimeMicros), generatorId, eventSeq, eventTimeMicros);
    }
}
