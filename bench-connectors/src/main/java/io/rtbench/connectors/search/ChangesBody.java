package io.rtbench.connectors.search;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.event.Op;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The {@code _bulk} body of workload {@code dml} (docs/TARGETS.md, Elasticsearch and OpenSearch): the event's
 * {@code _version} becomes the document's external version, so the engine itself refuses an event older than what it
 * holds (a version conflict, which {@link BulkResponse} takes as done).
 *
 * <ul>
 *   <li>insert, whole-document update: {@code index} with {@code version_type: external};
 *   <li>delete: {@code delete} with {@code version_type: external}; the engine remembers the deleted version for
 *       {@code index.gc_deletes} (set to an hour on the index, see {@link IndexSettings}), so an older event
 *       delivered after the delete does not bring the document back;
 *   <li>patch ({@code --update-mode patch}): {@code update} with a script that merges the changed fields only when the
 *       document is at the version just before the patch's. The update API has no external versions; its internal
 *       version grows by one per applied update, so it stays equal to rtbench's while changes apply in order, and a
 *       re-delivered patch is a no-op.
 * </ul>
 *
 * The engines refuse {@code _version} inside a document (a metadata field): it is left out of the source.
 */
final class ChangesBody {

    static final String PATCH_SCRIPT = "if (ctx._version == params.v - 1) {"
            + " for (e in params.doc.entrySet()) { ctx._source[e.getKey()] = e.getValue(); } }"
            + " else { ctx.op = 'noop'; }";

    private ChangesBody() {}

    static byte[] of(EventBatch batch, boolean patchMode) {
        ByteArrayOutputStream out =
                new ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE, batch.bytes() + 128L * batch.size()));
        for (Event event : batch.events()) {
            if (event.op() == Op.DELETE) {
                action(out, "delete", event, true);
            } else if (patchMode && event.op() == Op.UPDATE) {
                action(out, "update", event, false);
                ascii(
                        out,
                        "{\"script\":{\"lang\":\"painless\",\"source\":\"" + PATCH_SCRIPT + "\",\"params\":{\"v\":"
                                + event.version() + ",\"doc\":");
                source(out, event);
                ascii(out, "}}}\n");
            } else {
                action(out, "index", event, true);
                source(out, event);
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    /** The body of {@code POST /<index>/_update/<id>} ({@code rtbench dml}): the document as a partial update. */
    static byte[] updateDoc(Event event) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(event.json().length + 16);
        ascii(out, "{\"doc\":");
        source(out, event);
        out.write('}');
        return out.toByteArray();
    }

    private static void action(ByteArrayOutputStream out, String op, Event event, boolean versioned) {
        ascii(out, "{\"" + op + "\":{\"_id\":\"");
        out.write(event.json(), EventLayout.ID_OFFSET, EventLayout.ID_LENGTH);
        ascii(
                out,
                versioned && event.versioned()
                        ? "\",\"version\":" + event.version() + ",\"version_type\":\"external\"}}\n"
                        : "\"}}\n");
    }

    /** The document without {@code _id} and {@code _version}, on one line. */
    private static void source(ByteArrayOutputStream out, Event event) {
        byte[] json = event.json();
        int versionStart = EventLayout.versionFieldStart(json);
        out.write('{');
        if (versionStart < 0) {
            out.write(json, EventLayout.SOURCE_WITHOUT_ID_OFFSET, json.length - EventLayout.SOURCE_WITHOUT_ID_OFFSET);
            return;
        }
        int versionEnd = EventLayout.versionFieldEnd(json, versionStart);
        out.write(json, EventLayout.SOURCE_WITHOUT_ID_OFFSET, versionStart - EventLayout.SOURCE_WITHOUT_ID_OFFSET);
        out.write(json, versionEnd, json.length - versionEnd);
    }

    private static void ascii(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
    }
}
