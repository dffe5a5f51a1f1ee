package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.docker.KafkaContainers;
import io.rtbench.servers.local.ConnectServer;

/** Kafka Connect worker with rtbench's sink plugin: in this JVM or a child process (local), or its official image (docker). */
public final class ConnectRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return ServerKind.CONNECT;
    }

    @Override
    public String description() {
        return "Kafka Connect worker with rtbench's sink plugin";
    }

    @Override
    public int startRank() {
        return 1;
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return ConnectServer.start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return KafkaContainers.connect(images, options);
    }
}
