package io.rtbench.servers.recipes;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.docker.KafkaContainers;
import io.rtbench.servers.local.ConnectServer;

/** Kafka Connect worker with rtbench's sink plugin: in this JVM or a child process (local), or its official image (docker). */
public final class ConnectRecipe extends Recipe {

    public ConnectRecipe() {
        super(
                ServerKind.CONNECT,
                "Kafka Connect worker with rtbench's sink plugin",
                1,
                ConnectServer::start,
                KafkaContainers::connect);
    }
}
