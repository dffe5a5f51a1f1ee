package io.rtbench.servers.local;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.StartedServer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server that runs in this JVM (Kafka, Kafka Connect): its process is this one and its log the host JVM's, and
 * stopping it logs how long it took, whether or not it stopped cleanly.
 */
abstract class InJvmServer extends StartedServer {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;

    InJvmServer(ServerKind kind, String name, String address, int port, String version) {
        super(kind, address, port, version);
        this.name = name;
    }

    @Override
    public final long pid() {
        return ProcessHandle.current().pid();
    }

    @Override
    public final Path logFile() {
        return HostLog.file();
    }

    @Override
    protected final void stop() {
        long startNanos = System.nanoTime();
        try {
            shutDown();
        } catch (RuntimeException e) {
            log.warn("{} at {} did not stop cleanly", name, address(), e);
        }
        removeFiles();
        log.info(
                "{} at {} stopped in {} ms",
                name,
                address(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
    }

    /** Stops the server and waits until it has; may throw. */
    protected abstract void shutDown();

    /** Removes the server's temporary files, after {@link #shutDown()}; none by default; does not throw. */
    protected void removeFiles() {}
}
