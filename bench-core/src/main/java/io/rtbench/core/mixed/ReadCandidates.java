package io.rtbench.core.mixed;

import java.util.UUID;

/**
 * The events that reads of workload {@code mixed} may pick (docs/MEASUREMENT.md, "Reads under write load"): the
 * generators offer a sample of what they produce, and each read takes the oldest offered event whose
 * {@code _event_time} is at least {@code --read-age} old. A taken event leaves the ledger, so no event is read twice.
 *
 * <p>Memory stays flat in a long run: four primitive arrays of a fixed capacity, and the generators offer only every
 * {@link #stride()}-th event (enough for twice the read rate). When the ledger is full an offer is refused, not an old
 * entry dropped: the old entries are the ones about to be read, and reads then pick events older than needed, never
 * younger.
 */
public final class ReadCandidates {

    /** 40 bytes an entry: 40 MB at most, ~45 min of reads at 200/s with twice the room. */
    public static final int MAX_CAPACITY = 1 << 20;

    private final long[] idMsb;
    private final long[] idLsb;
    private final long[] userIds;
    private final long[] eventTimesMicros;
    private final long[] offers;
    private long offered;
    private int head;
    private int size;
    private long refused;
    private volatile int stride = 1;

    public ReadCandidates(int capacity) {
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be 1 … " + MAX_CAPACITY + ", got " + capacity);
        }
        idMsb = new long[capacity];
        idLsb = new long[capacity];
        userIds = new long[capacity];
        eventTimesMicros = new long[capacity];
        offers = new long[capacity];
    }

    /**
     * A ledger sized for {@code readsPerSec} reads of events {@code readAge} old, with room for twice as many (and a
     * minute more), within {@link #MAX_CAPACITY}.
     */
    public static ReadCandidates sizedFor(double readsPerSec, java.time.Duration readAge) {
        double entries = Math.ceil(2 * readsPerSec * (readAge.toMillis() / 1000.0 + 60));
        return new ReadCandidates((int) Math.max(1024, Math.min(MAX_CAPACITY, entries)));
    }

    /** One event of this many goes to the ledger: write rate / (2 × read rate), at least 1 (see {@link #stride}). */
    public void sampleFor(double writesPerSec, double readsPerSec) {
        double ratio = writesPerSec / (2 * readsPerSec);
        stride = !Double.isFinite(ratio) || ratio < 1 ? 1 : (int) Math.min(Integer.MAX_VALUE, ratio);
    }

    /** Generators offer every stride-th event they produce. */
    public int stride() {
        return stride;
    }

    /** Offers one produced event; false when the ledger is full (counted in {@link #refused()}). */
    public synchronized boolean offer(long msb, long lsb, long userId, long eventTimeMicros) {
        if (size == idMsb.length) {
            refused++;
            return false;
        }
        int slot = (head + size) % idMsb.length;
        idMsb[slot] = msb;
        idLsb[slot] = lsb;
        userIds[slot] = userId;
        eventTimesMicros[slot] = eventTimeMicros;
        offers[slot] = offered++;
        size++;
        return true;
    }

    /**
     * Takes the oldest offered event if its {@code _event_time} is at or before {@code cutoffMicros}; null when none is
     * that old yet. Generators offer in about {@code _event_time} order (one ledger for all of them), so the head is
     * the oldest within a burst's spread.
     */
    public synchronized Candidate take(long cutoffMicros) {
        if (size == 0 || eventTimesMicros[head] > cutoffMicros) {
            return null;
        }
        Candidate candidate = new Candidate(
                new UUID(idMsb[head], idLsb[head]).toString(), userIds[head], eventTimesMicros[head], offers[head]);
        head = (head + 1) % idMsb.length;
        size--;
        return candidate;
    }

    /** Events waiting to be read. */
    public synchronized int size() {
        return size;
    }

    /** Offers refused because the ledger was full. */
    public synchronized long refused() {
        return refused;
    }

    /**
     * One event a read is about.
     *
     * @param offer its place among the accepted offers (0, 1, 2 …): takes return them in increasing order, which the
     *     reads check at run time (no event read twice)
     */
    public record Candidate(String id, long userId, long eventTimeMicros, long offer) {}
}
