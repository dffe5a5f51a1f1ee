package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;
import net.datafaker.Faker;

/**
 * Pre-encoded JSON values for every {@link Pool}, and the ASCII text that pads {@code about}, all drawn once from
 * datafaker seeded by the content seed: the same seed gives the same pools, so the same documents. Immutable after
 * construction; one instance may serve several generators.
 */
final class ValuePools {

    /** Values per pool; a power of two so a pick is a mask of random bits, with no modulo bias. */
    static final int POOL_SIZE = 256;

    static final int POOL_INDEX_MASK = POOL_SIZE - 1;

    /** Length of the padding text; {@code about} starts anywhere in it and wraps around for large documents. */
    static final int ABOUT_TEXT_BYTES = 4096;

    private static final int MAX_DRAWS_PER_VALUE = 1_000;

    private final byte[][][] values;
    private final byte[] aboutText;

    ValuePools(byte[][][] values, byte[] aboutText) {
        this.values = values;
        this.aboutText = aboutText;
    }

    static ValuePools build(long contentSeed) {
        Faker faker = new Faker(Locale.ENGLISH, new Random(contentSeed));
        Pool[] pools = Pool.values();
        byte[][][] values = new byte[pools.length][][];
        for (Pool pool : pools) {
            values[pool.ordinal()] = draw(faker, pool);
        }
        return new ValuePools(values, aboutText(faker));
    }

    /** The values of {@code pool}, {@link #POOL_SIZE} of them, each at most {@link Pool#maxBytes} long. */
    byte[][] values(Pool pool) {
        return values[pool.ordinal()];
    }

    /** ASCII text with nothing to escape, {@link #ABOUT_TEXT_BYTES} long. */
    byte[] aboutText() {
        return aboutText;
    }

    private static byte[][] draw(Faker faker, Pool pool) {
        byte[][] drawn = new byte[POOL_SIZE][];
        for (int i = 0; i < POOL_SIZE; i++) {
            drawn[i] = drawWithinCap(faker, pool);
        }
        return drawn;
    }

    private static byte[] drawWithinCap(Faker faker, Pool pool) {
        for (int attempt = 0; attempt < MAX_DRAWS_PER_VALUE; attempt++) {
            byte[] value = pool.drawEncoded(faker);
            if (value.length <= pool.maxBytes) {
                return value;
            }
        }
        throw new IllegalStateException("pool " + pool + ": no value of at most " + pool.maxBytes + " bytes in "
                + MAX_DRAWS_PER_VALUE + " draws; raise its cap");
    }

    /** Lorem sentences, kept to printable ASCII without quote or backslash, so any slice is a valid JSON string body. */
    private static byte[] aboutText(Faker faker) {
        StringBuilder text = new StringBuilder(ABOUT_TEXT_BYTES + 128);
        while (text.length() < ABOUT_TEXT_BYTES) {
            for (char c : faker.lorem().sentence().toCharArray()) {
                if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
                    text.append(c);
                }
            }
            text.append(' ');
        }
        text.setLength(ABOUT_TEXT_BYTES);
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
