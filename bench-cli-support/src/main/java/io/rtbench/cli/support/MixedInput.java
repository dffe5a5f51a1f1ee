package io.rtbench.cli.support;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The settings of workload {@code mixed} as the user wrote them (flags or scenario keys; null: not said), and their
 * resolution (docs/GUIDE.md, "Reads under write load"). Every value is named by its flag in a usage error.
 */
public record MixedInput(
        String workload,
        String readRate,
        String readShare,
        String users,
        String readAge,
        String readQuery,
        String window) {

    public static final String MIXED = "mixed";

    /** Why {@code produce} and {@code calibrate} refuse the workload, whose flags they do not have. */
    public static final String ONLY_UNDER_PIPELINE_COMMANDS = "--workload mixed runs under run, sweep and peak: its"
            + " reads need the target and the events the producer wrote; this command takes ingest or dml";

    /**
     * The settings of workload {@code mixed}, or null for another workload; {@link IllegalArgumentException} naming the
     * option for a value that cannot be parsed, for both {@code --read-rate} and {@code --read-share}, for neither, and
     * for a read option given with another workload.
     */
    public MixedSettings resolve() {
        String kind = workload == null ? Defaults.WORKLOAD : workload.trim().toLowerCase(Locale.ROOT);
        if (!kind.equals("mixed")) {
            Map<String, String> readOnly = new LinkedHashMap<>();
            readOnly.put("--read-rate", readRate);
            readOnly.put("--read-share", readShare);
            readOnly.put("--users", users);
            readOnly.put("--read-age", readAge);
            readOnly.put("--read-query", readQuery);
            readOnly.put("--window", window);
            WorkloadOptions.requireNoneGiven(readOnly, "mixed", kind);
            return null;
        }
        if (readRate != null && readShare != null) {
            throw new IllegalArgumentException("--read-rate and --read-share: give one of them");
        }
        if (readRate == null && readShare == null) {
            throw new IllegalArgumentException(
                    "--workload mixed needs --read-rate (e.g. 200/s) or --read-share (e.g. 20%)");
        }
        Double perSec = readRate == null ? null : named("--read-rate", () -> readsPerSec(readRate));
        Double share = readShare == null ? null : named("--read-share", () -> DmlSettings.parseShare(readShare));
        long keyspace = named("--users", () -> count(or(users, Defaults.USERS)));
        Duration age = named("--read-age", () -> Durations.parse(or(readAge, Defaults.READ_AGE)));
        ReadQuery query = named("--read-query", () -> ReadQuery.fromCliName(or(readQuery, Defaults.READ_QUERY)));
        Duration length = named("--window", () -> Durations.parse(or(window, Defaults.WINDOW)));
        return new MixedSettings(perSec, share, keyspace, age, query, length);
    }

    private static double readsPerSec(String text) {
        Rate rate = Rate.parse(text);
        if (rate.unit() != Rate.Unit.EVENTS) {
            throw new IllegalArgumentException("'" + text + "' is not a number of reads per second; write it as 200/s");
        }
        return rate.perSecond();
    }

    private static long count(String text) {
        try {
            return Long.parseLong(text.trim().replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number");
        }
    }

    private static <T> T named(String name, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }

    private static String or(String value, String fallback) {
        return value != null ? value : fallback;
    }
}
