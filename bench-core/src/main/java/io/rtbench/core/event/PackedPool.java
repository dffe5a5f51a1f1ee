package io.rtbench.core.event;

/**
 * One pool's {@link ValuePools#POOL_SIZE} values laid end to end in one array, each optionally preceded by a fixed
 * fragment (the JSON that comes before the value, such as {@code ,"email":}), so that writing a random value is one
 * copy from a few kilobytes of contiguous memory.
 *
 * <p>Why not the pool's {@code byte[][]} directly: a document picks ~60 values at random, and in a producer the Kafka
 * batches that stream through the CPU caches evict the pools between documents. Thousands of small arrays scattered
 * over the heap (each with its own header) then cost a cache miss or two per pick; packed, the same values take half
 * the memory and a pick touches one line of {@code starts} and one or two of {@code bytes}. Fusing the fragment with
 * the value also halves the number of copies per document.
 */
final class PackedPool {

    private final byte[] bytes;
    /** Where entry {@code i} starts in {@code bytes}; entry {@code i} ends where {@code i + 1} starts. */
    private final int[] starts;

    private PackedPool(byte[] bytes, int[] starts) {
        this.bytes = bytes;
        this.starts = starts;
    }

    /** Entries of {@code fragment} followed by each value, in the pool's order. */
    static PackedPool of(byte[] fragment, byte[][] values) {
        int[] starts = new int[values.length + 1];
        int length = 0;
        for (int i = 0; i < values.length; i++) {
            starts[i] = length;
            length += fragment.length + values[i].length;
        }
        starts[values.length] = length;
        byte[] bytes = new byte[length];
        for (int i = 0; i < values.length; i++) {
            System.arraycopy(fragment, 0, bytes, starts[i], fragment.length);
            System.arraycopy(values[i], 0, bytes, starts[i] + fragment.length, values[i].length);
        }
        return new PackedPool(bytes, starts);
    }

    /** The values alone. */
    static PackedPool of(byte[][] values) {
        return of(new byte[0], values);
    }

    /** Appends the entry that the low bits of {@code randomBits} pick. */
    void writeRandom(JsonBuffer out, int randomBits) {
        int index = randomBits & ValuePools.POOL_INDEX_MASK;
        int start = starts[index];
        out.put(bytes, start, starts[index + 1] - start);
    }
}
