package io.rtbench.connectors.search;

import com.fasterxml.jackson.databind.JsonNode;
import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.connectors.common.HttpEndpoint.Response;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;
import io.rtbench.core.target.Statements;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.target.WriteResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Elasticsearch and OpenSearch over their REST API.
 *
 * <p>Plain {@code java.net.http} and hand-written NDJSON rather than an official client: the events arrive already
 * serialized, and a client would parse or re-serialize each document only to send the same bytes; and each official
 * client is locked to one engine and major version (the Elasticsearch 9 client refuses OpenSearch, the OpenSearch
 * client refuses Elasticsearch 8+), while the handful of endpoints used here are the same in both.
 *
 * <p>Index: {@code generator_identifier} long (or keyword, option), {@code _event_time} long (µs), {@code _seq} long,
 * the rest mapped dynamically; options in {@link IndexSettings}. Both engines accept the underscore-prefixed names as
 * ordinary fields (only metadata fields such as {@code _id} are refused in a document).
 *
 * <p>Writes use {@code index} with the event's {@code _id}, so a re-delivered event replaces its earlier copy: the
 * index can never hold duplicates, and the audit reports {@code distinctSeqs = count}.
 *
 * <p>Workload {@code dml} (target option {@code workload=dml}): external versions and real deletes, see
 * {@link ChangesBody}; the probe reads documents by id with their versions, the audit every document's {@code _seq}.
 */
final class SearchEngineTarget implements Target, Versioned, Statements, Readable {

    private static final Logger LOG = LoggerFactory.getLogger(SearchEngineTarget.class);
    private static final String JSON_TYPE = "application/json";
    private static final java.util.regex.Pattern UUID_TEXT = java.util.regex.Pattern.compile("[0-9a-fA-F-]{36}");
    /** Documents per page of the audit of workload {@code dml} (the engines' default result window). */
    private static final int AUDIT_PAGE = 10_000;

    private final Flavour flavour;
    private final String index;
    private final IndexSettings settings;
    private final HttpEndpoint http;
    private final TargetErrors errors;
    private final String displayUrl;
    private final boolean dml;
    private final boolean patch;
    private final boolean mixed;
    private volatile String version;

    SearchEngineTarget(Flavour flavour, TargetConfig config) {
        this.flavour = flavour;
        this.index = config.collection();
        this.settings = IndexSettings.from(config);
        this.http = new HttpEndpoint(config);
        this.errors = http.errors();
        this.displayUrl = TargetErrors.display(config.requireUrl());
        this.dml = config.dml();
        this.patch = config.updateMode() == UpdateMode.PATCH;
        this.mixed = config.mixed();
    }

    @Override
    public void ensureCollection() {
        String what = "creating index " + index;
        long deadline = http.deadline();
        if (dml && patch) {
            requirePainless(deadline);
        }
        Response exists = http.send(deadline, "HEAD", "/" + index, null, null, what);
        if (exists.status() == 200) {
            return;
        }
        byte[] body = settings.createIndexBody(dml, mixed).getBytes(StandardCharsets.UTF_8);
        Response created = http.send(deadline, "PUT", "/" + index, body, JSON_TYPE, what);
        if (created.isSuccess()) {
            LOG.info("{}: created index {} with {}", flavour.kind(), index, settings);
        } else if (!"resource_already_exists_exception".equals(ErrorAnswer.type(created))) {
            // Someone else created it between the two requests; anything else is a real failure.
            throw requestFailed(what, created);
        }
    }

    /**
     * A patch is applied by a painless script ({@link ChangesBody}); the engines' integ-test distributions that rtbench
     * starts locally have no script language, so this fails at the start rather than with every patch.
     */
    private void requirePainless(long deadline) {
        String what = "checking for painless (--update-mode patch)";
        Response languages = http.send(deadline, "GET", "/_script_language", null, null, what);
        boolean painless = languages.isSuccess()
                && languages
                        .json(errors, what)
                        .path("language_contexts")
                        .findValuesAsText("language")
                        .contains("painless");
        if (!painless) {
            throw errors.failed(
                    what,
                    "the server has no painless scripting (module lang-painless), which patches need to apply versions;"
                            + " use --update-mode replace, or a full distribution (the integ-test zip lacks it)");
        }
    }

    @Override
    public WriteResult write(EventBatch batch) {
        if (batch.size() == 0) {
            return WriteResult.allWritten(0);
        }
        String what = "bulk write of " + batch.size() + " events to index " + index;
        Response response = http.send(
                "POST",
                "/" + index + "/_bulk?filter_path=" + BulkResponse.FILTER_PATH,
                dml ? ChangesBody.of(batch, patch) : BulkBody.of(batch),
                "application/x-ndjson",
                what);
        if (!response.isSuccess()) {
            throw requestFailed(what, response);
        }
        try {
            return BulkResponse.parse(response.body(), batch);
        } catch (IOException e) {
            throw errors.failed(what, "unreadable bulk response (" + e.getMessage() + ")", e);
        }
    }

    /** RockBench's query: the newest {@code _event_time} of the generator (term query, sort desc, size 1). */
    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        String query = "{\"size\":1,\"_source\":false,\"track_total_hits\":false,"
                + "\"query\":{\"term\":{\"generator_identifier\":" + settings.generatorTerm(generatorId) + "}},"
                + "\"sort\":[{\"_event_time\":{\"order\":\"desc\",\"unmapped_type\":\"long\"}}]}";
        JsonNode hits = search(http.deadline(), "probe", "hits.hits.sort", query)
                .path("hits")
                .path("hits");
        return hits.size() == 0
                ? OptionalLong.empty()
                : OptionalLong.of(hits.get(0).path("sort").path(0).asLong());
    }

    /** Workload {@code mixed}: see {@link SearchReads}. */
    @Override
    public long read(ReadQuery query, String id, long userId) {
        if (!UUID_TEXT.matcher(id).matches()) {
            throw new IllegalArgumentException("not an _id: " + id);
        }
        return SearchReads.read(
                query, id, userId, (what, filterPath, body) -> search(http.deadline(), what, filterPath, body));
    }

    /** Refreshes (so that every acknowledged write counts), then the exact count and the highest {@code _seq}. */
    @Override
    public AuditCounts audit(long generatorId) {
        long deadline = http.deadline();
        Response refreshed = http.send(deadline, "POST", "/" + index + "/_refresh", null, null, "audit (refresh)");
        if (!refreshed.isSuccess()) {
            throw requestFailed("audit (refresh)", refreshed);
        }
        String query = "{\"size\":1,\"_source\":false,\"track_total_hits\":true,"
                + "\"query\":{\"term\":{\"generator_identifier\":" + settings.generatorTerm(generatorId) + "}},"
                + "\"sort\":[{\"_seq\":{\"order\":\"desc\",\"unmapped_type\":\"long\"}}]}";
        JsonNode hits =
                search(deadline, "audit", "hits.total,hits.hits.sort", query).path("hits");
        JsonNode total = hits.path("total");
        if (!total.path("relation").asText("eq").equals("eq")) {
            throw errors.failed("audit", "the server reported an inexact count (" + total + ")");
        }
        long count = total.path("value").asLong();
        long maxSeq = hits.path("hits").size() == 0
                ? -1
                : hits.path("hits").get(0).path("sort").path(0).asLong();
        // Writes are idempotent by _id: each _seq is at most once in the index.
        return new AuditCounts(count, count, maxSeq);
    }

    /** The documents among {@code ids} that a search sees (refreshed), with their versions. */
    @Override
    public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
        Map<String, Long> live = new HashMap<>();
        if (ids.isEmpty()) {
            return live;
        }
        StringBuilder query = new StringBuilder("{\"size\":")
                .append(ids.size())
                .append(
                        ",\"_source\":false,\"version\":true,\"track_total_hits\":false,\"query\":{\"ids\":{\"values\":[");
        for (int i = 0; i < ids.size(); i++) {
            query.append(i == 0 ? "\"" : ",\"").append(ids.get(i)).append('"');
        }
        query.append("]}}}");
        for (JsonNode hit : search(http.deadline(), "probe", "hits.hits._id,hits.hits._version", query.toString())
                .path("hits")
                .path("hits")) {
            live.put(hit.path("_id").asText(), hit.path("_version").asLong());
        }
        return live;
    }

    /** Refreshes, then pages through the generator's documents by {@code _seq} ({@code search_after}). */
    @Override
    public void rows(long generatorId, RowVisitor visitor) {
        long deadline = http.deadline();
        Response refreshed = http.send(deadline, "POST", "/" + index + "/_refresh", null, null, "audit (refresh)");
        if (!refreshed.isSuccess()) {
            throw requestFailed("audit (refresh)", refreshed);
        }
        long after = -1;
        while (true) {
            String query = "{\"size\":" + AUDIT_PAGE + ",\"_source\":false,\"track_total_hits\":false,"
                    + "\"query\":{\"term\":{\"generator_identifier\":" + settings.generatorTerm(generatorId) + "}},"
                    + "\"sort\":[{\"_seq\":{\"order\":\"asc\",\"unmapped_type\":\"long\"}}],"
                    + "\"search_after\":[" + after + "]}";
            JsonNode hits = search(http.deadline(), "audit of the final state", "hits.hits.sort", query)
                    .path("hits")
                    .path("hits");
            for (JsonNode hit : hits) {
                after = hit.path("sort").path(0).asLong();
                visitor.row(after, false);
            }
            if (hits.size() < AUDIT_PAGE) {
                return;
            }
        }
    }

    /** {@code rtbench dml}: one {@code _bulk} request, refresh policy none (the index's refresh interval decides). */
    @Override
    public void insert(List<Event> events) {
        WriteResult result = write(new EventBatch(events));
        if (result.hasFailures()) {
            throw errors.failed(
                    "_bulk of " + events.size() + " rows",
                    result.failures().get(0).reason());
        }
    }

    @Override
    public void update(Event event) {
        String what = "_update of one document";
        Response response = http.send(
                "POST", "/" + index + "/_update/" + event.id(), ChangesBody.updateDoc(event), JSON_TYPE, what);
        if (!response.isSuccess()) {
            throw requestFailed(what, response);
        }
    }

    @Override
    public void delete(Event event) {
        String what = "delete of one document";
        Response response = http.send("DELETE", "/" + index + "/_doc/" + event.id(), null, null, what);
        if (!response.isSuccess()) {
            throw requestFailed(what, response);
        }
    }

    @Override
    public Map<String, Long> visibleSeqs(long generatorId, List<String> ids) {
        Map<String, Long> live = new HashMap<>();
        if (ids.isEmpty()) {
            return live;
        }
        String values = ids.stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(","));
        String query = "{\"size\":" + ids.size() + ",\"_source\":[\"_seq\"],\"track_total_hits\":false,"
                + "\"query\":{\"ids\":{\"values\":[" + values + "]}}}";
        for (JsonNode hit : search(http.deadline(), "query", "hits.hits._id,hits.hits._source._seq", query)
                .path("hits")
                .path("hits")) {
            live.put(hit.path("_id").asText(), hit.path("_source").path("_seq").asLong());
        }
        return live;
    }

    @Override
    public Map<String, String> describe() {
        String refresh = " (refresh: none; visible after the index's refresh, refresh.interval "
                + settings.refreshInterval() + ")";
        return Map.of(
                "insert", "POST /" + index + "/_bulk, index actions" + refresh,
                "update", "POST /" + index + "/_update/<_id> {\"doc\":…}" + refresh,
                "delete", "DELETE /" + index + "/_doc/<_id>" + refresh,
                "visible", "POST /" + index + "/_search {\"query\":{\"ids\":…}}");
    }

    private JsonNode search(long deadline, String what, String filterPath, String query) {
        Response response = http.send(
                deadline,
                "POST",
                "/" + index + "/_search?filter_path=" + filterPath + ",_shards.failed,timed_out",
                query.getBytes(StandardCharsets.UTF_8),
                JSON_TYPE,
                what);
        if (!response.isSuccess()) {
            throw requestFailed(what, response);
        }
        JsonNode root = response.json(errors, what);
        if (root.path("_shards").path("failed").asInt() > 0
                || root.path("timed_out").asBoolean()) {
            throw errors.failed(what, "the search did not cover every shard: " + root);
        }
        return root;
    }

    @Override
    public String serverVersion() {
        String known = version;
        if (known == null) {
            known = readVersion();
            version = known;
        }
        return known;
    }

    /** {@code GET /}, or where that answers 405 (Elasticsearch's integ-test distribution) the local node's version. */
    private String readVersion() {
        long deadline = http.deadline();
        Response root = http.send(deadline, "GET", "/", null, null, "reading the server version");
        if (root.isSuccess()) {
            JsonNode version = root.json(errors, "reading the server version").path("version");
            String distribution = version.path("distribution").asText("elasticsearch");
            if (!distribution.equals(flavour.kind())) {
                LOG.warn("{} target at {} is a {} server", flavour.kind(), displayUrl, distribution);
            }
            return version.path("number").asText("unknown");
        }
        Response nodes = http.send(
                deadline,
                "GET",
                "/_nodes/_local?filter_path=nodes.*.version",
                null,
                null,
                "reading the server version");
        if (!nodes.isSuccess()) {
            return "unknown";
        }
        for (JsonNode node : nodes.json(errors, "reading the server version").path("nodes")) {
            return node.path("version").asText("unknown");
        }
        return "unknown";
    }

    private TargetException requestFailed(String what, Response response) {
        String type = ErrorAnswer.type(response);
        if (response.status() == 404 && "index_not_found_exception".equals(type)) {
            return errors.missingCollection(what, "index", index);
        }
        if (response.status() == 429) {
            return errors.failed(
                    what,
                    "the server is overloaded and rejected the request (" + response.describe()
                            + "); lower the rate or give the server more resources");
        }
        if (!ErrorAnswer.isJson(response)) { // the engines answer in JSON, errors too: another server listens there
            return errors.failed(
                    what,
                    response.describe() + " (not an answer of " + flavour.kind() + ": is --target-url its HTTP port?)");
        }
        return errors.failed(what, response.describe());
    }

    @Override
    public void close() {
        http.close();
    }
}
