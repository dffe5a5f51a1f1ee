package io.rtbench.connectors.nulltarget;

import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;

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

    @Override
    public Class<? extends Target> targetType() {
        return NullTarget.class;
    }

    @Override
    public Target open(TargetConfig config) {
        return new NullTarget(config, COLLECTIONS);
    }
}
