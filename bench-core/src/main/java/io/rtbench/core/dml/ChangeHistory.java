package io.rtbench.core.dml;

/**
 * What one {@code dml} generator did, for the probe and the audit of the evaluator in the same process: the newest
 * updates and deletes ({@link RecentChanges}, read while the generator runs), every event's op and successor
 * ({@link ChangeLedger}) and the counts per op (read once its phase is over).
 */
public final class ChangeHistory {

    private final long generatorId;
    private final RecentChanges recent = new RecentChanges();
    private final ChangeLedger ledger = new ChangeLedger();
    private volatile long inserts;
    private volatile long updates;
    private volatile long deletes;

    public ChangeHistory(long generatorId) {
        this.generatorId = generatorId;
    }

    public long generatorId() {
        return generatorId;
    }

    public RecentChanges recent() {
        return recent;
    }

    public ChangeLedger ledger() {
        return ledger;
    }

    public long inserts() {
        return inserts;
    }

    public long updates() {
        return updates;
    }

    public long deletes() {
        return deletes;
    }

    /** Events so far: {@code _seq} 0 … events−1. */
    public long events() {
        return ledger.size();
    }

    // One writer (the generator's thread): a volatile write without a read-modify-write race.
    void countInsert() {
        inserts = inserts + 1;
    }

    void countUpdate() {
        updates = updates + 1;
    }

    void countDelete() {
        deletes = deletes + 1;
    }
}
