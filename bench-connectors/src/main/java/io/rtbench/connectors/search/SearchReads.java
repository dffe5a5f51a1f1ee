package io.rtbench.connectors.search;

import com.fasterxml.jackson.databind.JsonNode;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;

/**
 * The reads of workload {@code mixed} on Elasticsearch and OpenSearch (docs/TARGETS.md): searches, not real-time gets
 * (a {@code GET /_doc} reads the translog and would not show what a search sees). {@code user_id} is mapped as a
 * {@code keyword} (an exact-match identifier, looked up in the terms dictionary) and {@code balance} as a
 * {@code double}; a point read is an {@code ids} query, the newest events of a user a term query sorted by
 * {@code _event_time}, both with their sources; the aggregate a term query with an {@code avg} aggregation.
 */
final class SearchReads {

    /** One search: the request body, what it is for, and the response fields to keep. */
    @FunctionalInterface
    interface Search {
        JsonNode run(String what, String filterPath, String body);
    }

    /** The mappings of workload {@code mixed}, inside {@code properties}. */
    static final String MAPPINGS =
            "\"user_id\":{\"type\":\"keyword\"},\"" + Readable.AGGREGATE_FIELD + "\":{\"type\":\"double\"},";

    private SearchReads() {}

    static String body(ReadQuery query, String id, long userId) {
        String user = "{\"term\":{\"user_id\":\"" + userId + "\"}}";
        return switch (query) {
            case POINT -> "{\"size\":1,\"query\":{\"ids\":{\"values\":[\"" + id + "\"]}}}";
            case USER_RECENT ->
                "{\"size\":" + Readable.RECENT_EVENTS + ",\"track_total_hits\":false,\"query\":" + user
                        + ",\"sort\":[{\"_event_time\":{\"order\":\"desc\"}}]}";
            case AGGREGATE ->
                "{\"size\":0,\"track_total_hits\":true,\"query\":" + user + ",\"aggs\":{\"average\":{\"avg\":"
                        + "{\"field\":\"" + Readable.AGGREGATE_FIELD + "\"}}}}";
        };
    }

    /** Runs one read; how many events it found. {@code id} is a checked canonical UUID. */
    static long read(ReadQuery query, String id, long userId, Search search) {
        if (query == ReadQuery.AGGREGATE) {
            JsonNode root = search.run("read", "hits.total,aggregations", body(query, id, userId));
            return root.path("hits").path("total").path("value").asLong();
        }
        JsonNode root = search.run("read", "hits.hits._id,hits.hits._source", body(query, id, userId));
        return root.path("hits").path("hits").size();
    }
}
