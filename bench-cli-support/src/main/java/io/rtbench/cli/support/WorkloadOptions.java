package io.rtbench.cli.support;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.time.Durations;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What the generators emit (docs/GUIDE.md, "Updates and deletes"): inserts only ({@code ingest}), or inserts, updates
 * and deletes ({@code dml}), or inserts with reads beside them ({@code mixed}, docs/GUIDE.md, "Reads under write
 * load"; its flags are {@link MixedOptions}', which only the commands that run it have). A picocli mixin of
 * {@code produce} and the pipeline commands.
 */
public final class WorkloadOptions implements TailoredOptions {

    private static final String WITHOUT_MIXED_LABEL = "ingest|dml";
    private static final String WITHOUT_MIXED = "New events only, or updates and deletes too.";

    /** The command this mixin is part of: what its user typed, as opposed to the defaults shown in its help. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(
            names = "--workload",
            defaultValue = Defaults.WORKLOAD,
            paramLabel = "ingest|dml|mixed",
            description = "New events only, updates and deletes too, or reads under the writes.")
    String workload;

    @Option(
            names = "--updates",
            defaultValue = Defaults.UPDATES,
            paramLabel = "SHARE",
            description = "dml: share of events that update an earlier row, e.g. 10%%.")
    String updates;

    @Option(
            names = "--deletes",
            defaultValue = Defaults.DELETES,
            paramLabel = "SHARE",
            description = "dml: share of events that delete an earlier row, e.g. 2%%.")
    String deletes;

    @Option(
            names = "--update-mode",
            defaultValue = Defaults.UPDATE_MODE,
            paramLabel = "replace|patch",
            description = "dml: an update carries the whole document, or 1-3 changed fields.")
    String updateMode;

    @Option(
            names = "--min-row-age",
            defaultValue = Defaults.MIN_ROW_AGE,
            paramLabel = "DURATION",
            description = "dml: updates and deletes pick rows inserted at least this long ago.")
    String minRowAge;

    /**
     * A command without {@link MixedOptions} refuses workload {@code mixed} (produce, calibrate): its help offers only
     * the workloads it runs (docs/GUIDE.md, "One mistake, one exit code, one wording").
     */
    @Override
    public void tailor(CommandSpec mixee) {
        if (mixee.findOption("--read-rate") == null) {
            TailoredOptions.replace(
                    mixee,
                    "--workload",
                    option -> option.paramLabel(WITHOUT_MIXED_LABEL).description(WITHOUT_MIXED));
        }
    }

    public String workload() {
        return workload;
    }

    /** The dml flags return what the user gave, null when not given: {@link #resolve} applies the defaults. */
    public String updates() {
        return given("--updates", updates);
    }

    public String deletes() {
        return given("--deletes", deletes);
    }

    public String updateMode() {
        return given("--update-mode", updateMode);
    }

    public String minRowAge() {
        return given("--min-row-age", minRowAge);
    }

    private String given(String option, String value) {
        return command == null || Given.of(command).text(option) != null ? value : null;
    }

    /**
     * The settings of workload {@code dml}, or null for {@code ingest} and {@code mixed}; {@link
     * IllegalArgumentException} naming the option for a value that cannot be parsed, and for a dml option given with
     * another workload (it would change nothing).
     */
    public static DmlSettings resolve(
            String workload, String updates, String deletes, String updateMode, String minRowAge) {
        String kind = workload == null ? Defaults.WORKLOAD : workload.trim().toLowerCase(Locale.ROOT);
        if (kind.equals("ingest") || kind.equals("mixed")) {
            Map<String, String> dmlOnly = new LinkedHashMap<>();
            dmlOnly.put("--updates", updates);
            dmlOnly.put("--deletes", deletes);
            dmlOnly.put("--update-mode", updateMode);
            dmlOnly.put("--min-row-age", minRowAge);
            requireNoneGiven(dmlOnly, "dml", kind);
            return null;
        }
        if (!kind.equals("dml")) {
            throw new IllegalArgumentException("--workload must be ingest, dml or mixed, got '" + workload + "'");
        }
        return new DmlSettings(
                share("--updates", updates == null ? Defaults.UPDATES : updates),
                share("--deletes", deletes == null ? Defaults.DELETES : deletes),
                named("--update-mode", updateMode == null ? Defaults.UPDATE_MODE : updateMode),
                minRowAge == null ? Durations.parse(Defaults.MIN_ROW_AGE) : duration(minRowAge));
    }

    /**
     * {@link IllegalArgumentException} for the first of {@code flags} (flag → value as given, null: not given) that
     * was given although it belongs to workload {@code theirs} and this run's workload is {@code kind}.
     */
    static void requireNoneGiven(Map<String, String> flags, String theirs, String kind) {
        flags.forEach((flag, value) -> {
            if (value != null) {
                throw new IllegalArgumentException(
                        flag + " is an option of --workload " + theirs + "; this run's workload is " + kind);
            }
        });
    }

    private static double share(String name, String text) {
        try {
            return DmlSettings.parseShare(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }

    private static UpdateMode named(String name, String text) {
        try {
            return UpdateMode.fromCliName(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }

    private static java.time.Duration duration(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--min-row-age: " + e.getMessage());
        }
    }
}
