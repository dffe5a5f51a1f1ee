package io.rtbench.connectors.clickhouse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonEachRowBodyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachEventIsOneRowWithItsIdentityColumnsAndTheDocumentAsText() throws Exception {
        EventBatch batch = TestEvents.batch(Long.MAX_VALUE, 3, 2, 1_700_000_000_123_456L);

        String[] rows = new String(JsonEachRowBody.of(batch), StandardCharsets.UTF_8).split("\n");

        assertThat(rows).hasSize(2);
        for (int i = 0; i < rows.length; i++) {
            Event event = batch.get(i);
            JsonNode row = JSON.readTree(rows[i]);
            assertThat(row.path("_id").asText()).isEqualTo(event.id());
            assertThat(row.path("_event_time").asLong()).isEqualTo(event.eventTimeMicros());
            assertThat(row.path("generator_identifier").asLong()).isEqualTo(Long.MAX_VALUE);
            assertThat(row.path("_seq").asLong()).isEqualTo(3 + i);
            assertThat(row.path("doc").asText()).isEqualTo(new String(event.json(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void escapesQuotesBackslashesAndEveryControlCharacterAndKeepsUtf8() throws Exception {
        String text = "q\" b\\ nl\n cr\r tab\t bell\u0007 nul\u0000 unit\u001f é € 😀 /";
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[JsonEachRowBody.escapedLength(utf8) + 2];
        out[0] = '"';
        int end = JsonEachRowBody.escape(utf8, out, 1);
        out[end] = '"';

        assertThat(end + 1).isEqualTo(out.length);
        String escaped = new String(out, StandardCharsets.UTF_8);
        assertThat(escaped).contains("\\u0007", "\\u0000", "\\u001f", "\\n", "\\r", "\\t", "é € 😀 /");
        assertThat(JSON.readTree(out).asText()).isEqualTo(text);
    }

    @Test
    void numbersAreWrittenAsUnsigned64BitIntegers() throws Exception {
        byte[] json = TestEvents.event(1, 0, 5).json();
        Event negativeId = new Event(json, -1L, 0, 5);

        String row = new String(JsonEachRowBody.of(new EventBatch(List.of(negativeId))), StandardCharsets.UTF_8);

        assertThat(JSON.readTree(row).path("generator_identifier").bigIntegerValue())
                .isEqualTo(new BigInteger("18446744073709551615"));
        assertThat(JsonEachRowBody.digits(0)).isEqualTo(1);
        assertThat(JsonEachRowBody.digits(10)).isEqualTo(2);
        assertThat(JsonEachRowBody.digits(Long.MAX_VALUE)).isEqualTo(19);
        assertThat(JsonEachRowBody.digits(-1)).isEqualTo(20);
    }

    @Test
    void readsTheErrorCodeOfOldAndNewServers() {
        assertThat(
                        ClickHouseSql.errorCode(
                                "Code: 60, e.displayText() = DB::Exception: Table default.x doesn't exist., e.what() = DB::Exception"))
                .isEqualTo(60);
        assertThat(
                        ClickHouseSql.errorCode(
                                "Code: 516. DB::Exception: default: Authentication failed. (AUTHENTICATION_FAILED) (version 24.8)"))
                .isEqualTo(516);
        assertThat(ClickHouseSql.errorCode("Bad Gateway")).isEqualTo(-1);
    }
}
