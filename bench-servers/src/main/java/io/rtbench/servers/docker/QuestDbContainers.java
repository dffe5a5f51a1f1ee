package io.rtbench.servers.docker;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.local.FreePorts;
import io.rtbench.servers.local.QuestDbFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * QuestDB's official image ({@code questdb/questdb}) on a plain container, reachable as the local provider's: its HTTP
 * endpoint (SQL and the InfluxDB line protocol) at {@code http://127.0.0.1:P}, telemetry off, and ILP not allowed to
 * create tables or columns, as {@code QuestDbConfig} sets them locally. Only HTTP is published (rtbench's driver uses
 * nothing else: docs/TARGETS.md), on a free port of 127.0.0.1 that the provider picks, so that a restart of the
 * container ({@link ContainerServer#restartable()}) keeps the address.
 */
public final class QuestDbContainers {

    private static final int HTTP_PORT = 9000;

    private QuestDbContainers() {}

    /**
     * Settings: each {@code NAME=VALUE} becomes the image's environment variable {@code QDB_NAME} (upper case, dots as
     * underscores), QuestDB's way of overriding {@code server.conf}.
     */
    public static RunningServer questdb(DockerImages images, ServerConfig options) {
        DockerImageName image = images.image(QuestDbFactory.KIND, "questdb/questdb");
        GenericContainer<?> container = new GenericContainer<>(image)
                .withExposedPorts(HTTP_PORT)
                .withEnv("QDB_TELEMETRY_ENABLED", "false")
                .withEnv("QDB_LINE_AUTO_CREATE_NEW_TABLES", "false")
                .withEnv("QDB_LINE_AUTO_CREATE_NEW_COLUMNS", "false")
                .waitingFor(Wait.forHttp(QuestDbFactory.SETTINGS_PATH).forPort(HTTP_PORT));
        options.settings()
                .forEach((name, value) ->
                        container.withEnv("QDB_" + name.toUpperCase(Locale.ROOT).replace('.', '_'), value));
        // a port chosen here, not the engine's: the engine picks a random port anew when the container is started again
        Containers.publishOn(container, HTTP_PORT, FreePorts.orFree(options.port()));
        ContainerLog log = Containers.start(QuestDbFactory.KIND, image, container);
        int port = container.getMappedPort(HTTP_PORT);
        String address = "http://" + Containers.host(container) + ":" + port;
        try {
            String version = QuestDbFactory.version(Containers.get(address + QuestDbFactory.SETTINGS_PATH));
            // as the local provider's restart: SIGTERM (the image's stop signal), over when /settings answers
            return new ContainerServer(QuestDbFactory.KIND, container, address, port, version, log)
                    .restartableWhen(
                            () -> Containers.answersOk(address + QuestDbFactory.SETTINGS_PATH),
                            Containers.START_TIMEOUT,
                            ContainerServer.Stop.GRACEFUL);
        } catch (IOException e) {
            container.stop();
            throw new UncheckedIOException(e);
        }
    }
}
