package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.docker.SearchContainers;
import io.rtbench.servers.local.SearchEngine;
import io.rtbench.servers.local.SearchEngineFactory;

/** Elasticsearch 9.2, distribution zip from Maven Central: in this JVM or a child process (local), or its official image (docker). */
public final class ElasticsearchRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return SearchEngine.ELASTICSEARCH.kind();
    }

    @Override
    public String description() {
        return "Elasticsearch 9.2, distribution zip from Maven Central";
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return new SearchEngineFactory(SearchEngine.ELASTICSEARCH).start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return SearchContainers.elasticsearch(images, options);
    }
}
