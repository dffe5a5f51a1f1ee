package io.rtbench.connectors.nulltarget;

import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.connectors.common.SeqTally;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.connectors.common.VersionedRows;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
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
final class NullTarget implements Target, Versioned {

    /** What one collection received, per generator. */
    static final class Counts {
        final Map<Long, SeqTally> generators = new ConcurrentHashMap<>();
        final Map<Long, VersionedRows> rows = new ConcurrentHashMap<>();
    }

    private final TargetConfig config;
    private final InMemoryCollections<Counts> collections;
    private final Counts counts;
    private final TargetErrors errors;
    private final boolean patch;

    NullTarget(TargetConfig config, InMemoryCollections<Counts> collections) {
        this.config = config;
        this.collections = collections;
        this.counts = collections.store(config, Counts::new);
        this.errors = new TargetErrors(config.kind(), InMemoryCollections.database(config));
        this.patch = config.updateMode() == UpdateMode.PATCH;
    }

    @Override
    public void ensureCollection() {
        collections.create(config);
    }

    @Override
    public WriteResult write(EventBatch batch) {
        requireCollection("write");
        SeqTally tally = null;
        long tallyGenerator = 0;
        for (Event event : batch.events()) {
            if (tally == null || event.generatorId() != tallyGenerator) {
                tallyGenerator = event.generatorId();
                tally = counts.generators.computeIfAbsent(tallyGenerator, id -> new SeqTally());
            }
            tally.add(event.seq());
            if (event.versioned()) {
                counts.rows
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
    public AuditCounts audit(long generatorId) {
        requireCollection("audit");
        SeqTally tally = counts.generators.get(generatorId);
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
        VersionedRows rows = counts.rows.get(generatorId);
        if (rows != null) {
            rows.visit(visitor);
        }
    }

    private void requireCollection(String what) {
        if (!collections.exists(config)) {
            throw errors.missingCollection(what, "collection", config.collection());
        }
    }

    @Override
    public String serverVersion() {
        return "in-memory";
    }

    @Override
    public void close() {}
}
