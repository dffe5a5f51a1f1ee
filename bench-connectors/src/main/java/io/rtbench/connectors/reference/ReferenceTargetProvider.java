package io.rtbench.connectors.reference;

import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.time.EpochClock;
import java.util.Set;

/**
 * Target kind {@code reference}: the in-memory target of {@code rtbench calibrate} (see {@link ReferenceTarget}). Its
 * targets implement {@link io.rtbench.core.target.GroundTruth}.
 */
public final class ReferenceTargetProvider implements TargetProvider {

    static final InMemoryCollections<ReferenceStore> COLLECTIONS = new InMemoryCollections<>();

    @Override
    public String kind() {
        return "reference";
    }

    @Override
    public String description() {
        return "in memory, each event visible after a known delay (calibration)";
    }

    /** Versioned (rows kept in memory, patches applied as versions) and statements; no reads. */
    @Override
    public Class<? extends Target> targetType() {
        return ReferenceTarget.class;
    }

    @Override
    public Set<String> options() {
        return ReferenceSettings.OPTIONS;
    }

    @Override
    public void checkOptions(TargetConfig config) {
        ReferenceSettings.from(config);
    }

    @Override
    public Target open(TargetConfig config) {
        return new ReferenceTarget(config, COLLECTIONS, EpochClock.SYSTEM, Sleeper.of(EpochClock.SYSTEM));
    }
}
