package io.rtbench.core.event;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/** Pre-escaped UTF-8 values of one field, each at most {@code maxBytes} long; picked at random per event. */
final class Pool {

    static final int DEFAULT_SIZE = 256;

    private final byte[][] values;

    private Pool(byte[][] values) {
        this.values = values;
    }

    /** Draws up to {@code size} distinct-ish values from {@code source}, keeping those that fit {@code maxBytes}. */
    static Pool of(Supplier<String> source, int maxBytes) {
        List<byte[]> kept = new ArrayList<>(DEFAULT_SIZE);
        for (int attempt = 0; attempt < DEFAULT_SIZE * 20 && kept.size() < DEFAULT_SIZE; attempt++) {
            byte[] value = JsonText.escape(source.get());
            if (value.length > 0 && value.length <= maxBytes) {
                kept.add(value);
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalStateException("no value of at most " + maxBytes + " bytes from " + source);
        }
        return new Pool(kept.toArray(byte[][]::new));
    }

    static Pool ofFixed(String... choices) {
        byte[][] values = new byte[choices.length][];
        for (int i = 0; i < choices.length; i++) {
            values[i] = JsonText.escape(choices[i]);
        }
        return new Pool(values);
    }

    byte[] pick(SplittableRandom random) {
        return values[random.nextInt(values.length)];
    }

    int size() {
        return values.length;
    }
}
