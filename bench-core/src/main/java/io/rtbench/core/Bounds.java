package io.rtbench.core;

import io.rtbench.core.time.Durations;
import java.time.Duration;

/**
 * The one wording of a value outside its bounds, whatever the command or the setting (docs/GUIDE.md, "One mistake, one
 * exit code, one wording"): {@code --forks must be at least 1, got 0}, {@code --bridge-threads must be between 1 and
 * 256, got 0}, {@code --duration must be positive, got 0s}. Each check returns the value, or throws an
 * {@link IllegalArgumentException} with that sentence, {@code name} first (a flag, or a setting's words where no flag
 * sets it).
 */
public final class Bounds {

    private Bounds() {}

    public static int atLeast(String name, int min, int value) {
        return Math.toIntExact(atLeast(name, (long) min, value));
    }

    public static long atLeast(String name, long min, long value) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
        return value;
    }

    public static int between(String name, int min, int max, int value) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + value);
        }
        return value;
    }

    /** A duration longer than zero, in the user's grammar ({@code 0s}, never Java's {@code PT0S}). */
    public static Duration positive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + Durations.format(value));
        }
        return value;
    }

    /** A duration of zero or more. */
    public static Duration notNegative(String name, Duration value) {
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must be at least 0s, got " + Durations.format(value));
        }
        return value;
    }
}
