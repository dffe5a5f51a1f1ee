package io.rtbench.servers.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Ports;
import io.rtbench.core.fault.Pausable;
import io.rtbench.core.fault.Restartable;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.StartedServer;
import io.rtbench.servers.local.Readiness;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.FrameConsumerResultCallback;
import org.testcontainers.containers.output.OutputFrame;

/**
 * A server in a container; closing it stops and removes the container. It is paused with {@code docker pause}
 * ({@link #pausable()}), and one whose factory says how to tell it answers ({@link #restartableWhen}) is stopped and
 * started again as the same container, its files and port kept ({@link #restartable()}; docs/DOCKER.md).
 */
final class ContainerServer extends StartedServer {

    private static final Logger LOG = LoggerFactory.getLogger(ContainerServer.class);
    /** As the local provider's: a graceful stop (the image's stop signal) gets this long before the engine kills. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);
    /**
     * As the local provider's PostgreSQL and ClickHouse: a restarted server that does not answer within this ends the
     * run. Slower servers give their own ({@link #restartableWhen}).
     */
    static final Duration RESTART_TIMEOUT = Duration.ofSeconds(60);

    private static final long POLL_MILLIS = 50;

    /** How a restart stops the container. */
    enum Stop {
        /** {@code docker stop}: the image's stop signal (PostgreSQL's images: SIGINT, its fast shutdown). */
        GRACEFUL,
        /** {@code docker kill}: SIGKILL, for a server whose graceful stop waits for its clients (ClickHouse 18.16). */
        KILL
    }

    private final GenericContainer<?> container;
    private final ContainerLog log;
    private final DockerClient client;
    private final ContainerPause pause;
    /** The host ports the container publishes as started (none on the host's network), which a restart must keep. */
    private final Set<Integer> publishedPorts;
    /** The container's main process; a restart gives it a new one. */
    private volatile long pid;
    /** Whether the server answers clients; null: not restartable. Guarded by this. */
    private Callable<Boolean> restartAnswers;

    private Duration restartTimeout;
    private Stop restartStop;
    /** The container's output since its latest restart, followed into the log file; null before one. Guarded by this. */
    private FrameConsumerResultCallback followedSinceRestart;
    /** Whether {@link #close()} removed the container: no restart then. Guarded by this. */
    private boolean closed;

    ContainerServer(
            ServerKind kind,
            GenericContainer<?> container,
            String address,
            int port,
            String version,
            ContainerLog log) {
        super(kind, address, port, version);
        this.container = container;
        this.log = log;
        this.client = DockerClientFactory.instance().client();
        this.pause = new ContainerPause(client, container.getContainerId(), kind.cliName());
        InspectContainerResponse info = container.getContainerInfo();
        this.publishedPorts = publishedPorts(info);
        this.pid = pidOf(info);
    }

    /**
     * Makes the server restartable (fault {@code target-restart}, docs/MEASUREMENT.md, "Freshness under faults"): a
     * restart stops the container as {@code stop} says, keeps it (its files with it), starts it again and returns once
     * {@code answers} says the server answers on the same address, failing when it does not within {@code timeout}.
     * Only for a server whose address stays the same across a restart of its container: a published port the provider
     * picked ({@link Containers#publishOn}), or the host's network with its port in the configuration.
     */
    synchronized ContainerServer restartableWhen(Callable<Boolean> answers, Duration timeout, Stop stop) {
        restartAnswers = answers;
        restartTimeout = timeout;
        restartStop = stop;
        return this;
    }

    /**
     * The container's main process as the engine's host sees it: on Linux a real pid of this machine, so that a test
     * can freeze the server with SIGSTOP as it does a local one. A restart gives it a new one.
     */
    @Override
    public long pid() {
        return pid;
    }

    /** The whole container, frozen with {@code docker pause}. */
    @Override
    public Optional<Pausable> pausable() {
        return Optional.of(pause);
    }

    @Override
    public synchronized Optional<Restartable> restartable() {
        return restartAnswers == null ? Optional.empty() : Optional.of(new Restart());
    }

    @Override
    public Path logFile() {
        return log.file();
    }

    @Override
    protected void stop() {
        // a frozen container is thawed first: the engine does not kill one that is paused
        pause.resume();
        synchronized (this) {
            closed = true;
            try {
                container.stop();
            } catch (RuntimeException e) {
                LOG.warn("{} container {} did not stop cleanly", kind().cliName(), container.getContainerId(), e);
            } finally {
                closeFollow();
                log.close();
            }
        }
    }

    /** The stop and start of the same container: its files, its configuration and its port bindings are kept. */
    private final class Restart implements Restartable {
        @Override
        public void stop() {
            synchronized (ContainerServer.this) {
                if (closed || !running()) {
                    return;
                }
                try {
                    if (restartStop == Stop.KILL) {
                        client.killContainerCmd(id()).exec();
                    } else {
                        client.stopContainerCmd(id())
                                .withTimeout((int) STOP_GRACE.toSeconds())
                                .exec();
                    }
                } catch (RuntimeException e) {
                    if (running()) {
                        throw new IllegalStateException(description() + " did not stop: " + e.getMessage(), e);
                    }
                }
                awaitStopped();
            }
        }

        @Override
        public void start() {
            synchronized (ContainerServer.this) {
                if (closed) {
                    throw new IllegalStateException(description() + " is closed, its container removed");
                }
                if (running()) {
                    return;
                }
                long sinceEpochSec = Instant.now().getEpochSecond();
                try {
                    client.startContainerCmd(id()).exec();
                    followLog(sinceEpochSec);
                    Readiness.await("the server", restartTimeout, restartAnswers);
                } catch (RuntimeException e) {
                    throw new IllegalStateException(
                            description() + " did not start again: " + e.getMessage() + "; its log: " + log.file(), e);
                }
                InspectContainerResponse info = client.inspectContainerCmd(id()).exec();
                Set<Integer> now = publishedPorts(info);
                if (!now.containsAll(publishedPorts)) {
                    throw new IllegalStateException(description() + " came back on host port(s) " + now + " instead of "
                            + publishedPorts + ": the run's clients cannot follow it");
                }
                pid = pidOf(info);
                LOG.info("restarted {} at {} (container {}, pid {})", kind().cliName(), address(), shortId(), pid);
            }
        }

        @Override
        public String description() {
            return kind().cliName() + " at " + address();
        }

        private void awaitStopped() {
            long deadlineNanos = System.nanoTime() + STOP_GRACE.toNanos();
            while (running()) {
                if (System.nanoTime() - deadlineNanos > 0) {
                    throw new IllegalStateException(description() + " did not stop (container " + shortId() + ")");
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while stopping " + description(), e);
                }
            }
        }
    }

    /** The container's output from {@code sinceEpochSec} on, into the log file (the first follow ended with the stop). */
    private void followLog(long sinceEpochSec) {
        closeFollow();
        FrameConsumerResultCallback callback = new FrameConsumerResultCallback();
        callback.addConsumer(OutputFrame.OutputType.STDOUT, log);
        callback.addConsumer(OutputFrame.OutputType.STDERR, log);
        followedSinceRestart = client.logContainerCmd(id())
                .withStdOut(true)
                .withStdErr(true)
                .withFollowStream(true)
                .withSince((int) sinceEpochSec)
                .exec(callback);
    }

    private void closeFollow() {
        if (followedSinceRestart != null) {
            try {
                followedSinceRestart.close();
            } catch (IOException e) {
                // the log is for a look after a failure; the container goes on without it
            }
            followedSinceRestart = null;
        }
    }

    private boolean running() {
        return Boolean.TRUE.equals(
                client.inspectContainerCmd(id()).exec().getState().getRunning());
    }

    private String id() {
        return container.getContainerId();
    }

    private String shortId() {
        return ContainerPause.shortId(id());
    }

    private static long pidOf(InspectContainerResponse info) {
        Long pid = info.getState().getPidLong();
        return pid == null ? -1 : pid;
    }

    /** The host ports bound to the container's ports; none on the host's network. */
    private static Set<Integer> publishedPorts(InspectContainerResponse info) {
        if (info.getNetworkSettings() == null || info.getNetworkSettings().getPorts() == null) {
            return Set.of();
        }
        return info.getNetworkSettings().getPorts().getBindings().values().stream()
                .filter(Objects::nonNull)
                .flatMap(Arrays::stream)
                .map(Ports.Binding::getHostPortSpec)
                .filter(spec -> spec != null && spec.matches("\\d+"))
                .map(Integer::valueOf)
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public String toString() {
        return kind().cliName() + " " + version() + " at " + address() + " (container " + container.getDockerImageName()
                + ")";
    }
}
