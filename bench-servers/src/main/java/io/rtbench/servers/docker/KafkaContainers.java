package io.rtbench.servers.docker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.local.ConnectWorkerConfig;
import io.rtbench.servers.local.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * Kafka (Testcontainers' KRaft module for {@code apache/kafka}) and a Kafka Connect worker on the same image.
 *
 * <p>The worker runs on the host's network and sees the host's temp dir: the addresses a test hands it (the broker's
 * and the targets' published ports, all {@code 127.0.0.1:P}) and temp paths then mean the same inside the container as
 * outside, as with the in-JVM worker.
 */
public final class KafkaContainers {

    private static final int KAFKA_PORT = 9092;
    private static final String HEAP = "-Xms512m -Xmx512m";
    private static final String PLUGIN_DIR = "/opt/rtbench/connect-plugins";
    private static final String WORKER_CONFIG = "/opt/rtbench/connect-worker.properties";
    private static final Pattern JAR_VERSION = Pattern.compile("kafka_2\\.13-([0-9][^/\\s]*)\\.jar");
    private static final ObjectMapper JSON = new ObjectMapper();

    private KafkaContainers() {}

    /** Settings: each {@code NAME=VALUE} becomes a broker property (the image's {@code KAFKA_NAME} variable). */
    public static RunningServer kafka(DockerImages images, ServerConfig options) {
        DockerImageName image = images.image(ServerKind.KAFKA, "apache/kafka");
        KafkaContainer container = new KafkaContainer(image).withEnv("KAFKA_HEAP_OPTS", HEAP);
        options.settings().forEach((name, value) -> container.withEnv(brokerVariable(name), value));
        Containers.publishOn(container, KAFKA_PORT, options.port());
        ContainerLog log = Containers.start(ServerKind.KAFKA, image, container);
        String address = container.getBootstrapServers().replace("localhost:", "127.0.0.1:");
        int port = container.getMappedPort(KAFKA_PORT);
        return new ContainerServer(ServerKind.KAFKA, container, address, port, kafkaVersion(container), log);
    }

    /** {@code num.partitions} → {@code KAFKA_NUM_PARTITIONS}, the official image's convention. */
    static String brokerVariable(String property) {
        return "KAFKA_" + property.replace("_", "__").replace('.', '_').toUpperCase(Locale.ROOT);
    }

    /**
     * Settings as the in-JVM worker's: {@code bootstrap.servers} (required), {@code plugin.path} (a host directory,
     * copied in), any other worker property.
     */
    public static RunningServer connect(DockerImages images, ServerConfig options) {
        int port = FreePorts.orFree(options.port());
        Map<String, String> config = new LinkedHashMap<>(ConnectWorkerConfig.of(port, options.settings()));
        DockerImageName image = images.image(ServerKind.CONNECT, "apache/kafka");
        GenericContainer<?> container = new GenericContainer<>(image)
                .withNetworkMode("host")
                .withEnv("KAFKA_HEAP_OPTS", HEAP)
                .withCommand("/opt/kafka/bin/connect-distributed.sh", WORKER_CONFIG)
                .waitingFor(new HttpOkWait("http://127.0.0.1:" + port + "/connectors"));
        shareTempDir(container);
        String pluginPath = config.get(ConnectWorkerConfig.PLUGIN_PATH);
        if (pluginPath != null) {
            config.put(ConnectWorkerConfig.PLUGIN_PATH, copyPlugins(container, pluginPath));
        }
        container.withCopyToContainer(Transferable.of(properties(config), 0644), WORKER_CONFIG);
        ContainerLog log = Containers.start(ServerKind.CONNECT, image, container);
        String address = "http://127.0.0.1:" + port;
        try {
            String version =
                    JSON.readTree(Containers.get(address + "/")).path("version").asText();
            return new ContainerServer(ServerKind.CONNECT, container, address, port, version, log);
        } catch (IOException e) {
            container.stop();
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The in-JVM worker shares this machine's files as well as its network: connector settings may name a path in the
     * temp dir (e.g. where a task writes its metrics). The worker container sees the temp dir at the same path and runs
     * as this process's user, so that what it writes there is this process's to read and delete.
     */
    private static void shareTempDir(GenericContainer<?> container) {
        String tempDir =
                Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().toString();
        container.withFileSystemBind(tempDir, tempDir, BindMode.READ_WRITE);
        Path self = Path.of("/proc/self");
        if (Files.isDirectory(self)) {
            try {
                String user = Files.getAttribute(self, "unix:uid") + ":" + Files.getAttribute(self, "unix:gid");
                container.withCreateContainerCmdModifier(cmd -> cmd.withUser(user));
            } catch (IOException | UnsupportedOperationException e) {
                // not Linux: the image's own user, as with any container
            }
        }
    }

    /**
     * Copies each directory of a comma-separated host {@code plugin.path} into the container and returns the
     * container's {@code plugin.path}. A directory that does not exist is left out, as the worker itself would skip it.
     * Copied rather than bind-mounted: no mount check (Testcontainers pulls alpine for it), and it works with a remote
     * engine too.
     */
    static String copyPlugins(GenericContainer<?> container, String hostPluginPath) {
        List<String> copied = new ArrayList<>();
        for (String entry : hostPluginPath.split(",")) {
            Path plugins = Path.of(entry.strip()).toAbsolutePath();
            if (entry.isBlank() || !Files.isDirectory(plugins)) {
                continue;
            }
            String copy = PLUGIN_DIR + "/" + copied.size();
            container.withCopyToContainer(MountableFile.forHostPath(plugins), copy);
            copied.add(copy);
        }
        return String.join(",", copied);
    }

    private static String properties(Map<String, String> config) {
        return config.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue().replace("\\", "\\\\"))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /** From the broker jar's name, which the official image and the stand-in share. */
    private static String kafkaVersion(GenericContainer<?> container) {
        try {
            Container.ExecResult listing = container.execInContainer("ls", "/opt/kafka/libs");
            Matcher matcher = JAR_VERSION.matcher(listing.getStdout());
            return matcher.find() ? matcher.group(1) : "unknown";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking kafka its version", e);
        }
    }
}
