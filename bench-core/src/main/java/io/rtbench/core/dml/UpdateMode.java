package io.rtbench.core.dml;

import io.rtbench.core.CliNamed;

/** What an update of workload {@code dml} carries ({@code --update-mode}, docs/GUIDE.md "Updates and deletes"). */
public enum UpdateMode implements CliNamed {
    /** The whole document, a new version of every field. */
    REPLACE,
    /** One to three changed top-level fields, merged into the stored document by the target. */
    PATCH;

    public static UpdateMode fromCliName(String name) {
        return CliNamed.parse(UpdateMode.class, name, "an update mode");
    }
}
