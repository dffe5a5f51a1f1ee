package io.rtbench.core.workload;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.mixed.MixedSettings;
import java.util.Objects;
import java.util.Optional;

/**
 * What a run does to the target besides appending (docs/GUIDE.md, "Updates and deletes" and "Reads under write
 * load"): {@code ingest} appends only, {@code dml} also updates and deletes, {@code mixed} also reads. A run has
 * exactly one; a stage that needs one workload's settings switches on the type rather than checking nullable fields.
 */
public sealed interface Workload {

    Workload INGEST = new Ingest();

    /** The name users give it ({@code --workload}, the result's {@code scenario.settings.workload}). */
    String cliName();

    /** The settings of workload {@code dml}; empty for the others. */
    default Optional<DmlSettings> dml() {
        return this instanceof Dml dml ? Optional.of(dml.settings()) : Optional.empty();
    }

    /** The settings of workload {@code mixed}; empty for the others. */
    default Optional<MixedSettings> mixed() {
        return this instanceof Mixed mixed ? Optional.of(mixed.settings()) : Optional.empty();
    }

    /** Appends only. */
    record Ingest() implements Workload {
        @Override
        public String cliName() {
            return "ingest";
        }
    }

    /** Appends, updates and deletes of earlier events, each a new version. */
    record Dml(DmlSettings settings) implements Workload {
        public Dml {
            Objects.requireNonNull(settings, "settings");
        }

        @Override
        public String cliName() {
            return "dml";
        }
    }

    /** Appends, and reads of events written a while ago, at their own rate. */
    record Mixed(MixedSettings settings) implements Workload {
        public Mixed {
            Objects.requireNonNull(settings, "settings");
        }

        @Override
        public String cliName() {
            return "mixed";
        }
    }
}
