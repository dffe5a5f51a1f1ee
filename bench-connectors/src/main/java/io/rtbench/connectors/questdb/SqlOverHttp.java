package io.rtbench.connectors.questdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.connectors.common.HttpEndpoint.Response;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.core.target.TargetException;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * SQL through QuestDB's {@code GET /exec?query=…}, whose JSON answer is {@code {"dataset":[[…],…],"count":n}}, or
 * {@code {"error":"…","position":n}} with HTTP 400 when QuestDB refuses the statement. Column metadata is not asked for
 * ({@code nm=true}): the drivers know what they selected.
 */
final class SqlOverHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** QuestDB's answer: the rows, or its error message when it refused the statement. */
    record Answer(JsonNode rows, String error) {
        boolean refused() {
            return error != null;
        }
    }

    private final HttpEndpoint http;
    private final TargetErrors errors;
    private final String table;

    /** @param table the driver's table, named when QuestDB says it does not exist */
    SqlOverHttp(HttpEndpoint http, String table) {
        this.http = http;
        this.errors = http.errors();
        this.table = table;
    }

    /**
     * The rows of {@code query}.
     *
     * @throws TargetException when QuestDB refuses it ("does not exist" for a missing table) or cannot be asked
     */
    JsonNode rows(long deadlineNanos, String what, String query) {
        Answer answer = execute(deadlineNanos, what, query);
        if (!answer.refused()) {
            return answer.rows();
        }
        if (answer.error().contains("table does not exist")) {
            throw errors.missingCollection(what, "table", table);
        }
        throw errors.failed(what, answer.error());
    }

    /**
     * Runs {@code query}; a refusal is an answer, not an exception.
     *
     * @throws TargetException when QuestDB cannot be reached in time, or answers something that is not its JSON
     */
    Answer execute(long deadlineNanos, String what, String query) {
        String path = "/exec?nm=true&query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8).replace("+", "%20");
        Response response = http.send(deadlineNanos, "GET", path, null, null, what);
        JsonNode body = response.json(errors, what);
        if (response.isSuccess() && body.path("dataset").isArray()) {
            return new Answer(body.path("dataset"), null);
        }
        if (body.hasNonNull("error")) {
            return new Answer(null, body.path("error").asText());
        }
        // DDL answers {"ddl":"OK"}
        if (response.isSuccess()) {
            return new Answer(JSON.createArrayNode(), null);
        }
        throw errors.failed(what, response.describe());
    }

    /** Field {@code name} of a JSON error body ({@code /write} answers {@code {"message":…}}), else the whole answer. */
    static String field(Response response, String name) {
        try {
            JsonNode value = JSON.readTree(response.body()).path(name);
            if (value.isTextual()) {
                return value.asText();
            }
        } catch (IOException e) {
            // not JSON: the whole answer below
        }
        return response.describe();
    }
}
