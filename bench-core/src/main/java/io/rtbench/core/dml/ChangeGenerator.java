package io.rtbench.core.dml;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.Op;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The events of one generator under workload {@code dml} (docs/GUIDE.md, "Updates and deletes"): each event is an
 * insert, or, with the configured shares, an update or delete of a row this generator inserted earlier, drawn at random
 * from up to {@value #ROWS} rows that are at least {@link DmlSettings#minRowAge()} old (younger rows wait in a queue).
 * A row's {@code _version} is 1 when inserted and one more with every change; a deleted row is never changed again.
 * When no row is old enough yet, the event is an insert: the achieved shares are in the result's operation counts.
 *
 * <p>The hot path allocates nothing beyond the document array of {@link EventGenerator#nextChangeTransient}: rows and
 * the queue are primitive arrays (the queue grows by doubling while the rate holds more than its capacity in
 * {@code minRowAge}), the ledger a chunk per 65,536 events. Not thread-safe: one instance per generator thread.
 */
public final class ChangeGenerator {

    /** Rows that changes are drawn from; when full, a new row replaces a random one (which is no longer changed). */
    static final int ROWS = 1 << 16;

    private final EventGenerator events;
    private final double updateShare;
    private final double deleteShare;
    private final boolean patch;
    private final long minRowAgeMicros;
    private final SplittableRandom random;
    private final ChangeHistory history;

    private final long[] rowMsb = new long[ROWS];
    private final long[] rowLsb = new long[ROWS];
    private final long[] rowLastSeq = new long[ROWS];
    private final long[] rowLastUpdate = new long[ROWS];
    private final int[] rowVersion = new int[ROWS];
    private int rows;

    private long[] youngMsb = new long[1024];
    private long[] youngLsb = new long[1024];
    private long[] youngSeq = new long[1024];
    private long[] youngTime = new long[1024];
    private int youngHead;
    private int youngSize;

    private Op lastOp = Op.INSERT;
    private long lastVersion;

    /**
     * @param randomSeed seeds the choice of ops and rows (the documents' contents follow the generator's own seed)
     */
    public ChangeGenerator(EventGenerator events, DmlSettings settings, long randomSeed) {
        this.events = events;
        this.updateShare = settings.updateShare();
        this.deleteShare = settings.deleteShare();
        this.patch = settings.updateMode() == UpdateMode.PATCH;
        this.minRowAgeMicros = settings.minRowAge().toNanos() / 1_000;
        this.random = new SplittableRandom(randomSeed);
        this.history = new ChangeHistory(events.generatorId());
    }

    public ChangeHistory history() {
        return history;
    }

    /** The {@code _seq} the next event will carry. */
    public long nextSeq() {
        return events.nextSeq();
    }

    /** The op of the event written last. */
    public Op lastOp() {
        return lastOp;
    }

    /** The {@code _version} of the event written last. */
    public long lastVersion() {
        return lastVersion;
    }

    /**
     * The next event into the generator's reused array (valid until the next call, see
     * {@link EventGenerator#nextTransient}); {@link #lastOp()} and {@link #lastVersion()} say what it is.
     */
    public byte[] nextTransient(long eventTimeMicros) {
        promote(eventTimeMicros);
        long seq = events.nextSeq();
        double draw = random.nextDouble();
        if (rows > 0 && draw < deleteShare + updateShare) {
            int row = random.nextInt(rows);
            if (seq - rowLastSeq[row] <= ChangeLedger.MAX_LINK) {
                return draw < deleteShare ? delete(row, seq, eventTimeMicros) : update(row, seq, eventTimeMicros);
            }
            removeRow(row);
        }
        return insert(seq, eventTimeMicros);
    }

    private byte[] insert(long seq, long eventTimeMicros) {
        byte[] json = events.nextChangeTransient(eventTimeMicros, Op.INSERT, 0, 0, 1, false);
        history.ledger().append(seq, Op.INSERT);
        history.countInsert();
        enqueueYoung(events.lastIdMsb(), events.lastIdLsb(), seq, eventTimeMicros);
        lastOp = Op.INSERT;
        lastVersion = 1;
        return json;
    }

    private byte[] update(int row, long seq, long eventTimeMicros) {
        int version = rowVersion[row] + 1;
        byte[] json = events.nextChangeTransient(eventTimeMicros, Op.UPDATE, rowMsb[row], rowLsb[row], version, patch);
        record(row, seq, Op.UPDATE);
        history.countUpdate();
        rowVersion[row] = version;
        rowLastUpdate[row] =
                history.recent().update(rowMsb[row], rowLsb[row], version, eventTimeMicros, rowLastUpdate[row]);
        lastOp = Op.UPDATE;
        lastVersion = version;
        return json;
    }

    private byte[] delete(int row, long seq, long eventTimeMicros) {
        int version = rowVersion[row] + 1;
        byte[] json = events.nextChangeTransient(eventTimeMicros, Op.DELETE, rowMsb[row], rowLsb[row], version, false);
        record(row, seq, Op.DELETE);
        history.countDelete();
        history.recent().delete(rowMsb[row], rowLsb[row], version, eventTimeMicros, rowLastUpdate[row]);
        removeRow(row);
        lastOp = Op.DELETE;
        lastVersion = version;
        return json;
    }

    private void record(int row, long seq, Op op) {
        history.ledger().append(seq, op);
        history.ledger().link(rowLastSeq[row], seq);
        rowLastSeq[row] = seq;
    }

    private void removeRow(int row) {
        int last = --rows;
        rowMsb[row] = rowMsb[last];
        rowLsb[row] = rowLsb[last];
        rowLastSeq[row] = rowLastSeq[last];
        rowLastUpdate[row] = rowLastUpdate[last];
        rowVersion[row] = rowVersion[last];
    }

    /** Rows inserted at least the minimum age before {@code nowMicros} become candidates for changes. */
    private void promote(long nowMicros) {
        while (youngSize > 0 && nowMicros - youngTime[youngHead] >= minRowAgeMicros) {
            int row = rows < ROWS ? rows++ : random.nextInt(ROWS);
            rowMsb[row] = youngMsb[youngHead];
            rowLsb[row] = youngLsb[youngHead];
            rowLastSeq[row] = youngSeq[youngHead];
            rowLastUpdate[row] = -1;
            rowVersion[row] = 1;
            youngHead = (youngHead + 1) % youngMsb.length;
            youngSize--;
        }
    }

    private void enqueueYoung(long msb, long lsb, long seq, long eventTimeMicros) {
        if (youngSize == youngMsb.length) {
            growYoung();
        }
        int slot = (youngHead + youngSize) % youngMsb.length;
        youngMsb[slot] = msb;
        youngLsb[slot] = lsb;
        youngSeq[slot] = seq;
        youngTime[slot] = eventTimeMicros;
        youngSize++;
    }

    private void growYoung() {
        youngMsb = unwrap(youngMsb);
        youngLsb = unwrap(youngLsb);
        youngSeq = unwrap(youngSeq);
        youngTime = unwrap(youngTime);
        youngHead = 0;
    }

    private long[] unwrap(long[] ring) {
        long[] grown = Arrays.copyOf(ring, ring.length * 2);
        for (int i = 0; i < youngSize; i++) {
            grown[i] = ring[(youngHead + i) % ring.length];
        }
        return grown;
    }
}
