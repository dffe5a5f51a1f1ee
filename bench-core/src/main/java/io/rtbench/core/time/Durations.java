package io.rtbench.core.time;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as users write them: {@code 250ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 1h30m}, {@code 2.5s}. */
public final class Durations {

    public static final String ACCEPTED_FORMS = "e.g. 500ms, 30s, 5m, 1h or 1h30m";

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|us|s|m|h)");

    private Durations() {}

    /** Parses a duration; throws {@link IllegalArgumentException} naming the accepted forms. */
    public static Duration parse(String text) {
        String normalized = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        Matcher part = PART.matcher(normalized);
        double nanos = 0;
        int end = 0;
        while (part.find() && part.start() == end) {
            nanos += Double.parseDouble(part.group(1)) * nanosPer(part.group(2));
            end = part.end();
        }
        if (end == 0 || end != normalized.length()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; use " + ACCEPTED_FORMS);
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** The shortest text form that {@link #parse} reads back, e.g. {@code 30s}, {@code 1500ms}. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 3_600_000 == 0 && millis > 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis % 60_000 == 0 && millis > 0) {
            return millis / 60_000 + "m";
        }
        if (millis % 1_000 == 0) {
            return millis / 1_000 + "s";
        }
        return millis + "ms";
    }

    private static double nanosPer(String unit) {
        return switch (unit) {
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            case "h" -> 3600e9;
            default -> throw new IllegalStateException(unit);
        };
    }
}
