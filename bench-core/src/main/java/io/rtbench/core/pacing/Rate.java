package io.rtbench.core.pacing;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A target ingest rate, in events per second, bytes per second, or as fast as possible. Parsed from the forms of spec
 * section 5: {@code 20MB}, {@code 20MB/s}, {@code 512KB/s}, {@code 8000/s}, {@code max}. Units are decimal as in the
 * RockBench seeds: 1 MB = 10^6 bytes, so 8,000 events/s of 1.25 KB are 10 MB/s.
 */
public record Rate(Unit unit, double perSecond) {

    public static final String ACCEPTED_FORMS = "e.g. 20MB, 20MB/s, 512KB/s, 8000/s or max";

    public static final Rate MAX = new Rate(Unit.MAX, Double.POSITIVE_INFINITY);

    private static final Pattern BYTES = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(B|KB|MB|GB)(?:/S)?");
    private static final Pattern EVENTS = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*/S");

    public enum Unit {
        EVENTS,
        BYTES,
        MAX
    }

    public Rate {
        if (unit != Unit.MAX && !(perSecond > 0 && Double.isFinite(perSecond))) {
            throw new IllegalArgumentException("a rate must be positive, got " + perSecond);
        }
    }

    public static Rate ofEventsPerSecond(double events) {
        return new Rate(Unit.EVENTS, events);
    }

    public static Rate ofBytesPerSecond(double bytes) {
        return new Rate(Unit.BYTES, bytes);
    }

    /**
     * Parses a rate.
     *
     * @throws IllegalArgumentException with a message that names the accepted forms
     */
    public static Rate parse(String text) {
        String normalized = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        if (normalized.equals("MAX")) {
            return MAX;
        }
        Matcher bytes = BYTES.matcher(normalized);
        if (bytes.matches()) {
            return checked(text, Unit.BYTES, Double.parseDouble(bytes.group(1)) * multiplier(bytes.group(2)));
        }
        Matcher events = EVENTS.matcher(normalized);
        if (events.matches()) {
            return checked(text, Unit.EVENTS, Double.parseDouble(events.group(1)));
        }
        throw new IllegalArgumentException("'" + text + "' is not a rate; use " + ACCEPTED_FORMS);
    }

    private static Rate checked(String text, Unit unit, double perSecond) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not a positive rate; use " + ACCEPTED_FORMS);
        }
        return new Rate(unit, perSecond);
    }

    private static double multiplier(String unit) {
        return switch (unit) {
            case "B" -> 1;
            case "KB" -> 1e3;
            case "MB" -> 1e6;
            case "GB" -> 1e9;
            default -> throw new IllegalStateException(unit);
        };
    }

    public boolean isMax() {
        return unit == Unit.MAX;
    }

    /** Events per second for documents of {@code docBytes}; infinite for {@link #MAX}. */
    public double eventsPerSecond(int docBytes) {
        return switch (unit) {
            case EVENTS -> perSecond;
            case BYTES -> perSecond / docBytes;
            case MAX -> Double.POSITIVE_INFINITY;
        };
    }

    /** Bytes per second for documents of {@code docBytes}; infinite for {@link #MAX}. */
    public double bytesPerSecond(int docBytes) {
        return switch (unit) {
            case EVENTS -> perSecond * docBytes;
            case BYTES -> perSecond;
            case MAX -> Double.POSITIVE_INFINITY;
        };
    }

    /** This rate scaled by a factor (e.g. one generator's share, or the next peak-search step). */
    public Rate times(double factor) {
        return isMax() ? this : new Rate(unit, perSecond * factor);
    }

    /** The canonical text form, which {@link #parse} reads back. */
    @Override
    public String toString() {
        return switch (unit) {
            case MAX -> "max";
            case EVENTS -> format(perSecond) + "/s";
            case BYTES ->
                perSecond >= 1e6
                        ? format(perSecond / 1e6) + "MB/s"
                        : perSecond >= 1e3 ? format(perSecond / 1e3) + "KB/s" : format(perSecond) + "B/s";
        };
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
