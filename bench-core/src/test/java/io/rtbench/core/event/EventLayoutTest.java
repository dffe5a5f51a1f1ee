package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EventLayoutTest {

    private static final String ID = "0f8b5a3c-2d7e-4f10-9a6b-1c2d3e4f5a6b";

    @Test
    void readsTheIdentityFieldsFromThePrefix() {
        byte[] json = ("{\"_id\":\"" + ID + "\",\"_event_time\":1763800000123456,"
                        + "\"generator_identifier\":9123456789012345678,\"_seq\":42,\"name\":\"x\"}")
                .getBytes(StandardCharsets.UTF_8);
        Event event = Event.parse(json);
        assertThat(event.id()).isEqualTo(ID);
        assertThat(event.eventTimeMicros()).isEqualTo(1763800000123456L);
        assertThat(event.generatorId()).isEqualTo(9123456789012345678L);
        assertThat(event.seq()).isEqualTo(42);
    }

    @Test
    void theSourceWithoutIdIsValidJson() {
        byte[] json = ("{\"_id\":\"" + ID + "\",\"_event_time\":1,\"generator_identifier\":2,\"_seq\":3}")
                .getBytes(StandardCharsets.UTF_8);
        String source = "{"
                + new String(
                        json,
                        EventLayout.SOURCE_WITHOUT_ID_OFFSET,
                        json.length - EventLayout.SOURCE_WITHOUT_ID_OFFSET,
                        StandardCharsets.UTF_8);
        assertThat(source).isEqualTo("{\"_event_time\":1,\"generator_identifier\":2,\"_seq\":3}");
    }

    @Test
    void rejectsOtherDocumentsWithAClearMessage() {
        assertThatThrownBy(() -> Event.parse("{\"hello\":1}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an rtbench event");
        assertThatThrownBy(() ->
                        Event.parse(("{\"_id\":\"" + ID + "\",\"_event_time\":-1").getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("not an rtbench event");
    }
}
