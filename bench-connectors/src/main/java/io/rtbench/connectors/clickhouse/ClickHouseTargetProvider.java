package io.rtbench.connectors.clickhouse;

import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import java.util.Optional;

/**
 * Target kind {@code clickhouse}: see {@link ClickHouseTarget} for the table, options and queries, and
 * {@link ClickHouseNativeIngest} for its own Kafka ingestion.
 */
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

    /** A Kafka engine table and a materialized view into the target's table: see {@link ClickHouseNativeIngest}. */
    @Override
    public Optional<NativeIngest> nativeIngest(TargetConfig config) {
        return Optional.of(new ClickHouseNativeIngest(config));
    }

    @Override
    public Target open(TargetConfig config) {
        return new ClickHouseTarget(config);
    }
}
