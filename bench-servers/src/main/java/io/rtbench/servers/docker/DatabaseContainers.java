package io.rtbench.servers.docker;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.local.ClickHouseFactory;
import io.rtbench.servers.local.PostgresFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.clickhouse.ClickHouseContainer;
import org.testcontainers.containers.Container;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/** ClickHouse and PostgreSQL on Testcontainers' modules, reachable as the local provider's are. */
public final class DatabaseContainers {

    /** As the local provider's cluster: user and database {@value}, no password needed. */
    static final String POSTGRES_USER = "rtbench";

    private static final int CLICKHOUSE_HTTP_PORT = 8123;
    private static final int POSTGRES_PORT = 5432;

    private DatabaseContainers() {}

    /** The password-less {@code default} user over HTTP, as rtbench's driver talks to the local provider's. */
    public static RunningServer clickhouse(DockerImages images, ServerOptions options) {
        if (!options.settings().isEmpty()) {
            throw new IllegalArgumentException("the docker provider's clickhouse takes no settings, got "
                    + options.settings().keySet());
        }
        DockerImageName image = images.image(ClickHouseFactory.KIND, "clickhouse/clickhouse-server");
        ClickHouseContainer container = new ClickHouseContainer(image)
                .withUsername("default")
                .withPassword("")
                // the official image otherwise limits a password-less default user to connections from inside
                .withEnv("CLICKHOUSE_SKIP_USER_SETUP", "1");
        Containers.publishOn(container, CLICKHOUSE_HTTP_PORT, options.port());
        ContainerLog log = Containers.start(ClickHouseFactory.KIND, image, container);
        int port = container.getMappedPort(CLICKHOUSE_HTTP_PORT);
        String address = "http://" + Containers.host(container) + ":" + port;
        try {
            String version =
                    Containers.get(address + "/?query=SELECT%20version()").strip();
            return new ContainerServer(ClickHouseFactory.KIND, container, address, port, version, log);
        } catch (IOException e) {
            container.stop();
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Database and user {@value #POSTGRES_USER}, trust authentication. Settings: each {@code NAME=VALUE} becomes
     * {@code -c NAME=VALUE}, as with the local provider.
     */
    public static RunningServer postgres(DockerImages images, ServerOptions options) {
        List<String> command = new ArrayList<>(List.of("postgres", "-c", "fsync=off"));
        options.settings().forEach((name, value) -> command.addAll(List.of("-c", name + "=" + value)));
        DockerImageName image = images.image(PostgresFactory.KIND, "postgres");
        PostgreSQLContainer container = new PostgreSQLContainer(image)
                .withDatabaseName(POSTGRES_USER)
                .withUsername(POSTGRES_USER)
                .withPassword(POSTGRES_USER)
                .withEnv("POSTGRES_HOST_AUTH_METHOD", "trust")
                .withCommand(command.toArray(String[]::new));
        Containers.publishOn(container, POSTGRES_PORT, options.port());
        ContainerLog log = Containers.start(PostgresFactory.KIND, image, container);
        int port = container.getMappedPort(POSTGRES_PORT);
        String address =
                "postgresql://" + POSTGRES_USER + "@" + Containers.host(container) + ":" + port + "/" + POSTGRES_USER;
        try {
            Container.ExecResult version = container.execInContainer(
                    "psql", "-U", POSTGRES_USER, "-d", POSTGRES_USER, "-tAc", "SHOW server_version");
            if (version.getExitCode() != 0) {
                throw new IOException("psql in the container failed: " + version.getStderr());
            }
            return new ContainerServer(
                    PostgresFactory.KIND,
                    container,
                    address,
                    port,
                    version.getStdout().strip(),
                    log);
        } catch (IOException e) {
            container.stop();
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            container.stop();
            throw new IllegalStateException("interrupted while asking postgres its version", e);
        }
    }
}
