package io.rtbench.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

    @ParameterizedTest
    @CsvSource({"250ms, 250", "30s, 30000", "5m, 300000", "1h, 3600000", "1h30m, 5400000", "2.5s, 2500", "0s, 0"})
    void parses(String text, long millis) {
        assertThat(Durations.parse(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "30", "s", "-5s", "5 s", "5sec", "1h-30m", "forever"})
    void rejectsWithTheAcceptedForms(String text) {
        assertThatThrownBy(() -> Durations.parse(text)).hasMessageContaining("500ms, 30s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"30s", "5m", "2h", "1500ms", "0s"})
    void formatReadsBack(String text) {
        assertThat(Durations.format(Durations.parse(text))).isEqualTo(text);
    }
}
