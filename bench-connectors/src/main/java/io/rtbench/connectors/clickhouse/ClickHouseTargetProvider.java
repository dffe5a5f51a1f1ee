package io.rtbench.connectors.clickhouse;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import java.util.Optional;

/** Target kind {@code clickhouse}: see {@link ClickHouseTarget} for the table, options and queries. */
public final class ClickHouseTargetProvider implements TargetProvider {

    @Override
    public String kind() {
        return "clickhouse";
    }

    @Override
    public String description() {
        return "ClickHouse over HTTP, JSONEachRow into a MergeTree table";
    }

    @Override
    public Optional<String> server() {
        return Optional.of(kind());
    }

    @Override
    public Target open(TargetConfig config) {
        return new ClickHouseTarget(config);
    }
}
