package io.rtbench.servers.local;

import io.rtbench.servers.LoopbackPort;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.utils.AppInfoParser;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.connect.cli.ConnectDistributed;
import org.apache.kafka.connect.runtime.Connect;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kafka Connect 4 distributed worker in this JVM, with JSON converters and its own group and internal topics on
 * the given broker. Its logs go through SLF4J into the host JVM's log.
 */
public final class ConnectServer extends InJvmServer {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectServer.class);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(5);

    private final Connect<?> connect;
    private final String groupId;

    private ConnectServer(Connect<?> connect, int port, String groupId, ThreadGroup threads) {
        super(
                ServerKind.CONNECT,
                "Kafka Connect",
                "http://127.0.0.1:" + port,
                port,
                AppInfoParser.getVersion(),
                threads);
        this.connect = connect;
        this.groupId = groupId;
    }

    /**
     * Starts a worker and returns once its REST API lists connectors, i.e. it has joined its group; the worker is started
     * in a thread group of its own, whose threads (its tasks' among them) are its part of the harness
     * (docs/MEASUREMENT.md, "The harness and the machine").
     */
    public static ConnectServer start(ServerConfig options) {
        if (options.port() != 0) {
            LoopbackPort.requireFree(options.port(), ServerKind.CONNECT);
        }
        int port = FreePorts.orFree(options.port());
        Map<String, String> config = ConnectWorkerConfig.of(port, options.settings());
        long startNanos = System.nanoTime();
        ThreadGroup threads = new ThreadGroup("rtbench-connect");
        ConnectServer worker =
                new ConnectServer(callIn(threads, () -> startWorker(config)), port, config.get("group.id"), threads);
        try {
            worker.awaitRest();
        } catch (RuntimeException e) {
            worker.close();
            throw e;
        }
        long startMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        LOG.info(
                "Kafka Connect {} ready at {} (group {}, Kafka {}) in {} ms ({} of this JVM)",
                worker.version(),
                worker.address(),
                worker.groupId,
                config.get(ConnectWorkerConfig.BOOTSTRAP_SERVERS),
                startMs,
                ProcessRss.describe(worker.pid()));
        return worker;
    }

    private static Connect<?> startWorker(Map<String, String> config) {
        // startConnect calls System.exit through Kafka's Exit when the worker fails to start; in a test JVM or the
        // CLI that must be an exception instead. Exit's procedure is global, so it is swapped only for this call.
        Exit.setExitProcedure((status, message) -> {
            throw new IllegalStateException(
                    "Kafka Connect failed to start (exit " + status + "); see " + HostLog.file());
        });
        try {
            return new ConnectDistributed().startConnect(config);
        } catch (RuntimeException e) {
            throw new IllegalStateException("Kafka Connect did not start: " + e.getMessage(), e);
        } finally {
            Exit.resetExitProcedure();
        }
    }

    private void awaitRest() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(HTTP_TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(address() + "/connectors"))
                .timeout(HTTP_TIMEOUT)
                .GET()
                .build();
        Readiness.await("Kafka Connect at " + address(), READY_TIMEOUT, () -> {
            try {
                return http.send(request, HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200;
            } catch (IOException e) {
                return false;
            }
        });
    }

    /** The worker's group on the broker; its internal topics are named after it. */
    String groupId() {
        return groupId;
    }

    @Override
    protected void shutDown() {
        connect.stop();
        connect.awaitStop();
    }
}
