package io.rtbench.servers.docker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.local.FreePorts;
import io.rtbench.servers.local.PrometheusConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * Prometheus ({@code prom/prometheus}) with the local provider's generated config. It runs on the host's network, so
 * that its scrape targets ({@code 127.0.0.1:P} of an evaluator on this machine) are the same inside and outside.
 */
public final class PrometheusContainers {

    private static final String CONFIG_FILE = "/etc/prometheus/prometheus.yml";
    private static final String DATA_DIR = "/prometheus";
    private static final ObjectMapper JSON = new ObjectMapper();

    private PrometheusContainers() {}

    public static RunningServer prometheus(DockerImages images, ServerConfig options) {
        int port = FreePorts.orFree(options.port());
        PrometheusConfig config = new PrometheusConfig(port, options.settings());
        String address = "http://127.0.0.1:" + port;
        DockerImageName image = images.image(ServerKind.PROMETHEUS, "prom/prometheus");
        GenericContainer<?> container = new GenericContainer<>(image)
                .withNetworkMode("host")
                .withCopyToContainer(Transferable.of(config.yaml(), 0644), CONFIG_FILE)
                .withCommand(config.arguments(Path.of(CONFIG_FILE), Path.of(DATA_DIR))
                        .toArray(String[]::new))
                .waitingFor(new HttpOkWait(address + "/-/ready"));
        ContainerLog log = Containers.start(ServerKind.PROMETHEUS, image, container);
        try {
            String version = JSON.readTree(Containers.get(address + "/api/v1/status/buildinfo"))
                    .path("data")
                    .path("version")
                    .asText();
            return new ContainerServer(ServerKind.PROMETHEUS, container, address, port, version, log);
        } catch (IOException e) {
            container.stop();
            throw new UncheckedIOException(e);
        }
    }
}
