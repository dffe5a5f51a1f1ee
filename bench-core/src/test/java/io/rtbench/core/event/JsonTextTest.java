package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTextTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "plain",
                "O'Hara",
                "say \"hi\"",
                "back\\slash",
                "tab\tnew\nline\rret",
                "\u0001\u001f\b\f",
                "Zoë Åström 東京 😀",
                ""
            })
    void quotedStringsParseBackToTheOriginal(String value) throws IOException {
        byte[] json = JsonText.quoted(value);
        assertThat(DocumentTrees.MAPPER.readTree(json).asText()).isEqualTo(value);
    }

    @Test
    void escapesOnlyWhatJsonRequiresAndKeepsUtf8AsIs() {
        assertThat(string(JsonText.quoted("a\"b\\c\nd\u0001"))).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
        assertThat(JsonText.quoted("é")).containsExactly('"', 0xC3 - 256, 0xA9 - 256, '"');
    }

    @Test
    void literalsAreCopiedAsIs() {
        assertThat(string(JsonText.literal("-12.5000"))).isEqualTo("-12.5000");
    }

    private static String string(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
