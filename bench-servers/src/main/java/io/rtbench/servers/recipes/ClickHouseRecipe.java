package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DatabaseContainers;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.local.ClickHouseFactory;

/** ClickHouse, Debian's clickhouse-server: in this JVM or a child process (local), or its official image (docker). */
public final class ClickHouseRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return ClickHouseFactory.KIND;
    }

    @Override
    public String description() {
        return "ClickHouse, Debian's clickhouse-server";
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return new ClickHouseFactory().start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return DatabaseContainers.clickhouse(images, options);
    }
}
