package io.rtbench.connectors.questdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineProtocolBodyTest {

    private static final byte[] TABLE = LineProtocolBody.ascii("rtbench.events-1");

    @Test
    void eachEventIsOneLineWithItsIdentityFieldsTheDocumentAndItsTimeInMicroseconds() {
        EventBatch batch = TestEvents.batch(Long.MAX_VALUE, 3, 2, 1_700_000_000_123_456L);

        String[] lines = new String(LineProtocolBody.of(TABLE, batch), StandardCharsets.UTF_8).split("\n", -1);

        assertThat(lines).hasSize(3);
        assertThat(lines[2]).as("the body ends with a line break").isEmpty();
        for (int i = 0; i < 2; i++) {
            Event event = batch.get(i);
            String doc = new String(event.json(), StandardCharsets.UTF_8);
            assertThat(lines[i])
                    .isEqualTo("rtbench.events-1 generator_identifier=9223372036854775807i,_seq=" + (3 + i) + "i,_id=\""
                            + event.id() + "\",doc=\"" + unescapedForTest(doc) + "\" " + event.eventTimeMicros());
        }
    }

    @Test
    void quotesBackslashesAndLineBreaksGetABackslashAndUtf8StaysAsItIs() {
        String text = "q\" b\\ nl\n cr\r tab\t é € 😀";
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[LineProtocolBody.escapedLength(utf8)];

        int end = LineProtocolBody.escape(utf8, out, 0);

        assertThat(end).isEqualTo(out.length);
        assertThat(new String(out, StandardCharsets.UTF_8)).isEqualTo("q\\\" b\\\\ nl\\\n cr\\\r tab\t é € 😀");
    }

    @Test
    void theBodyIsExactlyAsLongAsItsLines() {
        EventBatch batch = TestEvents.batch(7, 0, 20, 1_700_000_000_000_000L);

        byte[] body = LineProtocolBody.of(TABLE, batch);

        assertThat(body[body.length - 1]).isEqualTo((byte) '\n');
        assertThat(new String(body, StandardCharsets.UTF_8).split("\n")).hasSize(20);
        assertThat(LineProtocolBody.digits(0)).isEqualTo(1);
        assertThat(LineProtocolBody.digits(10)).isEqualTo(2);
        assertThat(LineProtocolBody.digits(Long.MAX_VALUE)).isEqualTo(19);
    }

    /** QuestDB's LONG is signed; rtbench's generator ids are drawn non-negative (docs/MEASUREMENT.md). */
    @Test
    void aNegativeIdentityFieldIsRefused() {
        Event negative = new Event(TestEvents.event(1, 0, 5).json(), -1L, 0, 5);

        assertThatThrownBy(() -> LineProtocolBody.of(TABLE, new EventBatch(List.of(negative))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }

    /** The generated documents carry a quote and a backslash in their strings: escaped once more on the line. */
    private static String unescapedForTest(String doc) {
        return doc.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
