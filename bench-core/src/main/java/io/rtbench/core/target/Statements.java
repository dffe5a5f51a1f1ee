package io.rtbench.core.target;

import io.rtbench.core.event.Event;
import java.util.List;
import java.util.Map;

/**
 * Workload {@code dml} as statements ({@code rtbench dml}, docs/GUIDE.md "Statements"): seed 004's INSERT, UPDATE and
 * DELETE, each the target's own statement, timed one at a time. Implemented by targets opened with
 * {@link TargetConfig#dml()} (the collection laid out for changes). Every call is one statement (one request), bounded
 * by the target timeout, and returns when the database acknowledged it; when the change becomes visible is what
 * {@link #visibleSeqs} tells.
 */
public interface Statements {

    /** One INSERT of all the events' rows (one statement, or one {@code _bulk} request). */
    void insert(List<Event> events);

    /** One UPDATE of the row with the event's {@code _id}, to the event's document, {@code _seq} and time. */
    void update(Event event);

    /** One DELETE of the row with the event's {@code _id}. */
    void delete(Event event);

    /**
     * A fresh query: the {@code _seq} each of the given {@code _id}s of one generator shows now; ids without a visible
     * row (never written, not yet visible, deleted) are absent.
     *
     * @param ids at most {@link Versioned#MAX_IDS}
     */
    Map<String, Long> visibleSeqs(long generatorId, List<String> ids);

    /**
     * The statements as the target sends them, by operation ({@code insert}, {@code update}, {@code delete}, and
     * {@code visible} for the query that checks visibility), with {@code ?} for values: what the report shows.
     */
    Map<String, String> describe();
}
