package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.ServerRecipes;

/**
 * The {@code local} provider: Kafka and Connect in this JVM, the databases and Prometheus as child processes on
 * 127.0.0.1, each with its files in a temp dir and its log in a file, as each kind's
 * {@link io.rtbench.servers.ServerRecipe} says. Needs no Docker.
 */
public final class LocalServerProvider implements ServerProvider {

    @Override
    public String name() {
        return "local";
    }

    @Override
    public RunningServer start(ServerKind kind, ServerConfig options) {
        return ServerRecipes.recipe(kind).startLocal(options);
    }
}
