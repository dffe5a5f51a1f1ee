package io.rtbench.cli.support;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.time.Durations;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * What the generators emit (docs/GUIDE.md, "Updates and deletes"): inserts only ({@code ingest}), or inserts, updates
 * and deletes ({@code dml}). A picocli mixin of {@code produce} and the pipeline commands.
 */
public final class WorkloadOptions {

    @Option(
            names = "--workload",
            paramLabel = "ingest|dml",
            description = "New events only, or updates and deletes too.")
    String workload;

    @Option(
            names = "--updates",
            paramLabel = "SHARE",
            description = "dml: share of events that update an earlier row, e.g. 10%%.")
    String updates;

    @Option(
            names = "--deletes",
            paramLabel = "SHARE",
            description = "dml: share of events that delete an earlier row, e.g. 2%%.")
    String deletes;

    @Option(
            names = "--update-mode",
            paramLabel = "replace|patch",
            description = "dml: an update carries the whole document, or 1-3 changed fields.")
    String updateMode;

    @Option(
            names = "--min-row-age",
            paramLabel = "DURATION",
            description = "dml: updates and deletes pick rows inserted at least this long ago.")
    String minRowAge;

    public String workload() {
        return workload;
    }

    public String updates() {
        return updates;
    }

    public String deletes() {
        return deletes;
    }

    public String updateMode() {
        return updateMode;
    }

    public String minRowAge() {
        return minRowAge;
    }

    /**
     * The settings of workload {@code dml}, or null for {@code ingest}; {@link IllegalArgumentException} naming the
     * option for a value that cannot be parsed.
     */
    public static DmlSettings resolve(
            String workload, String updates, String deletes, String updateMode, String minRowAge) {
        String kind = workload == null ? Defaults.WORKLOAD : workload.trim().toLowerCase(Locale.ROOT);
        if (kind.equals("ingest")) {
            return null;
        }
        if (!kind.equals("dml")) {
            throw new IllegalArgumentException("workload (--workload) must be ingest or dml, got '" + workload + "'");
        }
        return new DmlSettings(
                share("updates (--updates)", updates == null ? Defaults.UPDATES : updates),
                share("deletes (--deletes)", deletes == null ? Defaults.DELETES : deletes),
                named("updateMode (--update-mode)", updateMode == null ? Defaults.UPDATE_MODE : updateMode),
                minRowAge == null ? Durations.parse(Defaults.MIN_ROW_AGE) : duration(minRowAge));
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
            throw new IllegalArgumentException("minRowAge (--min-row-age): " + e.getMessage());
        }
    }
}
