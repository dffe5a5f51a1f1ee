package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DockerImages;
import java.util.function.Function;

/**
 * A recipe given by what it names and the two ways its server starts: its local start code in {@code servers.local},
 * its container in {@code servers.docker} (docs/ADDING-A-TARGET.md, "The server recipe").
 */
abstract class Recipe implements ServerRecipe {

    /** The start rank of a database, {@link ServerRecipe#startRank()}'s default. */
    static final int DATABASE_RANK = 2;

    /** How the server starts in a container. */
    interface DockerStart {
        RunningServer start(DockerImages images, ServerConfig options);
    }

    private final ServerKind kind;
    private final String description;
    private final int startRank;
    private final Function<ServerConfig, RunningServer> local;
    private final DockerStart docker;

    Recipe(
            ServerKind kind,
            String description,
            int startRank,
            Function<ServerConfig, RunningServer> local,
            DockerStart docker) {
        this.kind = kind;
        this.description = description;
        this.startRank = startRank;
        this.local = local;
        this.docker = docker;
    }

    @Override
    public final ServerKind kind() {
        return kind;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final int startRank() {
        return startRank;
    }

    @Override
    public final RunningServer startLocal(ServerConfig options) {
        return local.apply(options);
    }

    @Override
    public final RunningServer startDocker(DockerImages images, ServerConfig options) {
        return docker.start(images, options);
    }
}
