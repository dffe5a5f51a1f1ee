package io.rtbench.connectors.search;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.WriteResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@code _bulk} response item by item (docs/GUIDE.md: {@code errors: true} is a failure). The request asks
 * for {@link #FILTER_PATH} only, and when {@code errors} is false (it precedes {@code items}) parsing stops there, so
 * the common case reads a few bytes.
 */
final class BulkResponse {

    /** {@code filter_path} of the bulk request: just what this parser reads. */
    static final String FILTER_PATH = "errors,items.*.status,items.*.error.type,items.*.error.reason";

    private static final JsonFactory JSON = new JsonFactory();

    private BulkResponse() {}

    /**
     * @return the write result, with one {@link WriteResult.ItemFailure} per rejected event
     * @throws IOException when the response is not a bulk response for this batch
     */
    static WriteResult parse(byte[] body, EventBatch batch) throws IOException {
        try (JsonParser parser = JSON.createParser(body)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("errors") && value == JsonToken.VALUE_FALSE) {
                    return WriteResult.allWritten(batch.size());
                } else if (field.equals("items")) {
                    return items(parser, batch);
                } else {
                    parser.skipChildren();
                }
            }
        }
        throw new IOException("no 'errors' or 'items' in the bulk response");
    }

    private static WriteResult items(JsonParser parser, EventBatch batch) throws IOException {
        expect(parser.currentToken(), JsonToken.START_ARRAY);
        List<WriteResult.ItemFailure> failures = new ArrayList<>();
        int index = 0;
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            if (index >= batch.size()) {
                throw new IOException("more bulk response items than the " + batch.size() + " events sent");
            }
            expect(parser.nextToken(), JsonToken.FIELD_NAME); // the operation: index, delete or update
            String operation = parser.currentName();
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            String failure = itemFailure(parser, operation, batch.get(index).versioned());
            if (failure != null) {
                failures.add(new WriteResult.ItemFailure(index, batch.get(index).id(), failure));
            }
            expect(parser.nextToken(), JsonToken.END_OBJECT);
            index++;
        }
        if (index != batch.size()) {
            throw new IOException("the bulk response has " + index + " items for " + batch.size() + " events");
        }
        return new WriteResult(batch.size() - failures.size(), failures);
    }

    /**
     * Reads one item's object; returns why it failed, or null when it succeeded. With external versions (workload
     * {@code dml}, see {@link ChangesBody}) a version conflict means the engine holds an equal or newer version: the
     * event is done. A delete of a missing document (404, the engine still remembers its version) and a patch of a
     * deleted one are done too.
     */
    private static String itemFailure(JsonParser parser, String operation, boolean versioned) throws IOException {
        int status = 0;
        String type = null;
        String reason = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("status")) {
                status = parser.getIntValue();
            } else if (field.equals("error") && parser.currentToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String errorField = parser.currentName();
                    parser.nextToken();
                    if (errorField.equals("type")) {
                        type = parser.getText();
                    } else if (errorField.equals("reason")) {
                        reason = parser.getText();
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        }
        if (status >= 200 && status < 300 && type == null) {
            return null;
        }
        if (versioned && status == 409 && "version_conflict_engine_exception".equals(type)) {
            return null;
        }
        if (versioned
                && status == 404
                && (operation.equals("delete") && type == null
                        || operation.equals("update") && "document_missing_exception".equals(type))) {
            return null;
        }
        return "HTTP " + status + " " + type + ": " + reason;
    }

    private static void expect(JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new IOException("unexpected " + actual + " in the bulk response where " + expected + " belongs");
        }
    }
}
