package io.rtbench.servers.local;

import io.rtbench.core.fault.Restartable;
import io.rtbench.servers.LoopbackPort;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.utils.AppInfoParser;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.connect.cli.ConnectDistributed;
import org.apache.kafka.connect.runtime.AbstractStatus;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.TaskStatus;
import org.apache.kafka.connect.runtime.distributed.DistributedHerder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kafka Connect 4 distributed worker in this JVM, with JSON converters and its own group and internal topics on
 * the given broker. Its logs go through SLF4J into the host JVM's log. For the sink's faults (docs/MEASUREMENT.md,
 * "Freshness under faults") it can be killed and started again on its port, group and topics ({@link #killable()}),
 * and start another worker of its cluster ({@link #startPeer()}).
 */
public final class ConnectServer extends InJvmServer {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectServer.class);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(5);

    private final Map<String, String> config;
    private final String groupId;
    /** The thread group the worker is made and started in, again on a restart. */
    private final ThreadGroup threads;
    /** The worker now: a restart starts a new one on the same config. Guarded by this. */
    private Connect<DistributedHerder> connect;
    /** Whether {@link #connect} runs; guarded by this. */
    private boolean running = true;
    /** Whether {@link #close()} stopped it for good: no restart then. Guarded by this. */
    private boolean closed;
    /** The group's generation when the worker was last killed; its tasks' states of then or before are stale. */
    private volatile int killedGeneration = -1;

    private ConnectServer(
            Connect<DistributedHerder> connect, int port, Map<String, String> config, ThreadGroup threads) {
        super(
                ServerKind.CONNECT,
                "Kafka Connect",
                "http://127.0.0.1:" + port,
                port,
                AppInfoParser.getVersion(),
                threads);
        this.connect = connect;
        this.config = Map.copyOf(config);
        this.groupId = config.get("group.id");
        this.threads = threads;
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
        ConnectServer worker = new ConnectServer(callIn(threads, () -> startWorker(config)), port, config, threads);
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

    private static Connect<DistributedHerder> startWorker(Map<String, String> config) {
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

    /**
     * Fault {@code sink-kill}: the worker stopped as close to a crash as a worker in this JVM can be, and started again
     * on the same port, group and internal topics, so that its connectors and tasks come back from the config topic and
     * resume from their committed offsets. The stop is Connect's own ({@code Connect.stop()}: its REST server, its
     * herder, its group membership); how gracefully it stops its tasks is its {@code task.shutdown.graceful.timeout.ms},
     * which a run with {@code sink-kill} sets to 0, so that the tasks are cancelled and skip their final offset commit.
     * The start returns once the REST API answers; {@link #awaitTasksRestarted} waits for the tasks.
     */
    public Restartable killable() {
        return new Restartable() {
            @Override
            public void stop() {
                kill();
            }

            @Override
            public void start() {
                restart();
            }

            @Override
            public String description() {
                return "the Kafka Connect worker at " + address();
            }
        };
    }

    private synchronized void kill() {
        if (!running) {
            return;
        }
        killedGeneration = connect.herder().generation();
        try {
            connect.stop();
            connect.awaitStop();
        } catch (RuntimeException e) {
            throw new IllegalStateException("the Kafka Connect worker at " + address() + " did not stop: " + e, e);
        } finally {
            running = false;
        }
        LOG.info("Kafka Connect at {} killed (group generation {})", address(), killedGeneration);
    }

    private synchronized void restart() {
        if (closed) {
            throw new IllegalStateException("the Kafka Connect worker at " + address() + " is closed");
        }
        if (running) {
            return;
        }
        try {
            connect = callIn(threads, () -> startWorker(config));
            running = true;
            awaitRest();
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "the Kafka Connect worker at " + address() + " did not start again: " + e.getMessage(), e);
        }
        LOG.info("Kafka Connect at {} started again", address());
    }

    /**
     * Returns once every task of {@code connector} runs again after the last {@link #killable() kill}: its state
     * RUNNING as written in a generation of the group after the kill's (a task cancelled by the kill left its RUNNING
     * state behind, which the REST API goes on showing). An {@link IllegalStateException} after {@code timeout}.
     */
    public void awaitTasksRestarted(String connector, Duration timeout) {
        Readiness.await("the tasks of connector " + connector + " on Kafka Connect at " + address(), timeout, () -> {
            Collection<TaskStatus> tasks =
                    currentWorker().herder().statusBackingStore().getAll(connector);
            return !tasks.isEmpty()
                    && tasks.stream()
                            .allMatch(task -> task.state() == AbstractStatus.State.RUNNING
                                    && task.generation() > killedGeneration);
        });
    }

    private synchronized Connect<DistributedHerder> currentWorker() {
        return connect;
    }

    /**
     * Fault {@code rebalance}: starts another worker of this one's cluster (the same group and internal topics, the
     * same settings) on a free port of 127.0.0.1, and returns once it has joined the group. The caller closes it.
     */
    public ConnectServer startPeer() {
        return start(new ServerConfig(0, ConnectWorkerConfig.peerSettings(config)));
    }

    /** As Connect names this worker in a connector's status: the host and port of its REST API. */
    public String workerId() {
        return "127.0.0.1:" + port();
    }

    @Override
    protected synchronized void shutDown() {
        closed = true;
        if (running) {
            running = false;
            connect.stop();
            connect.awaitStop();
        }
    }
}
