package io.rtbench.servers.recipes;

import io.rtbench.servers.docker.SearchContainers;
import io.rtbench.servers.local.SearchEngine;
import io.rtbench.servers.local.SearchEngineFactory;

/** OpenSearch 3.8, distribution zip from Maven Central: in this JVM or a child process (local), or its official image (docker). */
public final class OpenSearchRecipe extends Recipe {

    public OpenSearchRecipe() {
        super(
                SearchEngine.OPENSEARCH.kind(),
                "OpenSearch 3.8, distribution zip from Maven Central",
                DATABASE_RANK,
                options -> new SearchEngineFactory(SearchEngine.OPENSEARCH).start(options),
                SearchContainers::opensearch);
    }

    /** {@link SearchEngineFactory} keeps its port and data across a restart (its launcher run again). */
    @Override
    public boolean restartsLocally() {
        return true;
    }

    /** {@link SearchContainers#opensearch} publishes a port it picks; the container keeps its data. */
    @Override
    public boolean restartsInContainer() {
        return true;
    }
}
