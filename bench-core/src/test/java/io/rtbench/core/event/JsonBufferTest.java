package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonBufferTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 9, 10, 99, 100, 1_717_200_000_000_000L, 999_999_999_999_999_999L, Long.MAX_VALUE})
    void writesDecimals(long value) {
        JsonBuffer buffer = new JsonBuffer(32);
        buffer.putDecimal(value);
        assertThat(text(buffer)).isEqualTo(Long.toString(value));
        assertThat(JsonBuffer.decimalDigits(value))
                .isEqualTo(Long.toString(value).length());
    }

    @Test
    void writesUuidsInCanonicalForm() {
        SplittableRandom random = new SplittableRandom(3);
        JsonBuffer buffer = new JsonBuffer(36);
        for (int i = 0; i < 1_000; i++) {
            long msb = random.nextLong();
            long lsb = random.nextLong();
            buffer.reset();
            buffer.putUuid(msb, lsb);
            assertThat(text(buffer)).isEqualTo(new UUID(msb, lsb).toString());
        }
    }

    @Test
    void wrapsTextAroundToFillAnyLength() {
        byte[] text = "abcde".getBytes(StandardCharsets.US_ASCII);
        JsonBuffer buffer = new JsonBuffer(32);
        buffer.putWrapped(text, 3, 12);
        assertThat(text(buffer)).isEqualTo("deabcdeabcde");
        buffer.reset();
        buffer.putWrapped(text, 4, 0);
        assertThat(buffer.toByteArray()).isEmpty();
    }

    @Test
    void copiesOutExactlyWhatWasWritten() {
        JsonBuffer buffer = new JsonBuffer(64);
        buffer.put("{\"a\":".getBytes(StandardCharsets.US_ASCII));
        buffer.putDecimal(42);
        buffer.put("}".getBytes(StandardCharsets.US_ASCII));
        assertThat(buffer.position()).isEqualTo(8);
        assertThat(text(buffer)).isEqualTo("{\"a\":42}");
    }

    private static String text(JsonBuffer buffer) {
        return new String(buffer.toByteArray(), StandardCharsets.US_ASCII);
    }
}
