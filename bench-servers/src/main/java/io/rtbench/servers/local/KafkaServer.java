package io.rtbench.servers.local;

import io.rtbench.servers.LoopbackPort;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.AppInfoParser;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.properties.MetaPropertiesEnsemble;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka 4 broker in this JVM: KRaft, broker and controller combined, storage formatted in a temp
 * dir with a fresh cluster id. Its logs go through SLF4J into the host JVM's log, never to the console.
 */
public final class KafkaServer extends InJvmServer {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaServer.class);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final int CLIENT_TIMEOUT_MS = 5_000;

    private final KafkaRaftServer server;
    private final Path tempDir;

    private KafkaServer(KafkaRaftServer server, Path tempDir, int port, ThreadGroup threads) {
        super(ServerKind.KAFKA, "Kafka", "127.0.0.1:" + port, port, AppInfoParser.getVersion(), threads);
        this.server = server;
        this.tempDir = tempDir;
    }

    /**
     * Starts a broker and returns once an admin client has seen it in the cluster; the broker is made and started in a
     * thread group of its own, whose threads' CPU is its part of the harness (docs/MEASUREMENT.md, "The harness and the
     * machine").
     */
    public static KafkaServer start(ServerConfig options) {
        if (options.port() != 0) {
            LoopbackPort.requireFree(options.port(), ServerKind.KAFKA);
        }
        int port = FreePorts.orFree(options.port());
        int controllerPort = freePortOtherThan(port);
        long startNanos = System.nanoTime();
        Path tempDir = TempDirs.create("rtbench-kafka-");
        KafkaServer kafka = null;
        try {
            Path dataDir = tempDir.resolve("data");
            Properties properties = new Properties();
            properties.putAll(KafkaBrokerConfig.of(port, controllerPort, dataDir, options.settings()));
            KafkaConfig config = KafkaConfig.fromProps(properties, false);
            format(config);
            ThreadGroup threads = new ThreadGroup("rtbench-kafka");
            KafkaRaftServer server = callIn(threads, () -> new KafkaRaftServer(config, Time.SYSTEM));
            kafka = new KafkaServer(server, tempDir, port, threads);
            callIn(threads, () -> {
                server.startup();
                return null;
            });
            kafka.awaitClients();
        } catch (RuntimeException e) {
            if (kafka != null) {
                kafka.close();
            }
            TempDirs.deleteQuietly(tempDir);
            throw e;
        }
        long startMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        LOG.info(
                "Kafka {} ready at {} in {} ms ({} of this JVM)",
                kafka.version(),
                kafka.address(),
                startMs,
                ProcessRss.describe(kafka.pid()));
        return kafka;
    }

    private static int freePortOtherThan(int port) {
        int candidate = FreePorts.free();
        while (candidate == port) {
            candidate = FreePorts.free();
        }
        return candidate;
    }

    /**
     * What {@code kafka-storage.sh format --ignore-formatted} does for the log directories the config names (the temp
     * dir's, or a user's {@code log.dirs} setting), with its console output sent to the log instead. Directories
     * formatted before keep their data and cluster id: a broker stopped and started again on the same {@code log.dirs}
     * is the same broker, restarted (docs/GUIDE.md, {@code rtbench servers}).
     */
    private static void format(KafkaConfig config) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (PrintStream printStream = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            Optional<String> formattedBefore = new MetaPropertiesEnsemble.Loader()
                    .addLogDirs(config.logDirs())
                    .addMetadataLogDir(config.metadataLogDir())
                    .load()
                    .clusterId();
            Formatter formatter = new Formatter()
                    .setPrintStream(printStream)
                    .setNodeId(Integer.parseInt(KafkaBrokerConfig.NODE_ID))
                    .setClusterId(
                            formattedBefore.orElseGet(() -> Uuid.randomUuid().toString()))
                    .setIgnoreFormatted(true)
                    .setMetadataLogDirectory(config.metadataLogDir())
                    .setControllerListenerName(KafkaBrokerConfig.CONTROLLER_LISTENER);
            config.logDirs().forEach(formatter::addDirectory);
            formatter.run();
        } catch (Exception e) {
            throw new IllegalStateException(
                    "formatting Kafka storage in " + config.logDirs() + " failed: " + e.getMessage(), e);
        }
        LOG.info("{}", output.toString(StandardCharsets.UTF_8).strip().replace(System.lineSeparator(), "; "));
    }

    private void awaitClients() {
        Map<String, Object> config = Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, address(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, CLIENT_TIMEOUT_MS,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, CLIENT_TIMEOUT_MS);
        try (Admin admin = Admin.create(config)) {
            Readiness.await(
                    "Kafka at " + address(),
                    READY_TIMEOUT,
                    () -> !admin.describeCluster()
                            .nodes()
                            .get(CLIENT_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                            .isEmpty());
        }
    }

    /** The temp dir holding the data, removed by {@link #close()}. */
    Path tempDir() {
        return tempDir;
    }

    @Override
    protected void shutDown() {
        server.shutdown();
        server.awaitShutdown();
    }

    @Override
    protected void removeFiles() {
        if (!TempDirs.deleteQuietly(tempDir)) {
            LOG.warn("could not delete Kafka's temp dir {}", tempDir);
        }
    }
}
