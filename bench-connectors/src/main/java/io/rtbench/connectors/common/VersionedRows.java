package io.rtbench.connectors.common;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.Op;
import io.rtbench.core.target.Versioned;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of workload {@code dml} in an in-memory target ({@code reference}, {@code null}): per {@code _id} the event
 * with the highest {@code _version} received, a delete kept as a tombstone, as a database that applies versions keeps
 * them. An update of an {@code _id} that has no row yet is applied as the row (a patch is not: there is nothing to
 * merge it into, as in the databases). Thread-safe. Internal to the drivers.
 */
public final class VersionedRows {

    private record Row(long version, long seq, boolean deleted) {}

    private final Map<String, Row> rows = new HashMap<>();

    /**
     * Applies an event unless its {@code _id} has a version at least as high.
     *
     * @param patch whether an update carries only some fields
     * @return whether it was applied
     */
    public synchronized boolean apply(Event event, boolean patch) {
        String id = event.id();
        Row current = rows.get(id);
        if (current != null && current.version >= event.version()) {
            return false;
        }
        if (current == null && patch && event.op() == Op.UPDATE) {
            return false;
        }
        rows.put(id, new Row(event.version(), event.seq(), event.op() == Op.DELETE));
        return true;
    }

    /** Per live id among {@code ids}, its version (see {@link Versioned#liveVersions}). */
    public synchronized Map<String, Long> live(List<String> ids) {
        Map<String, Long> live = new HashMap<>();
        for (String id : ids) {
            Row row = rows.get(id);
            if (row != null && !row.deleted) {
                live.put(id, row.version);
            }
        }
        return live;
    }

    /** Per live id among {@code ids}, the {@code _seq} of the event it shows. */
    public synchronized Map<String, Long> liveSeqs(List<String> ids) {
        Map<String, Long> live = new HashMap<>();
        for (String id : ids) {
            Row row = rows.get(id);
            if (row != null && !row.deleted) {
                live.put(id, row.seq);
            }
        }
        return live;
    }

    /** Every row, tombstones included, for the audit. */
    public synchronized void visit(Versioned.RowVisitor visitor) {
        rows.values().forEach(row -> visitor.row(row.seq, row.deleted));
    }
}
