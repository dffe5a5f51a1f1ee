package io.rtbench.connectors.postgres;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;

/** Target kind {@code postgres}: see {@link PostgresTarget} for the table, options and queries. */
public final class PostgresTargetProvider implements TargetProvider {

    @Override
    public String kind() {
        return "postgres";
    }

    @Override
    public Target open(TargetConfig config) {
        return new PostgresTarget(config);
    }
}
