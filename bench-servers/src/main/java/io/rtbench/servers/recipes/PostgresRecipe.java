package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DatabaseContainers;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.local.PostgresFactory;

/** PostgreSQL, Debian's postgresql (a private cluster): in this JVM or a child process (local), or its official image (docker). */
public final class PostgresRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return PostgresFactory.KIND;
    }

    @Override
    public String description() {
        return "PostgreSQL, Debian's postgresql (a private cluster)";
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return new PostgresFactory().start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return DatabaseContainers.postgres(images, options);
    }
}
