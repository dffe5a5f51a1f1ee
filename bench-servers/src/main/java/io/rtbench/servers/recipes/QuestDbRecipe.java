package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.docker.QuestDbContainers;
import io.rtbench.servers.local.QuestDbFactory;

/** QuestDB, the server jar from Maven Central: a child JVM (local), or its official image (docker). */
public final class QuestDbRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return QuestDbFactory.KIND;
    }

    @Override
    public String description() {
        return "QuestDB, the server jar from Maven Central";
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return new QuestDbFactory().start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return QuestDbContainers.questdb(images, options);
    }
}
