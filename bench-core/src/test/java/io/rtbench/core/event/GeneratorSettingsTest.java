package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GeneratorSettingsTest {

    @Test
    void defaultsToTheSpecsDocumentSize() {
        GeneratorSettings settings = GeneratorSettings.withSeed(7);
        assertThat(settings.docSizeBytes()).isEqualTo(1250);
        assertThat(settings.contentSeed()).isEqualTo(7);
    }

    @Test
    void acceptsTheBounds() {
        assertThat(new GeneratorSettings(0, GeneratorSettings.MIN_DOC_SIZE_BYTES).docSizeBytes())
                .isEqualTo(GeneratorSettings.MIN_DOC_SIZE_BYTES);
        assertThat(new GeneratorSettings(0, 1_000_000).docSizeBytes()).isEqualTo(1_000_000);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 0, 100, 800, 1_000_001, Integer.MAX_VALUE})
    void rejectsSizesOutsideTheRangeWithAOneLineMessage(int docSizeBytes) {
        int min = GeneratorSettings.MIN_DOC_SIZE_BYTES;
        assertThatThrownBy(() -> new GeneratorSettings(0, docSizeBytes))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--doc-size must be between " + min + " and 1000000, got " + docSizeBytes);
    }

    @Test
    void rejectsOneBelowTheMinimum() {
        int belowMin = GeneratorSettings.MIN_DOC_SIZE_BYTES - 1;
        assertThatThrownBy(() -> new GeneratorSettings(0, belowMin)).hasMessageEndingWith("got " + belowMin);
    }
}
