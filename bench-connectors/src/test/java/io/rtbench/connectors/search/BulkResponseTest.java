package io.rtbench.connectors.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.WriteResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BulkResponseTest {

    private static final EventBatch THREE = TestEvents.batch(9, 0, 3, 1_000_000);

    private static WriteResult parse(String json) throws IOException {
        return BulkResponse.parse(json.getBytes(StandardCharsets.UTF_8), THREE);
    }

    @Test
    void noErrorsMeansEverythingWasWrittenWithoutReadingTheItems() throws IOException {
        assertThat(parse("{\"errors\":false,\"items\":[\"not even read\"]}")).isEqualTo(WriteResult.allWritten(3));
    }

    @Test
    void failedItemsAreReportedByPositionAndId() throws IOException {
        WriteResult result = parse("{\"errors\":true,\"items\":["
                + "{\"index\":{\"status\":201}},"
                + "{\"index\":{\"status\":400,\"error\":{\"type\":\"document_parsing_exception\","
                + "\"reason\":\"failed to parse field [_event_time] of type [long]\",\"caused_by\":{\"type\":\"x\"}}}},"
                + "{\"index\":{\"status\":429,\"error\":{\"type\":\"es_rejected_execution_exception\","
                + "\"reason\":\"rejected\"}}}]}");

        assertThat(result.written()).isEqualTo(1);
        assertThat(result.failures())
                .containsExactly(
                        new WriteResult.ItemFailure(
                                1,
                                THREE.get(1).id(),
                                "HTTP 400 document_parsing_exception: failed to parse field [_event_time] of type [long]"),
                        new WriteResult.ItemFailure(
                                2, THREE.get(2).id(), "HTTP 429 es_rejected_execution_exception: rejected"));
    }

    @Test
    void itemsBeforeErrorsAreReadToo() throws IOException {
        WriteResult result = parse("{\"items\":[{\"index\":{\"status\":200}},{\"index\":{\"status\":201}},"
                + "{\"index\":{\"status\":409,\"error\":{\"type\":\"version_conflict_engine_exception\"}}}],"
                + "\"errors\":true}");

        assertThat(result.written()).isEqualTo(2);
        assertThat(result.failures())
                .singleElement()
                .extracting(WriteResult.ItemFailure::index)
                .isEqualTo(2);
    }

    @Test
    void aResponseThatDoesNotMatchTheBatchIsRejected() {
        assertThatThrownBy(() -> parse("{\"errors\":true,\"items\":[{\"index\":{\"status\":201}}]}"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("1 items for 3 events");
        assertThatThrownBy(() -> parse("{\"took\":3}")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> parse("<html>")).isInstanceOf(IOException.class);
    }
}
