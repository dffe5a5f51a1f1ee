package io.rtbench.cli.support;

import io.rtbench.core.Bounds;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.result.ResultFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The checks of one setting's value that a pipeline command makes (each option group's settings, and the run's checks together) before any server starts; each failure is an
 * {@link IllegalArgumentException} naming the setting by its flag, in {@link Bounds}' words, e.g. {@code --forks must be
 * at least 1, got 0}.
 */
public final class SettingChecks {

    private SettingChecks() {}

    /** The result file; a usage error before any server starts when it could not be written. */
    public static Path resultFile(Path file) {
        ResultFiles.unwritable(file).ifPresent(why -> {
            throw new IllegalArgumentException("--result: " + why);
        });
        return file;
    }

    /** The value {@code parse} makes; its failure's message prefixed with the setting's name and flag. */
    public static <T> T named(String name, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }

    /** The generator's own bounds, checked before any server starts (it was said after Kafka and the target). */
    public static int docSize(int bytes) {
        new GeneratorSettings(0, bytes);
        return bytes;
    }

    public static int positive(String name, int value) {
        return Bounds.atLeast(name, 1, value);
    }

    public static long notNegative(String name, long value) {
        return Bounds.atLeast(name, 0, value);
    }

    public static Duration duration(String name, Duration value, boolean zeroAllowed) {
        return zeroAllowed ? Bounds.notNegative(name, value) : Bounds.positive(name, value);
    }

    /**
     * A collection or topic name, checked before any server starts: an empty one or one with a blank or a slash failed
     * after Kafka and the target had started, in the driver's or Kafka's words.
     */
    public static String name(String name, String value, String what, int maxLength) {
        if (value.isEmpty() || value.length() > maxLength || !value.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException(
                    name + " must be " + what + ", at most " + maxLength + " of them, got '" + value + "'");
        }
        return value;
    }
}
