package io.rtbench.core.target;

import java.util.List;
import java.util.Map;

/**
 * Implemented by targets that apply workload {@code dml} (docs/MEASUREMENT.md, "Workload dml"): they keep, per
 * {@code _id}, only the highest {@code _version} written (so a re-delivered or reordered event never overwrites a newer
 * one), apply deletes, and answer the two reads the evaluator needs. The evaluator checks
 * {@code target instanceof Versioned}; {@link TargetProvider#dmlRefusal} says before any server starts whether a kind
 * takes the workload.
 *
 * <p>Rows: each shows the event last applied to its {@code _id}, with that event's {@code _seq}, {@code _version},
 * {@code _op} and {@code _event_time}. A target may keep a deleted row as a tombstone (its version remembered) or
 * remove it; either way the row is not live.
 */
public interface Versioned {

    /** Ids one {@link #liveVersions} call takes at most. */
    int MAX_IDS = 512;

    /** The read path that readers of the target use, and that the audit trusts. */
    String CONSISTENT = "";

    /**
     * The read paths the probe measures, each a suffix of the metric names ({@code updateVisible} +
     * suffix): {@link #CONSISTENT} first; ClickHouse adds {@code WithoutFinal}, the plain read that shows old versions
     * and deleted rows until parts merge.
     */
    default List<String> readVariants() {
        return List.of(CONSISTENT);
    }

    /**
     * The probe: which of the given {@code _id}s of one generator are live (visible and not deleted) through a read
     * path, at which {@code _version}. One query, bounded by the target timeout; reads only what a fresh query of the
     * target would see (after a refresh, a commit, a merge where the path needs one).
     *
     * @param ids at most {@link #MAX_IDS} canonical UUID strings
     * @param variant one of {@link #readVariants()}
     * @return per live id its highest visible {@code _version}; ids that are not live (never written, not visible yet,
     *     deleted) are absent
     */
    Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant);

    /**
     * The audit: every row of the generator as the consistent read shows it after every acknowledged write is visible,
     * tombstones included where the target keeps them. Each row once, in any order; may take seconds for large
     * collections (it reads the {@code _seq} and the deleted flag of every row).
     */
    void rows(long generatorId, RowVisitor visitor);

    /** Receives the rows of {@link #rows}. */
    @FunctionalInterface
    interface RowVisitor {
        /**
         * @param seq the {@code _seq} of the event the row shows
         * @param deleted whether the row is a tombstone (a delete the target keeps to remember its version)
         */
        void row(long seq, boolean deleted);
    }
}
