package io.rtbench.connectors.common;

import io.rtbench.core.target.AuditCounts;
import java.util.HashMap;
import java.util.Map;

/**
 * What an in-memory target received from one generator: how many events, which distinct {@code _seq}s, the highest
 * one. One bit per sequence number, in chunks, so that long runs fit (a billion events: 125 MB) and sequence numbers
 * beyond {@code Integer.MAX_VALUE} work. Thread-safe. Internal to the drivers.
 */
public final class SeqTally {

    private static final int CHUNK_BITS_LOG2 = 20;
    private static final int WORDS_PER_CHUNK = (1 << CHUNK_BITS_LOG2) / Long.SIZE;

    private final Map<Long, long[]> chunks = new HashMap<>();
    private long count;
    private long distinct;
    private long maxSeq = -1;

    /**
     * Counts one received event.
     *
     * @return whether this is the first copy of {@code seq}
     */
    public synchronized boolean add(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException("negative _seq " + seq);
        }
        count++;
        maxSeq = Math.max(maxSeq, seq);
        long[] words = chunks.computeIfAbsent(seq >>> CHUNK_BITS_LOG2, k -> new long[WORDS_PER_CHUNK]);
        int bit = (int) (seq & ((1 << CHUNK_BITS_LOG2) - 1));
        long mask = 1L << (bit & 63);
        int word = bit >>> 6;
        if ((words[word] & mask) != 0) {
            return false;
        }
        words[word] |= mask;
        distinct++;
        return true;
    }

    public synchronized AuditCounts counts() {
        return new AuditCounts(count, distinct, maxSeq);
    }
}
