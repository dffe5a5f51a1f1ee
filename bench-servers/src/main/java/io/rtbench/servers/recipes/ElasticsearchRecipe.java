package io.rtbench.servers.recipes;

import io.rtbench.servers.docker.SearchContainers;
import io.rtbench.servers.local.SearchEngine;
import io.rtbench.servers.local.SearchEngineFactory;

/** Elasticsearch 9.2, distribution zip from Maven Central: in this JVM or a child process (local), or its official image (docker). */
public final class ElasticsearchRecipe extends Recipe {

    public ElasticsearchRecipe() {
        super(
                SearchEngine.ELASTICSEARCH.kind(),
                "Elasticsearch 9.2, distribution zip from Maven Central",
                DATABASE_RANK,
                options -> new SearchEngineFactory(SearchEngine.ELASTICSEARCH).start(options),
                SearchContainers::elasticsearch);
    }

    /** {@link SearchEngineFactory} keeps its port and data across a restart (its launcher run again). */
    @Override
    public boolean restartsLocally() {
        return true;
    }

    /** {@link SearchContainers#elasticsearch} publishes a port it picks; the container keeps its data. */
    @Override
    public boolean restartsInContainer() {
        return true;
    }
}
