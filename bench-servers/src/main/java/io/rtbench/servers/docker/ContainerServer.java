package io.rtbench.servers.docker;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.StartedServer;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;

/** A server in a container; closing it stops and removes the container. */
final class ContainerServer extends StartedServer {

    private static final Logger LOG = LoggerFactory.getLogger(ContainerServer.class);

    private final GenericContainer<?> container;
    private final ContainerLog log;

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
    protected void stop() {
        try {
            container.stop();
        } catch (RuntimeException e) {
            LOG.warn("{} container {} did not stop cleanly", kind().cliName(), container.getContainerId(), e);
        } finally {
            log.close();
        }
    }

    @Override
    public String toString() {
        return kind().cliName() + " " + version() + " at " + address() + " (container " + container.getDockerImageName()
                + ")";
    }
}
