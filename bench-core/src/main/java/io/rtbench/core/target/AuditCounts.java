package io.rtbench.core.target;

/**
 * What landed in a target for one generator.
 *
 * @param count documents (rows) of the generator in the collection, duplicates included where the target keeps them
 * @param distinctSeqs distinct {@code _seq} values among them
 * @param maxSeq highest {@code _seq} seen, or -1 when nothing landed
 */
public record AuditCounts(long count, long distinctSeqs, long maxSeq) {

    public static final AuditCounts NONE = new AuditCounts(0, 0, -1);

    public AuditCounts {
        if (count < 0 || distinctSeqs < 0 || distinctSeqs > count || maxSeq < -1) {
            throw new IllegalArgumentException(
                    "inconsistent audit: count=" + count + " distinct=" + distinctSeqs + " maxSeq=" + maxSeq);
        }
    }

    /** Events produced (seq 0..produced-1) that did not land. */
    public long lost(long produced) {
        return Math.max(0, produced - distinctSeqs);
    }

    /** Copies beyond the first of any event. */
    public long duplicates() {
        return count - distinctSeqs;
    }
}
