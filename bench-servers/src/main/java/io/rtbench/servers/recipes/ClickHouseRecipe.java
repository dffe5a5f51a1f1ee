package io.rtbench.servers.recipes;

import io.rtbench.servers.docker.DatabaseContainers;
import io.rtbench.servers.local.ClickHouseFactory;

/** ClickHouse, Debian's clickhouse-server: in this JVM or a child process (local), or its official image (docker). */
public final class ClickHouseRecipe extends Recipe {

    public ClickHouseRecipe() {
        super(
                ClickHouseFactory.KIND,
                "ClickHouse, Debian's clickhouse-server",
                DATABASE_RANK,
                options -> new ClickHouseFactory().start(options),
                DatabaseContainers::clickhouse);
    }

    /** {@link ClickHouseFactory} keeps its port and data across a restart. */
    @Override
    public boolean restartsLocally() {
        return true;
    }

    /** {@link DatabaseContainers#clickhouse} configures its port; the container keeps its data. */
    @Override
    public boolean restartsInContainer() {
        return true;
    }
}
