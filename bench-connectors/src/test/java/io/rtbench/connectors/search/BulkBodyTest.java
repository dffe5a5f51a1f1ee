package io.rtbench.connectors.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BulkBodyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachEventIsAnIndexActionWithItsIdAndTheSourceWithoutId() throws Exception {
        EventBatch batch = TestEvents.batch(42, 7, 3, 1_700_000_000_000_000L);

        String body = new String(BulkBody.of(batch), StandardCharsets.UTF_8);

        assertThat(body).endsWith("\n");
        String[] lines = body.split("\n", -1);
        assertThat(lines).hasSize(2 * batch.size() + 1);
        for (int i = 0; i < batch.size(); i++) {
            Event event = batch.get(i);
            assertThat(JSON.readTree(lines[2 * i]))
                    .isEqualTo(JSON.readTree("{\"index\":{\"_id\":\"" + event.id() + "\"}}"));
            ObjectNode expected = (ObjectNode) JSON.readTree(event.json());
            expected.remove("_id");
            JsonNode source = JSON.readTree(lines[2 * i + 1]);
            assertThat(source).isEqualTo(expected);
            assertThat(source.path("_seq").asLong()).isEqualTo(7 + i);
        }
    }

    @Test
    void rawLineBreaksBetweenTokensCannotSplitADocument() throws Exception {
        String pretty = "{\"_id\":\"" + TestEvents.id(1, 0) + "\",\"_event_time\":5,\n"
                + "  \"generator_identifier\":1,\r\n  \"_seq\":0,\n  \"text\":\"a\\nb\"\n}";
        Event event = new Event(pretty.getBytes(StandardCharsets.UTF_8), 1, 0, 5);

        String[] lines = new String(BulkBody.of(new EventBatch(List.of(event))), StandardCharsets.UTF_8).split("\n");

        assertThat(lines).hasSize(2);
        JsonNode source = JSON.readTree(lines[1]);
        assertThat(source.path("text").asText()).isEqualTo("a\nb");
        assertThat(source.path("_seq").asInt()).isZero();
    }

    @Test
    void anEmptyBatchIsAnEmptyBody() {
        assertThat(BulkBody.of(new EventBatch(List.of()))).isEmpty();
    }
}
