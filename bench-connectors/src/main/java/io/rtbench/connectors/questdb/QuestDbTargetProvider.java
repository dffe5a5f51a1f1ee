package io.rtbench.connectors.questdb;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import java.util.Optional;

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
    public Optional<String> server() {
        return Optional.of(kind());
    }

    @Override
    public Target open(TargetConfig config) {
        return new QuestDbTarget(config);
    }
}
