package io.rtbench.connectors.clickhouse;

import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.connectors.common.TargetOptionReader;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.utilisation.UtilisationSource;
import java.net.URI;
import java.util.Optional;
import java.util.Set;

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

    /** Statements, and every read: on a user_id column without an index (18.16 has none), see ClickHouseReads. */
    @Override
    public Class<? extends Target> targetType() {
        return ClickHouseTarget.class;
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

    /** Whole rows only: a patch would need the stored row, which an insert into a MergeTree table cannot read. */
    @Override
    public Optional<String> dmlRefusal(UpdateMode mode) {
        return mode == UpdateMode.PATCH
                ? Optional.of(
                        "clickhouse writes whole rows (ReplacingMergeTree keeps the newest version of each _id and"
                                + " cannot merge a patch into it): use --update-mode replace")
                : Optional.empty();
    }

    /** From the server's own stats ({@link ClickHouseUtilisation}). */
    @Override
    public Optional<UtilisationSource> utilisation(TargetConfig config) {
        return Optional.of(new ClickHouseUtilisation(config));
    }

    @Override
    public Set<String> options() {
        return ClickHouseTarget.OPTIONS;
    }

    /** The database's name and the options of native ingestion, read as the target and the ingestion read them. */
    @Override
    public void checkUrl(URI url) {
        HttpEndpoint.requireHttpUrl(kind(), url);
    }

    @Override
    public void checkOptions(TargetConfig config) {
        ClickHouseTarget.database(new TargetOptionReader(config, ClickHouseTarget.OPTIONS));
        new ClickHouseNativeIngest(config);
    }

    @Override
    public Target open(TargetConfig config) {
        return new ClickHouseTarget(config);
    }
}
