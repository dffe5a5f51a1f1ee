package io.rtbench.core.target;

/**
 * The reads of workload {@code mixed} (docs/GUIDE.md, "Reads under write load"; docs/TARGETS.md lists each target's
 * queries). A {@link Target} opened with target option {@code workload=mixed} implements this when its
 * {@link TargetProvider#readRefusal} is empty; the collection then has what the queries need (an index on
 * {@code user_id}, or its mapping as a keyword).
 *
 * <p>Thread-safe: a small pool of reader threads calls {@link #read} concurrently. Every call is bounded by the target's
 * {@link TargetConfig#timeout()} and throws {@link TargetException} when it fails or runs out of time.
 */
public interface Readable {

    /** How many events {@link ReadQuery#USER_RECENT} returns at most. */
    int RECENT_EVENTS = 10;

    /** The numeric field that {@link ReadQuery#AGGREGATE} averages (a number with two decimals, 0 … 9,999.99). */
    String AGGREGATE_FIELD = "balance";

    /**
     * Runs one read to its end (every row fetched).
     *
     * @param id the {@code _id} of the event the read is about (a canonical UUID)
     * @param userId its {@code user_id}
     * @return how many events the query found: 0 or 1 for {@link ReadQuery#POINT}, up to {@link #RECENT_EVENTS} for
     *     {@link ReadQuery#USER_RECENT}, the user's count for {@link ReadQuery#AGGREGATE}; 0 means the event was not
     *     found (it had not landed, or was lost)
     */
    long read(ReadQuery query, String id, long userId);
}
