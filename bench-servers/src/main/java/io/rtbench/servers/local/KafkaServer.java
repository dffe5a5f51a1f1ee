package io.rtbench.servers.local;

import io.rtbench.core.fault.Restartable;
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
 * dir with a fresh cluster id. Its logs go through SLF4J into the host JVM's log, never to the console. It can be
 * stopped and started again on its ports and log ({@link #restartable()}: fault {@code broker-restart},
 * docs/MEASUREMENT.md, "Freshness under faults").
 */
public final class KafkaServer extends InJvmServer {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaServer.class);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final int CLIENT_TIMEOUT_MS = 5_000;

    private final KafkaConfig config;
    private final Path tempDir;
    /** The broker now: a restart starts a new one on the same config. Guarded by this. */
    private KafkaRaftServer server;
    /** Whether {@link #server} runs; guarded by this. */
    private boolean running;
    /** Whether {@link #close()} removed its files: no restart then. Guarded by this. */
    private boolean closed;

    /** The thread group the broker is made and started in, again on a restart. */
    private final ThreadGroup threads;

    private KafkaServer(KafkaConfig config, Path tempDir, int port, ThreadGroup threads) {
        super(ServerKind.KAFKA, "Kafka", "127.0.0.1:" + port, port, AppInfoParser.getVersion(), threads);
        this.config = config;
        this.tempDir = tempDir;
        this.threads = threads;
    }

    /**
     * Starts a broker on the config (its ports and log directories); the caller waits for its clients. The broker is
     * made and started in the server's thread group, whose threads' CPU is its part of the harness (docs/MEASUREMENT.md,
     * "The harness and the machine").
     */
    private synchronized void startBroker() {
        KafkaRaftServer broker = callIn(threads, () -> new KafkaRaftServer(config, Time.SYSTEM));
        server = broker;
        running = true;
        callIn(threads, () -> {
            broker.startup();
            return null;
        });
    }

    /** Starts a broker and returns once an admin client has seen it in the cluster. */
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
            kafka = new KafkaServer(config, tempDir, port, new ThreadGroup("rtbench-kafka"));
            kafka.startBroker();
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
    protected synchronized void shutDown() {
        if (running) {
            running = false;
            server.shutdown();
            server.awaitShutdown();
        }
    }

    /** The broker stopped as {@link #close()} stops it, its log kept, and started again on the same ports. */
    @Override
    public Optional<Restartable> restartable() {
        return Optional.of(new Restartable() {
            @Override
            public void stop() {
                shutDown();
            }

            @Override
            public void start() {
                synchronized (KafkaServer.this) {
                    if (closed) {
                        throw new IllegalStateException(description() + " is closed, its log deleted");
                    }
                    if (running) {
                        return;
                    }
                    try {
                        startBroker();
                        awaitClients();
                    } catch (RuntimeException e) {
                        throw new IllegalStateException(description() + " did not start again: " + e.getMessage(), e);
                    }
                }
                LOG.info("Kafka at {} restarted", address());
            }

            @Override
            public String description() {
                return "kafka at " + address();
            }
        });
    }

    @Override
    protected synchronized void removeFiles() {
        closed = true;
        if (!TempDirs.deleteQuietly(tempDir)) {
            LOG.warn("could not delete Kafka's temp dir {}", tempDir);
        }
    }
}
