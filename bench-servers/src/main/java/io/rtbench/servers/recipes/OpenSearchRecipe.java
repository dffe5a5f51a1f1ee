package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.docker.SearchContainers;
import io.rtbench.servers.local.SearchEngine;
import io.rtbench.servers.local.SearchEngineFactory;

/** OpenSearch 3.8, distribution zip from Maven Central: in this JVM or a child process (local), or its official image (docker). */
public final class OpenSearchRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return SearchEngine.OPENSEARCH.kind();
    }

    @Override
    public String description() {
        return "OpenSearch 3.8, distribution zip from Maven Central";
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return new SearchEngineFactory(SearchEngine.OPENSEARCH).start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return SearchContainers.opensearch(images, options);
    }
}
