package io.rtbench.producer.destination;

import io.rtbench.core.event.Op;

/**
 * Where one generator thread's events go: Kafka, a target's write API (direct mode) or nowhere (the generator alone).
 * Events arrive in bursts; a writer records {@code produceAck} when the destination acknowledged, from the burst's
 * intended time, for measured bursts only ({@code scheduleDelay} is the generator loop's).
 *
 * <p>One instance per generator thread; not thread-safe. Resources shared between threads (the Kafka producer, the
 * target) belong to the {@link WriterFactory}.
 */
public interface DestinationWriter {

    void beginBurst(long intendedNanos, boolean measured);

    /**
     * One serialized event; {@code seq} and {@code eventTimeMicros} as written into it. {@code json} is valid only
     * during this call: the generator writes the next event into the same array, so a writer that keeps the bytes must
     * copy them.
     */
    void add(byte[] json, long seq, long eventTimeMicros);

    /**
     * One event of workload {@code dml}: an insert, update or delete with its {@code _version}, as written into
     * {@code json} (valid only during this call, as in {@link #add(byte[], long, long)}). The default forgets op and
     * version, which only a writer that measures nothing may do.
     */
    default void add(byte[] json, long seq, long eventTimeMicros, Op op, long version) {
        add(json, seq, eventTimeMicros);
    }

    void endBurst();
}
