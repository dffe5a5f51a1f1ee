package io.rtbench.connectors.search;

import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import java.util.Optional;

/** Target kind {@code elasticsearch}: see {@link SearchEngineTarget} for the index layout, options and queries. */
public final class ElasticsearchTargetProvider implements TargetProvider {

    @Override
    public String kind() {
        return Flavour.ELASTICSEARCH.kind();
    }

    @Override
    public String description() {
        return "Elasticsearch 8/9 over its REST API (_bulk, external _id)";
    }

    @Override
    public Optional<String> server() {
        return Optional.of(kind());
    }

    /** Both update modes: external versions for whole documents and deletes, a versioned script for patches. */
    @Override
    public Optional<String> dmlRefusal(UpdateMode mode) {
        return Optional.empty();
    }

    @Override
    public boolean hasStatements() {
        return true;
    }

    /** Every query, on user_id mapped as a keyword (see SearchReads). */
    @Override
    public Optional<String> readRefusal(ReadQuery query) {
        return Optional.empty();
    }

    @Override
    public Target open(TargetConfig config) {
        return new SearchEngineTarget(Flavour.ELASTICSEARCH, config);
    }
}
