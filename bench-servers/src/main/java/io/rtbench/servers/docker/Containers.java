package io.rtbench.servers.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/** What every container of the docker provider shares: the engine check, start-up, logs, addresses. */
final class Containers {

    static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration PULL_TIMEOUT = Duration.ofMinutes(10);
    private static final String STAND_IN_HINT = "; without a registry, build local stand-ins with "
            + "docker/local-images/build and export the RTBENCH_IMAGE_* variables it prints";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Containers() {}

    static void requireEngine() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new ServerUnavailableException("no Docker engine answers (DOCKER_HOST, or /var/run/docker.sock): "
                    + "start dockerd, or use RTBENCH_SERVERS=local");
        }
    }

    /** Starts the container with its output in a log file; a missing image means the server cannot be had. */
    static ContainerLog start(ServerKind kind, DockerImageName image, GenericContainer<?> container) {
        requireImage(image);
        ContainerLog log = ContainerLog.create(kind);
        container.withLogConsumer(log).withStartupTimeout(START_TIMEOUT);
        try {
            container.start();
            return log;
        } catch (RuntimeException e) {
            container.stop();
            log.close();
            throw new IllegalStateException(
                    kind.cliName() + " container " + image + " did not start: " + e.getMessage() + "; its log: "
                            + log.file(),
                    e);
        }
    }

    /**
     * Pulls a missing image once, so that a machine without a registry learns at once what to do (Testcontainers' own
     * pull retries for two minutes).
     */
    static void requireImage(DockerImageName image) {
        DockerClient client = DockerClientFactory.lazyClient();
        try {
            client.inspectImageCmd(image.asCanonicalNameString()).exec();
            return;
        } catch (NotFoundException e) {
            // not on the engine: pull it below
        }
        try {
            boolean pulled = client.pullImageCmd(image.getUnversionedPart())
                    .withTag(image.getVersionPart())
                    .start()
                    .awaitCompletion(PULL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (!pulled) {
                throw new ServerUnavailableException(
                        "pulling image " + image + " took over " + PULL_TIMEOUT.toSeconds() + " s" + STAND_IN_HINT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServerUnavailableException("interrupted while pulling image " + image, e);
        } catch (RuntimeException e) {
            throw new ServerUnavailableException(
                    "image " + image + " is not on this Docker engine and cannot be pulled (" + e.getMessage() + ")"
                            + STAND_IN_HINT,
                    e);
        }
    }

    /** The host that reaches published ports, as the addresses of docs/TARGETS.md write it. */
    static String host(GenericContainer<?> container) {
        String host = container.getHost();
        return host.equals("localhost") ? "127.0.0.1" : host;
    }

    /**
     * Publishes {@code containerPort} on {@code hostPort} of 127.0.0.1 instead of a random port (0 keeps it random), as
     * the container's only published port: Testcontainers waits for every port it exposes to be bound, and would wait
     * in vain for another one (Elasticsearch's module exposes the transport port 9300 too).
     */
    static void publishOn(GenericContainer<?> container, int containerPort, int hostPort) {
        if (hostPort == 0) {
            return;
        }
        container.withExposedPorts(containerPort);
        container.withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
                .withPortBindings(new PortBinding(
                        Ports.Binding.bindIpAndPort("127.0.0.1", hostPort), ExposedPort.tcp(containerPort))));
    }

    /** The body of a GET that answers 200. */
    static String get(String url) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException("GET " + url + " answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: GET " + url, e);
        }
    }

    static boolean answersOk(String url) {
        try {
            get(url);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
