package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

class RecordEventsTest {

    private static final Event EVENT = TestEvents.event(7, 11, 1_700_000_000_123_456L);

    private static SinkRecord record(Object value) {
        return new SinkRecord("events", 2, null, null, null, value, 99);
    }

    @Test
    void aByteArrayValueIsTheDocumentItselfNotACopy() {
        Event event = RecordEvents.toEvent(record(EVENT.json()));

        assertThat(event.json()).isSameAs(EVENT.json());
        assertThat(event.generatorId()).isEqualTo(7);
        assertThat(event.seq()).isEqualTo(11);
        assertThat(event.eventTimeMicros()).isEqualTo(1_700_000_000_123_456L);
        assertThat(event.id()).isEqualTo(TestEvents.id(7, 11));
    }

    @Test
    void aStringValueIsReadAsUtf8() {
        Event event = RecordEvents.toEvent(record(new String(EVENT.json(), StandardCharsets.UTF_8)));

        assertThat(event.json()).isEqualTo(EVENT.json());
        assertThat(event).usingRecursiveComparison().ignoringFields("json").isEqualTo(EVENT);
    }

    /** Workload dml: a delete is a tombstone whose document is in a header, as bytes (rtbench's header converter). */
    @Test
    void aTombstoneIsTheDeleteInItsHeader() {
        byte[] delete = ("{\"_id\":\"00000000-0000-0000-0000-000000000001\",\"_event_time\":5,"
                        + "\"generator_identifier\":7,\"_seq\":9,\"_op\":\"d\",\"_version\":3}")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        SinkRecord tombstone = record(null);
        tombstone.headers().addBytes(io.rtbench.core.event.EventLayout.DELETE_HEADER, delete);

        Event event = RecordEvents.toEvent(tombstone);

        assertThat(event.op()).isEqualTo(io.rtbench.core.event.Op.DELETE);
        assertThat(event.version()).isEqualTo(3);
        assertThat(event.seq()).isEqualTo(9);
        assertThat(event.generatorId()).isEqualTo(7);
    }

    @Test
    void aMissingValueIsRejectedNamingTheRecord() {
        assertThatThrownBy(() -> RecordEvents.toEvent(record(null)))
                .isInstanceOf(DataException.class)
                .hasMessage("record events-2@99 has no value and no rtbench.delete header (a tombstone of another"
                        + " producer?)");
    }

    @Test
    void aDocumentThatIsNotAnRtbenchEventIsRejected() {
        assertThatThrownBy(() -> RecordEvents.toEvent(record("{\"id\":1}".getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(DataException.class)
                .hasMessageStartingWith("record events-2@99 is not an rtbench event");
        assertThatThrownBy(() -> RecordEvents.toEvent(record(new byte[0]))).isInstanceOf(DataException.class);
    }

    @Test
    void aValueOfAnotherConverterStopsTheTaskWithTheFix() {
        assertThatThrownBy(() -> RecordEvents.toEvent(record(Map.of("_id", "x"))))
                .isInstanceOf(ConnectException.class)
                .isNotInstanceOf(DataException.class)
                .hasMessageContaining("value.converter=org.apache.kafka.connect.converters.ByteArrayConverter");
    }

    @Test
    void theOriginalPositionIsNamedAfterATransformRenamedTheTopic() {
        SinkRecord original = record(EVENT.json());
        SinkRecord renamed = original.newRecord(
                "renamed", 5, null, null, null, original.value(), original.timestamp(), original.headers());

        assertThat(RecordEvents.where(renamed)).isEqualTo("events-2@99");
    }
}
