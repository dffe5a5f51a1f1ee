package io.rtbench.core.dml;

import io.rtbench.core.event.Op;
import io.rtbench.core.target.Versioned;
import java.util.BitSet;

/**
 * The audit of workload {@code dml} (docs/MEASUREMENT.md): the final state of every {@code _id} a generator wrote,
 * compared with the rows the target shows. Each row shows one event ({@code _seq}); the {@link ChangeLedger} leads from
 * it to the last event of its {@code _id}. An {@code _id} has landed when its last version is live, or, when it was
 * deleted, when no live row shows it; it is <em>lost</em> when it should be live and no row shows it, <em>stale</em>
 * when a row shows an older version, <em>resurrected</em> when it was deleted and a live row shows it.
 * {@code landed + lost + stale + resurrected = ids}.
 */
public final class FinalStateAudit implements Versioned.RowVisitor {

    private final ChangeLedger ledger;
    private final long inserts;
    private final long deletes;
    /** The last events whose {@code _id} a row showed already: a second row of the same {@code _id} is a duplicate. */
    private final BitSet shown = new BitSet();

    private long landedLive;
    private long stale;
    private long resurrected;
    private long duplicates;
    private long unknown;

    public FinalStateAudit(ChangeHistory history) {
        this.ledger = history.ledger();
        this.inserts = history.inserts();
        this.deletes = history.deletes();
    }

    @Override
    public void row(long seq, boolean deleted) {
        if (seq < 0 || seq >= ledger.size() || seq > Integer.MAX_VALUE) {
            unknown++; // another writer's row, or an event after the generator's count (counted, never matched)
            return;
        }
        long last = ledger.last(seq);
        if (shown.get((int) last)) {
            duplicates++;
            return;
        }
        shown.set((int) last);
        boolean deletedAtLast = ledger.op(last) == Op.DELETE;
        if (deleted) {
            if (!deletedAtLast || last != seq) {
                stale++; // a tombstone of an _id that lives on: cannot be written by rtbench's changes
            }
            return;
        }
        if (deletedAtLast) {
            resurrected++;
        } else if (last == seq) {
            landedLive++;
        } else {
            stale++;
        }
    }

    /** The counts, once every row was visited. */
    public FinalState result() {
        long expectedLive = inserts - deletes;
        long lost = Math.max(0, expectedLive - landedLive - stale);
        return new FinalState(
                inserts, landedLive + deletes - resurrected, lost, stale, resurrected, duplicates, unknown);
    }

    /**
     * The final state of one generator's {@code _id}s.
     *
     * @param ids {@code _id}s written (inserts)
     * @param landed in their final state
     * @param lost should be live, no row shows them
     * @param stale a row shows an older version
     * @param resurrected deleted, yet a live row shows them
     * @param duplicates rows beyond the first of an {@code _id}
     * @param unknownRows rows whose {@code _seq} this generator never produced
     */
    public record FinalState(
            long ids, long landed, long lost, long stale, long resurrected, long duplicates, long unknownRows) {

        /** Nothing lost, stale or resurrected. */
        public boolean correct() {
            return lost == 0 && stale == 0 && resurrected == 0;
        }

        public FinalState plus(FinalState other) {
            return new FinalState(
                    ids + other.ids,
                    landed + other.landed,
                    lost + other.lost,
                    stale + other.stale,
                    resurrected + other.resurrected,
                    duplicates + other.duplicates,
                    unknownRows + other.unknownRows);
        }

        public static final FinalState EMPTY = new FinalState(0, 0, 0, 0, 0, 0, 0);
    }
}
