package io.rtbench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Number formatting for the report: {@code .} decimals whatever the locale, no grouping, no exponent, trailing zeros
 * dropped, so that the CSV is stable across machines and reads back as numbers everywhere.
 */
final class Numbers {

    /** Bytes per MB: 10^6, as in the seeds (8,000 × 1.25 KB = 10 MB/s). */
    static final double BYTES_PER_MB = 1_000_000.0;

    private Numbers() {}

    /** {@code value} rounded half-up to at most {@code fractionDigits} decimals; empty for null, NaN or infinity. */
    static String plain(Double value, int fractionDigits) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return "";
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(fractionDigits, RoundingMode.HALF_UP);
        String text = rounded.stripTrailingZeros().toPlainString();
        return text.equals("-0") ? "0" : text;
    }

    static String plain(Long value) {
        return value == null ? "" : Long.toString(value);
    }

    static String plain(Integer value) {
        return value == null ? "" : Integer.toString(value);
    }

    static String plain(Boolean value) {
        return value == null ? "" : value.toString();
    }

    /** Milliseconds to the microsecond, the resolution of the histograms. */
    static String millis(Double value) {
        return plain(value, 3);
    }

    /** For reading, not parsing (the HTML): thousands grouped with commas; empty for null. */
    static String grouped(Long value) {
        return value == null ? "" : String.format(Locale.ROOT, "%,d", value);
    }

    /** {@link #grouped(Long)} of a value rounded to a whole number; empty for null, NaN or infinity. */
    static String grouped(Double value) {
        return value == null || value.isNaN() || value.isInfinite() ? "" : grouped(Math.round(value));
    }

    /**
     * Milliseconds for reading, as the table a run prints them: whole from 100 ms on ({@code 2,480}), else one decimal
     * ({@code 29.4}), or two below 1 ms ({@code 0.42}); empty for null.
     */
    static String readableMillis(Double value) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return "";
        }
        if (Math.abs(value) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 1 ? "%.1f" : "%.2f", value);
    }

    static Double megabytes(Double bytes) {
        return bytes == null ? null : bytes / BYTES_PER_MB;
    }
}
