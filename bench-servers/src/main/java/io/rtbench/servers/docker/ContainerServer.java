package io.rtbench.servers.docker;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;

/** A server in a container; closing it stops and removes the container. */
final class ContainerServer implements RunningServer {

    private static final Logger LOG = LoggerFactory.getLogger(ContainerServer.class);

    private final ServerKind kind;
    private final GenericContainer<?> container;
    private final String address;
    private final int port;
    private final String version;
    private final ContainerLog log;
    private final AtomicBoolean closed = new AtomicBoolean();

    ContainerServer(
            ServerKind kind,
            GenericContainer<?> container,
            String address,
            int port,
            String version,
            ContainerLog log) {
        this.kind = kind;
        this.container = container;
        this.address = address;
        this.port = port;
        this.version = version;
        this.log = log;
    }

    @Override
    public ServerKind kind() {
        return kind;
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String version() {
        return version;
    }

    /**
     * The container's main process as the engine's host sees it: on Linux a real pid of this machine, so that a test
     * can freeze the server with SIGSTOP as it does a local one.
     */
    @Override
    public long pid() {
        Long pid = container.getContainerInfo().getState().getPidLong();
        return pid == null ? -1 : pid;
    }

    @Override
    public Path logFile() {
        return log.file();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            container.stop();
        } catch (RuntimeException e) {
            LOG.warn("{} container {} did not stop cleanly", kind.cliName(), container.getContainerId(), e);
        } finally {
            log.close();
        }
    }

    @Override
    public String toString() {
        return kind.cliName() + " " + version + " at " + address + " (container " + container.getDockerImageName()
                + ")";
    }
}
