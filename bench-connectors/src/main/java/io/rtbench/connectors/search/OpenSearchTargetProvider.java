package io.rtbench.connectors.search;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;

/** Target kind {@code opensearch}: see {@link SearchEngineTarget} for the index layout, options and queries. */
public final class OpenSearchTargetProvider implements TargetProvider {

    @Override
    public String kind() {
        return Flavour.OPENSEARCH.kind();
    }

    @Override
    public Target open(TargetConfig config) {
        return new SearchEngineTarget(Flavour.OPENSEARCH, config);
    }
}
