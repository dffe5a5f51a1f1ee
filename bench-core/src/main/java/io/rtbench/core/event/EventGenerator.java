package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.SplittableRandom;

/**
 * Generates the events of one generator instance: 60-leaf JSON documents of a fixed target size, stamped with
 * {@code _id}, {@code _event_time}, {@code generator_identifier} and a gap-free {@code _seq} (docs/MEASUREMENT.md).
 *
 * <p>Serialization is hand-written rather than done with Jackson: a data-binding or tree serializer needs a fresh
 * object graph (or map) per event plus per-field dispatch, and docs/BENCHMARKS.md demands no per-event allocation
 * beyond the document bytes and at least half of Jackson's speed even when Jackson re-serializes one fixed document.
 * Here every value is drawn once at start into pools of pre-escaped UTF-8 bytes, from which {@link DocumentBody}
 * assembles its variants; an event is a few hand-formatted numbers, one variant picked by a {@link SplittableRandom}
 * and a slice of padding text, written into a reusable scratch buffer, and the only allocation is the returned
 * exactly-sized copy ({@link #nextTransient} reuses one array instead).
 *
 * <p>Determinism: the same {@link GeneratorSettings#contentSeed()} gives the same sequence of documents, apart from
 * {@code _id} (drawn from a generator seeded by the generator id), {@code _event_time} and
 * {@code generator_identifier}. Not thread-safe: one instance per producing thread.
 */
public final class EventGenerator {

    /** Leaf fields per document, counting nested leaves once per path (array elements collapsed). */
    public static final int FIELD_COUNT = DocumentBody.FIELD_COUNT;

    private static final SecureRandom ID_SOURCE = new SecureRandom();

    private final long generatorId;
    private final byte[] generatorAndSeqPrefix;
    private final SplittableRandom idRandom;
    private final JsonBuffer buffer;
    private final DocumentBody body;
    private long seq;
    private byte[] transientDocument = new byte[0];
    /** A delete's document (the prefix alone), kept apart so that deletes between whole documents allocate nothing. */
    private byte[] transientDelete = new byte[0];

    private long lastIdMsb;
    private long lastIdLsb;
    /** Workload {@code mixed}: the keyspace of {@code user_id}; 0 for documents without one. */
    private final long users;

    private final SplittableRandom userRandom;
    private long lastUserId = -1;

    /**
     * Builds the value pools from datafaker (0.5–1 s in a fresh JVM, mostly datafaker initializing itself; ~40 ms
     * for further generators in the same JVM) and a generator ready to emit {@code _seq} 0.
     *
     * @param generatorId the {@code generator_identifier}, non-negative (see {@link #randomGeneratorId()})
     */
    public EventGenerator(GeneratorSettings settings, long generatorId) {
        this(settings, generatorId, ValuePools.build(settings.contentSeed()), 0);
    }

    /**
     * A generator for workload {@code dml} ({@link #nextChangeTransient}): its documents leave room for {@code _op} and
     * {@code _version}, so that they keep the target size exactly (and the reused array its size).
     */
    public static EventGenerator forChanges(GeneratorSettings settings, long generatorId) {
        return new EventGenerator(settings, generatorId, ValuePools.build(settings.contentSeed()), 0, true);
    }

    /**
     * A generator for workload {@code mixed}: each document carries a {@code user_id} drawn uniformly from 0 …
     * {@code users}−1 (its own random stream, seeded like the contents), right after {@code _seq}; the body leaves room
     * for it, so documents keep the target size exactly.
     */
    public static EventGenerator forUsers(GeneratorSettings settings, long generatorId, long users) {
        if (users < 1) {
            throw new IllegalArgumentException("users must be at least 1, got " + users);
        }
        return new EventGenerator(settings, generatorId, ValuePools.build(settings.contentSeed()), 0, false, users);
    }

    /** For tests and for sharing pools between generators with the same seed. */
    EventGenerator(GeneratorSettings settings, long generatorId, ValuePools pools, long firstSeq) {
        this(settings, generatorId, pools, firstSeq, false);
    }

    EventGenerator(GeneratorSettings settings, long generatorId, ValuePools pools, long firstSeq, boolean changes) {
        this(settings, generatorId, pools, firstSeq, changes, 0);
    }

    EventGenerator(
            GeneratorSettings settings,
            long generatorId,
            ValuePools pools,
            long firstSeq,
            boolean changes,
            long users) {
        if (generatorId < 0) {
            throw new IllegalArgumentException("generator id must be non-negative, got " + generatorId);
        }
        this.generatorId = generatorId;
        this.generatorAndSeqPrefix = (new String(EventLayout.GENERATOR_PREFIX, StandardCharsets.US_ASCII)
                        + generatorId
                        + new String(EventLayout.SEQ_PREFIX, StandardCharsets.US_ASCII))
                .getBytes(StandardCharsets.US_ASCII);
        this.idRandom = new SplittableRandom(generatorId);
        this.buffer = new JsonBuffer(Math.max(settings.docSizeBytes(), DocumentBody.MAX_TIGHT_DOC_BYTES)
                + EventLayout.MAX_CHANGE_FIELDS_BYTES);
        this.body = new DocumentBody(
                pools,
                new SplittableRandom(settings.contentSeed()),
                settings.docSizeBytes(),
                changes ? EventLayout.MAX_CHANGE_FIELDS_BYTES : users > 0 ? EventLayout.MAX_USER_FIELD_BYTES : 0);
        this.seq = firstSeq;
        this.users = users;
        this.userRandom = new SplittableRandom(settings.contentSeed() ^ 0x5DEECE66DL);
    }

    /**
     * A random non-negative 63-bit id from {@link SecureRandom}. 63 bits, not 64: the id must fit a signed 64-bit
     * integer exactly (Elasticsearch/OpenSearch {@code long}, PostgreSQL {@code bigint}) as well as ClickHouse's
     * {@code UInt64}, and stay non-negative so every target sorts and prints it the same way.
     */
    public static long randomGeneratorId() {
        return ID_SOURCE.nextLong() >>> 1;
    }

    public long generatorId() {
        return generatorId;
    }

    /** The {@code _seq} the next event will carry: the number of events generated so far (plus the first seq). */
    public long nextSeq() {
        return seq;
    }

    /**
     * Serializes the next event.
     *
     * @param eventTimeMicros the {@code _event_time}, microseconds since the Unix epoch, non-negative
     * @return a new, exactly sized UTF-8 JSON document that starts with the {@link EventLayout} prefix
     */
    public byte[] next(long eventTimeMicros) {
        write(eventTimeMicros);
        return buffer.toByteArray();
    }

    /**
     * {@link #next(long)} into an exactly sized array that this generator owns and overwrites on the next call, for
     * consumers that copy the bytes before they return: a Kafka producer copies a record into its batch inside
     * {@code send}. The hot path then allocates nothing per event, which on a small machine leaves the garbage
     * collector's share of the CPU to the broker. The array is replaced only when a document's size differs from the
     * previous one (at the default sizes, never).
     */
    public byte[] nextTransient(long eventTimeMicros) {
        write(eventTimeMicros);
        if (transientDocument.length != buffer.position()) {
            transientDocument = new byte[buffer.position()];
        }
        buffer.copyTo(transientDocument);
        return transientDocument;
    }

    private void write(long eventTimeMicros) {
        writePrefix(
                eventTimeMicros,
                uuidV4MostSignificant(idRandom.nextLong()),
                uuidV4LeastSignificant(idRandom.nextLong()));
        if (users > 0) {
            lastUserId = userRandom.nextLong(users);
            buffer.put(EventLayout.USER_PREFIX);
            buffer.putDecimal(lastUserId);
        }
        body.write(buffer);
    }

    /** Workload {@code mixed}: the {@code user_id} of the event written last; -1 without users. */
    public long lastUserId() {
        return lastUserId;
    }

    private void writePrefix(long eventTimeMicros, long idMsb, long idLsb) {
        if (eventTimeMicros < 0) {
            throw new IllegalArgumentException("event time must be non-negative, got " + eventTimeMicros + " µs");
        }
        JsonBuffer out = buffer;
        out.reset();
        out.put(EventLayout.ID_PREFIX);
        out.putUuid(idMsb, idLsb);
        lastIdMsb = idMsb;
        lastIdLsb = idLsb;
        out.put(EventLayout.EVENT_TIME_PREFIX);
        out.putDecimal(eventTimeMicros);
        out.put(generatorAndSeqPrefix);
        out.putDecimal(seq++);
    }

    /**
     * A change of workload {@code dml} into the array of {@link #nextTransient}: an insert (a new {@code _id}, read
     * back with {@link #lastIdMsb()} and {@link #lastIdLsb()}), or an update or delete of the {@code _id} given as the
     * two halves of its UUID. The prefix goes on with {@code _op} and {@code _version}; an insert and a replacing update
     * carry a whole document, a patch ({@code patch} true) one to three changed top-level fields, a delete nothing more.
     * Like {@link #nextTransient}, allocates only when a document's size differs from the previous one of its kind (a
     * delete's array is kept apart from the whole documents'; patches vary in size and get an array each).
     */
    public byte[] nextChangeTransient(
            long eventTimeMicros, Op op, long idMsb, long idLsb, long version, boolean patch) {
        if (version < 1) {
            throw new IllegalArgumentException("a change's _version starts at 1, got " + version);
        }
        if (op == Op.INSERT) {
            idMsb = uuidV4MostSignificant(idRandom.nextLong());
            idLsb = uuidV4LeastSignificant(idRandom.nextLong());
        }
        writePrefix(eventTimeMicros, idMsb, idLsb);
        JsonBuffer out = buffer;
        out.put(EventLayout.OP_PREFIX);
        out.putByte(op.code());
        out.put(EventLayout.VERSION_PREFIX);
        out.putDecimal(version);
        if (op == Op.DELETE) {
            out.putByte((byte) '}');
            if (transientDelete.length != out.position()) {
                transientDelete = new byte[out.position()];
            }
            out.copyTo(transientDelete);
            return transientDelete;
        }
        if (op == Op.UPDATE && patch) {
            body.writePatch(out);
        } else {
            body.write(out);
        }
        if (transientDocument.length != out.position()) {
            transientDocument = new byte[out.position()];
        }
        out.copyTo(transientDocument);
        return transientDocument;
    }

    /** The upper half of the {@code _id} of the event written last (as a UUID's most significant bits). */
    public long lastIdMsb() {
        return lastIdMsb;
    }

    /** The lower half of the {@code _id} of the event written last. */
    public long lastIdLsb() {
        return lastIdLsb;
    }

    /** {@link #next(long)} with the identity fields alongside, for sinks that need them without parsing. */
    public Event nextEvent(long eventTimeMicros) {
        long eventSeq = seq;
        byte[] json = next(eventTimeMicros);
        return new Event(json, generatorId, eventSeq, eventTimeMicros);
    }

    // RFC 9562 version 4: version nibble 0100, variant bits 10; the remaining 122 bits are random.
    private static long uuidV4MostSignificant(long random) {
        return (random & 0xFFFF_FFFF_FFFF_0FFFL) | 0x0000_0000_0000_4000L;
    }

    private static long uuidV4LeastSignificant(long random) {
        return (random & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
    }
}
