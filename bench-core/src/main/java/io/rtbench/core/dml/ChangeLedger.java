package io.rtbench.core.dml;

import io.rtbench.core.event.Op;
import java.util.Arrays;

/**
 * Every event of one {@code dml} generator, by {@code _seq}: its op and the {@code _seq} of the next event of the same
 * {@code _id}, so that the audit finds the final event of every {@code _id} from any of its events (a row stores the
 * {@code _seq} of the event it shows). One {@code int} per event, in chunks: the generator's hot path allocates a
 * chunk every {@value #CHUNK} events and nothing else. Written by the generator's thread only; read after its phase
 * (the audit), which the producer's thread hand-off orders after the writes.
 */
public final class ChangeLedger {

    /** The distance to the next event of the same {@code _id} must fit 29 bits; older rows are not changed again. */
    public static final long MAX_LINK = (1L << 29) - 1;

    static final int CHUNK_BITS = 16;
    static final int CHUNK = 1 << CHUNK_BITS;
    private static final int NONE = -1;

    private int[][] chunks = new int[16][];
    private long size;

    /** Records event {@code seq} (the next one: {@code seq} must equal {@link #size()}). */
    void append(long seq, Op op) {
        if (seq != size) {
            throw new IllegalStateException("events must be recorded in _seq order: expected " + size + ", got " + seq);
        }
        int chunk = (int) (seq >>> CHUNK_BITS);
        if (chunk == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunks.length * 2);
        }
        if (chunks[chunk] == null) {
            chunks[chunk] = new int[CHUNK];
        }
        chunks[chunk][(int) (seq & (CHUNK - 1))] = op.ordinal();
        size++;
    }

    /** Links event {@code previous} to {@code next}, a later event of the same {@code _id}. */
    void link(long previous, long next) {
        long distance = next - previous;
        if (distance <= 0 || distance > MAX_LINK) {
            throw new IllegalArgumentException("cannot link _seq " + previous + " to " + next);
        }
        int[] chunk = chunks[(int) (previous >>> CHUNK_BITS)];
        int index = (int) (previous & (CHUNK - 1));
        chunk[index] = (int) (distance << 2) | (chunk[index] & 3);
    }

    /** Events recorded: {@code _seq} 0 … size−1. */
    public long size() {
        return size;
    }

    /** The op of event {@code seq}. */
    public Op op(long seq) {
        return Op.values()[entry(seq) & 3];
    }

    /** The {@code _seq} of the last event of the {@code _id} of event {@code seq} (itself if it is the last). */
    public long last(long seq) {
        long at = seq;
        for (int entry = entry(at); (entry >>> 2) != 0; entry = entry(at)) {
            at += entry >>> 2;
        }
        return at;
    }

    /** The next event of the same {@code _id}, or -1. */
    public long next(long seq) {
        int distance = entry(seq) >>> 2;
        return distance == 0 ? NONE : seq + distance;
    }

    private int entry(long seq) {
        if (seq < 0 || seq >= size) {
            throw new IllegalArgumentException("no event with _seq " + seq + " (recorded: " + size + ")");
        }
        return chunks[(int) (seq >>> CHUNK_BITS)][(int) (seq & (CHUNK - 1))];
    }
}
