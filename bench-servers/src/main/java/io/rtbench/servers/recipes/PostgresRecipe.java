package io.rtbench.servers.recipes;

import io.rtbench.servers.docker.DatabaseContainers;
import io.rtbench.servers.local.PostgresFactory;

/** PostgreSQL, Debian's postgresql (a private cluster): in this JVM or a child process (local), or its official image (docker). */
public final class PostgresRecipe extends Recipe {

    public PostgresRecipe() {
        super(
                PostgresFactory.KIND,
                "PostgreSQL, Debian's postgresql (a private cluster)",
                DATABASE_RANK,
                options -> new PostgresFactory().start(options),
                DatabaseContainers::postgres);
    }

    /** {@link PostgresFactory} keeps its port and data across a restart. */
    @Override
    public boolean restartsLocally() {
        return true;
    }

    /** {@link DatabaseContainers#postgres} publishes a fixed port; the container keeps its data. */
    @Override
    public boolean restartsInContainer() {
        return true;
    }
}
