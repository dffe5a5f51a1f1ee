package io.rtbench.core.event;

/**
 * Min, max and mean serialized size of the documents produced, for the result file's {@code steps[].docBytes}. The
 * producer records every event; {@link #record(int)} does not allocate. Single writer: one instance per producing
 * thread, combined with {@link #add(DocSizeStats)} when a step ends.
 */
public final class DocSizeStats {

    private long count;
    private long totalBytes;
    private int minBytes = Integer.MAX_VALUE;
    private int maxBytes;

    public void record(int docBytes) {
        count++;
        totalBytes += docBytes;
        minBytes = Math.min(minBytes, docBytes);
        maxBytes = Math.max(maxBytes, docBytes);
    }

    /** Adds another accumulator's documents to this one. */
    public void add(DocSizeStats other) {
        count += other.count;
        totalBytes += other.totalBytes;
        minBytes = Math.min(minBytes, other.minBytes);
        maxBytes = Math.max(maxBytes, other.maxBytes);
    }

    public void reset() {
        count = 0;
        totalBytes = 0;
        minBytes = Integer.MAX_VALUE;
        maxBytes = 0;
    }

    public long count() {
        return count;
    }

    public long totalBytes() {
        return totalBytes;
    }

    /** Smallest document in bytes; 0 when none was recorded. */
    public int minBytes() {
        return count == 0 ? 0 : minBytes;
    }

    /** Largest document in bytes; 0 when none was recorded. */
    public int maxBytes() {
        return maxBytes;
    }

    /** Mean document size in bytes; 0 when none was recorded. */
    public double meanBytes() {
        return count == 0 ? 0 : (double) totalBytes / count;
    }

    /** Leaf fields per document ({@code docBytes.fields} in the result file). */
    public int fields() {
        return EventGenerator.FIELD_COUNT;
    }

    @Override
    public String toString() {
        return String.format(
                "DocSizeStats[count=%d, min=%d, mean=%.1f, max=%d bytes]", count, minBytes(), meanBytes(), maxBytes());
    }
}
