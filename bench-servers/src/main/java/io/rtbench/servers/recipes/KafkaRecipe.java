package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.docker.KafkaContainers;
import io.rtbench.servers.local.KafkaServer;

/** Kafka 4 broker, KRaft single node: in this JVM or a child process (local), or its official image (docker). */
public final class KafkaRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return ServerKind.KAFKA;
    }

    @Override
    public String description() {
        return "Kafka 4 broker, KRaft single node";
    }

    @Override
    public int startRank() {
        return 0;
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return KafkaServer.start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return KafkaContainers.kafka(images, options);
    }
}
