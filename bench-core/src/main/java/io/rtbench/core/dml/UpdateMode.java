package io.rtbench.core.dml;

import java.util.Locale;

/** What an update of workload {@code dml} carries ({@code --update-mode}, docs/GUIDE.md "Updates and deletes"). */
public enum UpdateMode {
    /** The whole document, a new version of every field. */
    REPLACE,
    /** One to three changed top-level fields, merged into the stored document by the target. */
    PATCH;

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static UpdateMode fromCliName(String name) {
        for (UpdateMode mode : values()) {
            if (mode.cliName().equalsIgnoreCase(name.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not an update mode; use replace or patch");
    }
}
