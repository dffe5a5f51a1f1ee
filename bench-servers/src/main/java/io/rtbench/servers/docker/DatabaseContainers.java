package io.rtbench.servers.docker;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.local.ClickHouseFactory;
import io.rtbench.servers.local.FreePorts;
import io.rtbench.servers.local.PostgresFactory;
import io.rtbench.servers.local.XmlConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * ClickHouse (a generic container on the host's network) and PostgreSQL (Testcontainers' module), reachable as the
 * local provider's are.
 */
public final class DatabaseContainers {

    /** As the local provider's cluster: user and database {@value}, no password needed. */
    static final String POSTGRES_USER = "rtbench";

    private static final String CLICKHOUSE_HOST_NETWORK_CONFIG =
            "/etc/clickhouse-server/config.d/rtbench-host-network.xml";
    /** After the file above (config.d merges in name order): a setting may still move a port. */
    private static final String CLICKHOUSE_SETTINGS_CONFIG = "/etc/clickhouse-server/config.d/rtbench-settings.xml";

    private static final String CLICKHOUSE_SETTINGS_USERS = "/etc/clickhouse-server/users.d/rtbench-settings.xml";
    private static final String PROFILE_PREFIX = "profile.";
    private static final int POSTGRES_PORT = 5432;

    private DatabaseContainers() {}

    /**
     * The password-less {@code default} user over HTTP, as rtbench's driver talks to the local provider's. The server
     * runs on the host's network, as Connect does ({@link KafkaContainers}): with the native pipeline ClickHouse
     * consumes Kafka itself, and the broker's address ({@code 127.0.0.1:P}, advertised as {@code localhost:P}) must
     * mean the same inside the container as outside (docs/TARGETS.md, docs/DOCKER.md). A config.d file moves its ports
     * to free ones of this machine and keeps it on loopback, as the local provider's.
     *
     * <p>Settings as the local provider's: {@code profile.NAME=VALUE} sets a query setting of the default profile
     * (users.d), e.g. {@code profile.stream_flush_interval_ms}; any other dotted name sets that element of the server's
     * config (config.d), e.g. {@code logger.level=trace}.
     */
    public static RunningServer clickhouse(DockerImages images, ServerConfig options) {
        int port = FreePorts.orFree(options.port());
        String address = "http://127.0.0.1:" + port;
        DockerImageName image = images.image(ClickHouseFactory.KIND, "clickhouse/clickhouse-server");
        GenericContainer<?> container = new GenericContainer<>(image)
                .withNetworkMode("host")
                .withEnv("CLICKHOUSE_USER", "default")
                .withEnv("CLICKHOUSE_PASSWORD", "")
                // the official image otherwise limits a password-less default user to connections from inside
                .withEnv("CLICKHOUSE_SKIP_USER_SETUP", "1")
                .withCopyToContainer(
                        Transferable.of(hostNetworkConfig(port, FreePorts.free()), 0644),
                        CLICKHOUSE_HOST_NETWORK_CONFIG)
                .waitingFor(new HttpOkWait(address + "/"));
        XmlConfig config = new XmlConfig();
        XmlConfig users = new XmlConfig();
        options.settings().forEach((name, value) -> {
            if (name.startsWith(PROFILE_PREFIX)) {
                users.set("profiles.default." + name.substring(PROFILE_PREFIX.length()), value);
            } else {
                config.set(name, value);
            }
        });
        container
                .withCopyToContainer(Transferable.of(config.toXml("yandex"), 0644), CLICKHOUSE_SETTINGS_CONFIG)
                .withCopyToContainer(Transferable.of(users.toXml("yandex"), 0644), CLICKHOUSE_SETTINGS_USERS);
        ContainerLog log = Containers.start(ClickHouseFactory.KIND, image, container);
        try {
            String version =
                    Containers.get(address + "/?query=SELECT%20version()").strip();
            // the port is in its config.d file on the host's network: a restart keeps it. SIGKILL, as the local
            // provider's restart: on SIGTERM 18.16 serves its clients' keep-alive connections until they are idle
            return new ContainerServer(ClickHouseFactory.KIND, container, address, port, version, log)
                    .restartableWhen(
                            () -> Containers.answersOk(address + "/ping"),
                            ContainerServer.RESTART_TIMEOUT,
                            ContainerServer.Stop.KILL);
        } catch (IOException e) {
            container.stop();
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Merged over the image's config, after its {@code docker_related_config.xml} (files merge in name order, and
     * each {@code remove} takes out one element of that name): the image's wildcard {@code listen_host}s (the official
     * image's {@code ::} and {@code 0.0.0.0}, the stand-in's {@code 0.0.0.0}) give way to loopback, HTTP and the native
     * protocol move to the given ports, and the other fixed ports the image's config opens (interserver 9009; MySQL
     * 9004 and PostgreSQL 9005 on current releases) are closed, so that two servers on one machine do not collide.
     * The root element is 18.16's, which current releases accept too.
     */
    static String hostNetworkConfig(int httpPort, int tcpPort) {
        return """
                <yandex>
                    <listen_host remove="remove"/>
                    <listen_host remove="remove"/>
                    <listen_host>127.0.0.1</listen_host>
                    <http_port>%d</http_port>
                    <tcp_port>%d</tcp_port>
                    <interserver_http_port remove="remove"/>
                    <mysql_port remove="remove"/>
                    <postgresql_port remove="remove"/>
                </yandex>
                """.formatted(httpPort, tcpPort);
    }

    /** Whether the server in the container accepts connections to the database, as the local provider asks it. */
    private static boolean isReady(PostgreSQLContainer container) throws IOException, InterruptedException {
        return container
                        .execInContainer(
                                "pg_isready",
                                "-h",
                                "127.0.0.1",
                                "-p",
                                Integer.toString(POSTGRES_PORT),
                                "-U",
                                POSTGRES_USER,
                                "-d",
                                POSTGRES_USER,
                                "-t",
                                "2")
                        .getExitCode()
                == 0;
    }

    /**
     * Database and user {@value #POSTGRES_USER}, trust authentication. Settings: each {@code NAME=VALUE} becomes
     * {@code -c NAME=VALUE}, as with the local provider.
     */
    public static RunningServer postgres(DockerImages images, ServerConfig options) {
        List<String> command = new ArrayList<>(List.of("postgres", "-c", "fsync=off"));
        options.settings().forEach((name, value) -> command.addAll(List.of("-c", name + "=" + value)));
        DockerImageName image = images.image(PostgresFactory.KIND, "postgres");
        PostgreSQLContainer container = new PostgreSQLContainer(image)
                .withDatabaseName(POSTGRES_USER)
                .withUsername(POSTGRES_USER)
                .withPassword(POSTGRES_USER)
                .withEnv("POSTGRES_HOST_AUTH_METHOD", "trust")
                .withCommand(command.toArray(String[]::new));
        // a port chosen here, not the engine's: the engine picks a random port anew when the container is started again
        Containers.publishOn(container, POSTGRES_PORT, FreePorts.orFree(options.port()));
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
                            log)
                    .restartableWhen(
                            () -> isReady(container), ContainerServer.RESTART_TIMEOUT, ContainerServer.Stop.GRACEFUL);
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
