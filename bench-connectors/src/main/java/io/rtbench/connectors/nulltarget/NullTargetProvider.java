package io.rtbench.connectors.nulltarget;

import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import java.util.Optional;

/** Target kind {@code null}: discards events, counting them per generator (see {@link NullTarget}). */
public final class NullTargetProvider implements TargetProvider {

    static final InMemoryCollections<NullTarget.Counts> COLLECTIONS = new InMemoryCollections<>();

    @Override
    public String kind() {
        return "null";
    }

    @Override
    public String description() {
        return "discards events, counting them (the harness alone)";
    }

    /** Every mode: changes are applied in memory for the audit. */
    @Override
    public Optional<String> dmlRefusal(UpdateMode mode) {
        return Optional.empty();
    }

    @Override
    public Target open(TargetConfig config) {
        return new NullTarget(config, COLLECTIONS);
    }
}
