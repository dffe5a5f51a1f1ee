package io.rtbench.servers.recipes;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.docker.KafkaContainers;
import io.rtbench.servers.local.KafkaServer;

/** Kafka 4 broker, KRaft single node: in this JVM or a child process (local), or its official image (docker). */
public final class KafkaRecipe extends Recipe {

    public KafkaRecipe() {
        super(ServerKind.KAFKA, "Kafka 4 broker, KRaft single node", 0, KafkaServer::start, KafkaContainers::kafka);
    }

    /** {@link KafkaServer} keeps its port and data across a restart. */
    @Override
    public boolean restartsLocally() {
        return true;
    }
}
