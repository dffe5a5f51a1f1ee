package io.rtbench.connectors.nulltarget;

import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.connectors.common.InMemoryTarget;
import io.rtbench.connectors.common.SeqTally;
import io.rtbench.connectors.common.VersionedRows;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.target.WriteResult;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Discards writes, for measuring everything but a database. It still counts what it received per generator (count,
 * distinct {@code _seq}, highest {@code _seq}, one bit per event), so that the audit works, and shares the counts with
 * every null target of the same URL and collection in this JVM. Nothing ever becomes visible: the probe is always
 * empty. Workload {@code dml}: the changes are applied in memory (highest version wins, deletes kept as tombstones) for
 * the audit of the final state; none of them becomes visible either.
 */
final class NullTarget extends InMemoryTarget<NullTarget.Counts> implements Versioned {

    /** What one collection received, per generator. */
    static final class Counts {
        final Map<Long, SeqTally> generators = new ConcurrentHashMap<>();
        final Map<Long, VersionedRows> rows = new ConcurrentHashMap<>();
    }

    NullTarget(TargetConfig config, InMemoryCollections<Counts> collections) {
        super(config, collections, Counts::new);
    }

    @Override
    public WriteResult write(EventBatch batch) {
        requireCollection("write");
        SeqTally tally = null;
        long tallyGenerator = 0;
        for (Event event : batch.events()) {
            if (tally == null || event.generatorId() != tallyGenerator) {
                tallyGenerator = event.generatorId();
                tally = store.generators.computeIfAbsent(tallyGenerator, id -> new SeqTally());
            }
            tally.add(event.seq());
            if (event.versioned()) {
                store.rows
                        .computeIfAbsent(tallyGenerator, id -> new VersionedRows())
                        .apply(event, patch);
            }
        }
        return WriteResult.allWritten(batch.size());
    }

    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        requireCollection("probe");
        return OptionalLong.empty();
    }

    @Override
    public boolean showsEvents() {
        return false;
    }

    @Override
    public AuditCounts audit(long generatorId) {
        requireCollection("audit");
        SeqTally tally = store.generators.get(generatorId);
        return tally == null ? AuditCounts.NONE : tally.counts();
    }

    @Override
    public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
        requireCollection("probe");
        return Map.of();
    }

    @Override
    public void rows(long generatorId, RowVisitor visitor) {
        requireCollection("audit");
        VersionedRows rows = store.rows.get(generatorId);
        if (rows != null) {
            rows.visit(visitor);
        }
    }
}
