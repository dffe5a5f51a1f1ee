package io.rtbench.connectors.search;

/** Target kind {@code elasticsearch}. */
public final class ElasticsearchTargetProvider extends SearchEngineProvider {

    public ElasticsearchTargetProvider() {
        super(Flavour.ELASTICSEARCH, "Elasticsearch 8/9 over its REST API (_bulk, external _id)");
    }
}
