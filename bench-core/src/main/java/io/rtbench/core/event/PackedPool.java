package io.rtbench.core.event;

/**
 * Entries laid end to end in one array (a power of two of them, so that a random pick is a mask of random bits, with
 * no modulo bias), each optionally preceded by a fixed fragment (the JSON that comes before a value, such as
 * {@code ,"email":}), so that writing a random entry is one copy from contiguous memory. It holds a pool's values while
 * the {@link DocumentBody} variants are assembled, and then the variants themselves.
 *
 * <p>Why not a {@code byte[][]}: thousands of small arrays scattered over the heap (each with its own header) cost a
 * cache miss or two per pick once other data has evicted them; packed, the same entries take half the memory and a pick
 * touches one line of {@code starts} and the consecutive lines of its entry, which the hardware prefetcher follows.
 * Fusing the fragment with the value also halves the number of copies.
 */
final class PackedPool {

    private final byte[] bytes;
    /** Where entry {@code i} starts in {@code bytes}; entry {@code i} ends where {@code i + 1} starts. */
    private final int[] starts;

    private final int indexMask;

    private PackedPool(byte[] bytes, int[] starts) {
        this.bytes = bytes;
        this.starts = starts;
        this.indexMask = starts.length - 2;
    }

    /** Entries of {@code fragment} followed by each value, in the given order; a power of two of values. */
    static PackedPool of(byte[] fragment, byte[][] values) {
        if (Integer.bitCount(values.length) != 1) {
            throw new IllegalArgumentException("a power of two of values is needed, got " + values.length);
        }
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
        int index = randomBits & indexMask;
        int start = starts[index];
        out.put(bytes, start, starts[index + 1] - start);
    }

    int size() {
        return starts.length - 1;
    }
}
