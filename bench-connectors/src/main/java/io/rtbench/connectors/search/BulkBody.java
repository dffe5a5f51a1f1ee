package io.rtbench.connectors.search;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventLayout;
import java.nio.charset.StandardCharsets;

/**
 * The NDJSON body of a {@code _bulk} request, built straight from the serialized events: for each event an action line
 * {@code {"index":{"_id":"<id>"}}} and the source without {@code _id} (Elasticsearch and OpenSearch reject {@code _id}
 * inside a document). No JSON parser is involved: {@link EventLayout} fixes where the id is and where the rest of the
 * document starts, so each event costs two array copies.
 *
 * <p>{@code index} (not {@code create}) makes a re-delivered event overwrite its earlier copy, so writes are idempotent
 * by {@code _id}.
 */
final class BulkBody {

    private static final byte[] ACTION_START = ascii("{\"index\":{\"_id\":\"");
    /** Closes the action line and opens the source, whose own leading brace was cut off with the id. */
    private static final byte[] ACTION_END = ascii("\"}}\n{");

    private BulkBody() {}

    static byte[] of(EventBatch batch) {
        int size = 0;
        for (Event event : batch.events()) {
            size += ACTION_START.length + EventLayout.ID_LENGTH + ACTION_END.length + sourceLength(event) + 1;
        }
        byte[] body = new byte[size];
        int pos = 0;
        for (Event event : batch.events()) {
            byte[] json = event.json();
            pos = put(body, pos, ACTION_START, 0, ACTION_START.length);
            pos = put(body, pos, json, EventLayout.ID_OFFSET, EventLayout.ID_LENGTH);
            pos = put(body, pos, ACTION_END, 0, ACTION_END.length);
            int sourceStart = pos;
            pos = put(body, pos, json, EventLayout.SOURCE_WITHOUT_ID_OFFSET, sourceLength(event));
            flattenLineBreaks(body, sourceStart, pos);
            body[pos++] = '\n';
        }
        return body;
    }

    private static int sourceLength(Event event) {
        return event.json().length - EventLayout.SOURCE_WITHOUT_ID_OFFSET;
    }

    private static int put(byte[] body, int pos, byte[] from, int offset, int length) {
        System.arraycopy(from, offset, body, pos, length);
        return pos + length;
    }

    /**
     * A raw line break would split a document across NDJSON lines. Valid JSON has raw line breaks only as whitespace
     * between tokens (inside strings they are escaped), so replacing them with spaces keeps the document's meaning;
     * it matters only for pretty-printed documents that did not come from rtbench's generator.
     */
    private static void flattenLineBreaks(byte[] body, int from, int to) {
        for (int i = from; i < to; i++) {
            if (body[i] == '\n' || body[i] == '\r') {
                body[i] = ' ';
            }
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
