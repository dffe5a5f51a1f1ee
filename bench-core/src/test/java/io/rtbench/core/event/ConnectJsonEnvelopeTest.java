package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConnectJsonEnvelopeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ID = "0f8b5a3c-2d7e-4f10-9a6b-1c2d3e4f5a6b";

    @Test
    void theSchemaIsAFlatStructOfTheIdentityColumnsAndTheDocument() throws Exception {
        JsonNode schema = JSON.readTree(ConnectJsonEnvelope.wrap(event("{}"))).path("schema");

        assertThat(schema.path("type").asText()).isEqualTo("struct");
        assertThat(schema.path("name").asText()).isEqualTo(ConnectJsonEnvelope.SCHEMA_NAME);
        assertThat(schema.path("fields"))
                .extracting(field ->
                        field.path("field").asText() + ":" + field.path("type").asText() + ":"
                                + field.path("optional").asBoolean())
                .containsExactly(
                        "_id:string:false",
                        "_event_time:int64:false",
                        "generator_identifier:int64:false",
                        "_seq:int64:false",
                        "doc:string:false");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{}",
                "{\"q\":\"say \\\"hi\\\"\",\"path\":\"C:\\\\temp\",\"nl\":\"a\\nb\\tc\\u0001\"}",
                "{\"city\":\"Zürich\",\"tag\":\"γ\",\"money\":\"€\",\"emoji\":\"\uD83D\uDE00\"}",
                "{\"nested\":{\"a\":[1,2,{\"b\":null}],\"t\":true}}"
            })
    void thePayloadHoldsTheIdentityFieldsAndTheWholeDocument(String rest) throws Exception {
        Event event = event(rest);

        JsonNode payload = JSON.readTree(ConnectJsonEnvelope.wrap(event)).path("payload");

        assertThat(payload.path("_id").asText()).isEqualTo(ID);
        assertThat(payload.path("_event_time").asLong()).isEqualTo(1763800000123456L);
        assertThat(payload.path("generator_identifier").asLong()).isEqualTo(9123456789012345678L);
        assertThat(payload.path("_seq").asLong()).isEqualTo(42);
        assertThat(payload.path("doc").asText()).isEqualTo(new String(event.json(), StandardCharsets.UTF_8));
        assertThat(JSON.readTree(payload.path("doc").asText())).isEqualTo(JSON.readTree(event.json()));
    }

    @Test
    void rawControlBytesAreEscapedToo() throws Exception {
        byte[] json = event("{}").json();
        byte[] withControl = new byte[json.length + 1];
        System.arraycopy(json, 0, withControl, 0, json.length - 1);
        withControl[json.length - 1] = 0x1f;
        withControl[json.length] = '}';

        byte[] wrapped = ConnectJsonEnvelope.wrap(withControl, 1, 2, 3);

        assertThat(new String(wrapped, StandardCharsets.US_ASCII)).contains("\\u001f}\"}}");
        assertThat(JSON.readTree(wrapped).path("payload").path("doc").asText())
                .isEqualTo(new String(withControl, StandardCharsets.UTF_8));
    }

    @Test
    void generatedDocumentsRoundTrip() throws Exception {
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(3), 77);
        for (int i = 0; i < 200; i++) {
            long seq = generator.nextSeq();
            byte[] json = generator.next(1_763_800_000_000_000L + i);
            byte[] wrapped = ConnectJsonEnvelope.wrap(json, 77, seq, 1_763_800_000_000_000L + i);

            JsonNode payload = JSON.readTree(wrapped).path("payload");
            assertThat(payload.path("doc").asText().getBytes(StandardCharsets.UTF_8))
                    .isEqualTo(json);
            assertThat(payload.path("_seq").asLong()).isEqualTo(seq);
            assertThat(wrapped).as("sized exactly: no unwritten bytes").doesNotContain((byte) 0);
        }
    }

    private static Event event(String rest) {
        String body = rest.equals("{}") ? "}" : "," + rest.substring(1);
        return Event.parse(("{\"_id\":\"" + ID + "\",\"_event_time\":1763800000123456,"
                        + "\"generator_identifier\":9123456789012345678,\"_seq\":42" + body)
                .getBytes(StandardCharsets.UTF_8));
    }
}
