package io.rtbench.core.event;

/**
 * Serialized document sizes seen by one generator thread: min, max and mean, updated per event without allocation.
 * Not thread-safe; {@link #merge} the per-thread instances for a report.
 */
public final class DocSizeStats {

    /** Fields of every document, counting nested leaves (spec section 2). */
    public static final int FIELDS = DocumentWriter.FIELD_COUNT;

    private long count;
    private long totalBytes;
    private int minBytes = Integer.MAX_VALUE;
    private int maxBytes;

    public void add(int bytes) {
        count++;
        totalBytes += bytes;
        minBytes = Math.min(minBytes, bytes);
        maxBytes = Math.max(maxBytes, bytes);
    }

    public void merge(DocSizeStats other) {
        count += other.count;
        totalBytes += other.totalBytes;
        minBytes = Math.min(minBytes, other.minBytes);
        maxBytes = Math.max(maxBytes, other.maxBytes);
    }

    public long count() {
        return count;
    }

    public double meanBytes() {
        return count == 0 ? 0 : (double) totalBytes / count;
    }

    public int minBytes() {
        return count == 0 ? 0 : minBytes;
    }

    public int maxBytes() {
        return maxBytes;
    }
}
