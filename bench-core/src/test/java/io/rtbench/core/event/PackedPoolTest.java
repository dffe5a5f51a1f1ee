package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PackedPoolTest {

    private static final byte[][] VALUES = values();

    private static byte[][] values() {
        byte[][] values = new byte[ValuePools.POOL_SIZE][];
        for (int i = 0; i < values.length; i++) {
            values[i] = ascii("v" + i); // lengths 2 to 4: entries of different sizes side by side
        }
        return values;
    }

    @Test
    void writesTheFragmentAndTheValueThatTheLowBitsPick() {
        PackedPool pool = PackedPool.of(ascii(",\"k\":"), VALUES);
        for (int index : new int[] {0, 1, 9, 10, 99, 100, 255}) {
            assertThat(written(pool, index)).isEqualTo(",\"k\":v" + index);
            // Only the low bits count: any random int maps onto the pool.
            assertThat(written(pool, index | 0x7FFF_FF00)).isEqualTo(",\"k\":v" + index);
            assertThat(written(pool, index | 0x8000_0000)).isEqualTo(",\"k\":v" + index);
        }
    }

    @Test
    void withoutAFragmentWritesTheValueAlone() {
        PackedPool pool = PackedPool.of(VALUES);
        assertThat(written(pool, 0)).isEqualTo("v0");
        assertThat(written(pool, 255)).isEqualTo("v255");
    }

    @Test
    void appendsAfterWhatTheBufferHolds() {
        PackedPool pool = PackedPool.of(ascii(","), VALUES);
        JsonBuffer out = new JsonBuffer(64);
        out.put(ascii("["));
        pool.writeRandom(out, 7);
        pool.writeRandom(out, 200);
        assertThat(text(out)).isEqualTo("[,v7,v200");
    }

    @Test
    void anyPowerOfTwoOfEntriesIsPickedByItsLowBits() {
        byte[][] eight = new byte[8][];
        for (int i = 0; i < eight.length; i++) {
            eight[i] = ascii("e" + i);
        }
        PackedPool pool = PackedPool.of(eight);
        assertThat(pool.size()).isEqualTo(8);
        assertThat(written(pool, 3)).isEqualTo("e3");
        assertThat(written(pool, 8 + 3)).isEqualTo("e3");
        assertThat(written(pool, -1)).isEqualTo("e7");
        assertThat(written(PackedPool.of(new byte[][] {ascii("only")}), 12_345)).isEqualTo("only");
    }

    @Test
    void rejectsACountThatIsNotAPowerOfTwo() {
        assertThatThrownBy(() -> PackedPool.of(new byte[3][]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a power of two of values is needed, got 3");
    }

    private static String written(PackedPool pool, int randomBits) {
        JsonBuffer out = new JsonBuffer(64);
        pool.writeRandom(out, randomBits);
        return text(out);
    }

    private static String text(JsonBuffer out) {
        return new String(out.toByteArray(), StandardCharsets.US_ASCII);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
