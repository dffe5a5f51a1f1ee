package io.rtbench.servers.testing;

import io.rtbench.servers.RunningServer;
import java.net.URI;

/** Tests that talk to a real PostgreSQL with pgjdbc directly, which takes no user inside the URL. */
public final class PostgresJdbc {

    private PostgresJdbc() {}

    /** {@code jdbc:postgresql://host:port/database} of a server whose address is {@code postgresql://user@host:port/db}. */
    public static String url(RunningServer postgres) {
        URI address = URI.create(postgres.address());
        return "jdbc:postgresql://" + address.getHost() + ":" + address.getPort() + address.getPath();
    }
}
