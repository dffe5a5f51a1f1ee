package io.rtbench.servers.recipes;

import io.rtbench.servers.docker.QuestDbContainers;
import io.rtbench.servers.local.QuestDbFactory;

/** QuestDB, the server jar from Maven Central: a child JVM (local), or its official image (docker). */
public final class QuestDbRecipe extends Recipe {

    public QuestDbRecipe() {
        super(
                QuestDbFactory.KIND,
                "QuestDB, the server jar from Maven Central",
                DATABASE_RANK,
                options -> new QuestDbFactory().start(options),
                QuestDbContainers::questdb);
    }

    /** {@link QuestDbFactory} keeps its port and data across a restart. */
    @Override
    public boolean restartsLocally() {
        return true;
    }

    /** {@link QuestDbContainers#questdb} publishes a port it picks; the container keeps its data. */
    @Override
    public boolean restartsInContainer() {
        return true;
    }
}
