package io.rtbench.connectors.search;

/** Target kind {@code opensearch}. */
public final class OpenSearchTargetProvider extends SearchEngineProvider {

    public OpenSearchTargetProvider() {
        super(Flavour.OPENSEARCH, "OpenSearch 2/3 over its REST API (_bulk, external _id)");
    }
}
