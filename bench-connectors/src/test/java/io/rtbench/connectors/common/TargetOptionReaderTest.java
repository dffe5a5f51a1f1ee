package io.rtbench.connectors.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.TargetConfig;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TargetOptionReaderTest {

    private static TargetOptionReader options(Map<String, String> values) {
        TargetConfig config = TargetConfig.of("opensearch", null).withOptions(values);
        return new TargetOptionReader(config, Set.of("shards", "mode", "delay"));
    }

    @Test
    void defaultsApplyWhenAnOptionIsMissing() {
        TargetOptionReader options = options(Map.of());
        assertThat(options.integer("shards", 1, 1)).isEqualTo(1);
        assertThat(options.oneOf("mode", "long", "keyword")).isEqualTo("long");
        assertThat(options.duration("delay", Duration.ZERO)).isZero();
    }

    @Test
    void parsesGivenValues() {
        TargetOptionReader options = options(Map.of("shards", " 3 ", "mode", "keyword", "delay", "1.5s"));
        assertThat(options.integer("shards", 1, 1)).isEqualTo(3);
        assertThat(options.oneOf("mode", "long", "keyword")).isEqualTo("keyword");
        assertThat(options.duration("delay", Duration.ZERO)).isEqualTo(Duration.ofMillis(1500));
        assertThat(options(Map.of("delay", "0")).duration("delay", Duration.ofSeconds(1)))
                .isZero();
    }

    @Test
    void invalidValuesNameTheOptionTheKindAndTheExpectedForm() {
        assertThatThrownBy(() -> options(Map.of("shards", "0")).integer("shards", 1, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target option shards=0 for opensearch is invalid; expected an integer >= 1");
        assertThatThrownBy(() -> options(Map.of("mode", "text")).oneOf("mode", "long", "keyword"))
                .hasMessageContaining("expected one of long, keyword");
        assertThatThrownBy(() -> options(Map.of("delay", "soon")).duration("delay", Duration.ZERO))
                .hasMessageContaining("delay=soon")
                .hasMessageContaining("500ms");
    }
}
