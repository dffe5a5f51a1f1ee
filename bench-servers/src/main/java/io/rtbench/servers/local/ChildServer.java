package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server running as a child process. Closing it stops the process tree (graceful stop, then kill after a grace
 * period) and deletes its temp dir; a JVM shutdown hook does the same if nobody closed it, so that Ctrl-C does not leave
 * servers behind.
 */
final class ChildServer implements RunningServer {

    private static final Logger LOG = LoggerFactory.getLogger(ChildServer.class);
    static final Duration STOP_GRACE = Duration.ofSeconds(15);

    private final ServerKind kind;
    private final String address;
    private final int port;
    private final String version;
    private final long pid;
    private final ChildProcess process;
    private final Runnable requestStop;
    private final ServerFiles files;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;

    /**
     * @param pid the server's own pid, which differs from the child's when the child is a launcher
     * @param requestStop asks the server to stop gracefully (SIGTERM to the child, or a server-specific way)
     */
    ChildServer(
            ServerKind kind,
            String address,
            int port,
            String version,
            long pid,
            ChildProcess process,
            Runnable requestStop,
            ServerFiles files) {
        this.kind = kind;
        this.address = address;
        this.port = port;
        this.version = version;
        this.pid = pid;
        this.process = process;
        this.requestStop = requestStop;
        this.files = files;
        this.shutdownHook = new Thread(this::stopAndClean, "rtbench-stop-" + kind.cliName());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Undoes a start that failed half-way (stops what was started, deletes the files) and returns the exception to
     * throw: {@code failure} itself when unchecked, else a failure with the end of the server's log.
     *
     * @param process the started process, or null when it was not started
     */
    static RuntimeException startFailed(String name, Exception failure, ChildProcess process, ServerFiles files) {
        RuntimeException thrown;
        if (failure instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            thrown = new IllegalStateException("interrupted while starting " + name, failure);
        } else if (failure instanceof RuntimeException runtime) {
            thrown = runtime;
        } else if (process != null) {
            thrown = process.failure(name + " did not start: " + failure, failure);
        } else {
            thrown = new IllegalStateException("cannot start " + name + ": " + failure, failure);
        }
        if (process != null) {
            process.stop(STOP_GRACE);
        }
        deleteFiles(files);
        return thrown;
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

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public Path logFile() {
        return files.logFile();
    }

    /** The temp dir with the server's files; gone after {@link #close()}. */
    Path dir() {
        return files.dir();
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it stops the server
        }
        stopAndClean();
    }

    private void stopAndClean() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        process.stop(STOP_GRACE, requestStop);
        deleteFiles(files);
        LOG.info("stopped {} at {}", kind.cliName(), address);
    }

    private static void deleteFiles(ServerFiles files) {
        try {
            files.delete();
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot delete {}: {}", files.dir(), e.toString());
        }
    }

    @Override
    public String toString() {
        return kind.cliName() + " " + version + " at " + address + " (pid " + pid + ", log " + files.logFile() + ")";
    }
}
