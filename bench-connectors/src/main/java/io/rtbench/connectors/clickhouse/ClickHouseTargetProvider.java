package io.rtbench.connectors.clickhouse;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;

/** Target kind {@code clickhouse}: see {@link ClickHouseTarget} for the table, options and queries. */
public final class ClickHouseTargetProvider implements TargetProvider {

    @Override
    public String kind() {
        return "clickhouse";
    }

    @Override
    public Target open(TargetConfig config) {
        return new ClickHouseTarget(config);
    }
}
