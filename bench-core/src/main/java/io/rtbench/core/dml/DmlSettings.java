package io.rtbench.core.dml;

import io.rtbench.core.Bounds;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Workload {@code dml} (docs/GUIDE.md, "Updates and deletes"): which share of the events update or delete an earlier
 * event of the same generator instead of inserting a new one.
 *
 * @param updateShare share of events that update a row, 0 … 1 ({@code --updates 10%})
 * @param deleteShare share of events that delete a row ({@code --deletes 2%}); with the updates below 100 %
 * @param updateMode whether an update carries the whole document or a few changed fields
 * @param minRowAge updates and deletes pick rows inserted at least this long ago (by {@code _event_time}): a row that is
 *     not visible yet cannot be seen to change, and a delete of it would look visible at once on a target that
 *     deletes for real (docs/MEASUREMENT.md). Until rows are this old, every event is an insert
 */
public record DmlSettings(double updateShare, double deleteShare, UpdateMode updateMode, Duration minRowAge) {

    public static final double DEFAULT_UPDATES = 0.10;
    public static final double DEFAULT_DELETES = 0.02;
    public static final Duration DEFAULT_MIN_ROW_AGE = Duration.ofSeconds(2);

    public DmlSettings {
        Objects.requireNonNull(updateMode, "updateMode");
        Objects.requireNonNull(minRowAge, "minRowAge");
        if (!(updateShare >= 0 && updateShare <= 1) || !(deleteShare >= 0 && deleteShare <= 1)) {
            throw new IllegalArgumentException("--updates and --deletes must be between 0% and 100%, got "
                    + percent(updateShare) + " and " + percent(deleteShare));
        }
        if (updateShare + deleteShare >= 1) {
            throw new IllegalArgumentException("--updates plus --deletes must stay below 100% (rows to change come from"
                    + " inserts), got " + percent(updateShare + deleteShare));
        }
        Bounds.notNegative("--min-row-age", minRowAge);
    }

    /** A share as the user writes it: {@code 10%}, {@code 2.5%}. */
    public static String percent(double share) {
        double value = share * 100;
        return value == Math.rint(value)
                ? String.format(Locale.ROOT, "%d%%", (long) value)
                : String.format(Locale.ROOT, "%s%%", stripZeros(value));
    }

    private static String stripZeros(double value) {
        String text = String.format(Locale.ROOT, "%.4f", value);
        return text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /**
     * Parses a share: {@code 10%}, {@code 2.5%}, or a fraction {@code 0.1}; {@link IllegalArgumentException} naming the
     * accepted forms otherwise.
     */
    public static double parseShare(String text) {
        String trimmed = text.trim();
        try {
            if (trimmed.endsWith("%")) {
                return Double.parseDouble(
                                trimmed.substring(0, trimmed.length() - 1).trim())
                        / 100;
            }
            return Double.parseDouble(trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a share; write it as 10% or 0.1");
        }
    }
}
