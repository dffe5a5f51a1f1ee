package io.rtbench.connectors.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.connectors.common.HttpEndpoint.Response;
import java.io.IOException;

/** What an error answer of Elasticsearch or OpenSearch says: both answer in JSON, errors too. */
final class ErrorAnswer {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ErrorAnswer() {}

    /** The {@code error.type} of an error response, or null. */
    static String type(Response response) {
        try {
            JsonNode type = JSON.readTree(response.body()).path("error").path("type");
            return type.isTextual() ? type.asText() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether the body is JSON at all: an answer that is not came from another server on that port. */
    static boolean isJson(Response response) {
        try {
            return response.body().length > 0 && JSON.readTree(response.body()) != null;
        } catch (IOException e) {
            return false;
        }
    }
}
