package io.rtbench.core.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RateTest {

    @ParameterizedTest
    @CsvSource({
        "20MB, BYTES, 20000000",
        "20MB/s, BYTES, 20000000",
        "512KB/s, BYTES, 512000",
        "1.5GB/s, BYTES, 1500000000",
        "100B/s, BYTES, 100",
        "8000/s, EVENTS, 8000",
        "12.5/s, EVENTS, 12.5",
        "20mb/s, BYTES, 20000000",
    })
    void parsesTheForms(String text, Rate.Unit unit, double perSecond) {
        Rate rate = Rate.parse(text);
        assertThat(rate.unit()).isEqualTo(unit);
        assertThat(rate.perSecond()).isEqualTo(perSecond);
    }

    @Test
    void maxIsUnbounded() {
        assertThat(Rate.parse("max").isMax()).isTrue();
        assertThat(Rate.parse("MAX").eventsPerSecond(1250)).isInfinite();
    }

    @Test
    void convertsBetweenEventsAndBytesWithDecimalMegabytes() {
        // The seeds' arithmetic: 8,000 events/s × 1.25 KB = 10 MB/s.
        assertThat(Rate.parse("10MB").eventsPerSecond(1250)).isEqualTo(8000);
        assertThat(Rate.parse("8000/s").bytesPerSecond(1250)).isEqualTo(10e6);
    }

    @ParameterizedTest
    @ValueSource(strings = {"20XB", "", "fast", "-5MB", "0/s", "0MB", "20", "MB", "1e3/s"})
    void rejectsOtherFormsNamingTheAcceptedOnes(String text) {
        assertThatThrownBy(() -> Rate.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("20MB/s")
                .hasMessageContaining("8000/s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"max", "8000/s", "20MB/s", "512KB/s", "100B/s", "12.5/s"})
    void toStringReadsBack(String text) {
        Rate rate = Rate.parse(text);
        assertThat(Rate.parse(rate.toString())).isEqualTo(rate);
    }

    @Test
    void scales() {
        assertThat(Rate.parse("8000/s").times(0.25)).isEqualTo(Rate.ofEventsPerSecond(2000));
        assertThat(Rate.MAX.times(0.5)).isEqualTo(Rate.MAX);
    }
}
