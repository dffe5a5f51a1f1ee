package io.rtbench.connectors.questdb;

import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import java.net.URI;
import java.util.Optional;
import java.util.Set;

/** Target kind {@code questdb}: see {@link QuestDbTarget} for the table, options and queries. */
public final class QuestDbTargetProvider implements TargetProvider {

    @Override
    public String kind() {
        return "questdb";
    }

    @Override
    public String description() {
        return "QuestDB over HTTP, InfluxDB line protocol into a deduplicating WAL table";
    }

    @Override
    public Class<? extends Target> targetType() {
        return QuestDbTarget.class;
    }

    @Override
    public Optional<String> server() {
        return Optional.of(kind());
    }

    /** See docs/TARGETS.md, QuestDB: no versioned upsert, no delete. */
    @Override
    public Optional<String> dmlRefusal(UpdateMode mode) {
        return Optional.of("questdb cannot apply versions or deletes (its deduplication key must hold the designated"
                + " timestamp, so an update with a new _event_time is a new row, and it has no DELETE; docs/TARGETS.md):"
                + " use --workload ingest");
    }

    /** Not implemented: see the reason. */
    @Override
    public Optional<String> readRefusal(ReadQuery query) {
        return Optional.of("questdb has no reads: its table keeps the document as text, with no user_id column, and"
                + " QuestDB indexes SYMBOL columns only, so every read would scan the table (docs/TARGETS.md); use"
                + " clickhouse, postgres, elasticsearch or opensearch");
    }

    @Override
    public Set<String> options() {
        return QuestDbTarget.OPTIONS;
    }

    @Override
    public void checkUrl(URI url) {
        HttpEndpoint.requireHttpUrl(kind(), url);
    }

    @Override
    public void checkOptions(TargetConfig config) {
        QuestDbTarget.partitionBy(config);
    }

    @Override
    public Target open(TargetConfig config) {
        return new QuestDbTarget(config);
    }
}
