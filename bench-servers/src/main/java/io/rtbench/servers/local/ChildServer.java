package io.rtbench.servers.local;

import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.StartedServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server running as a child process. Closing it stops the process tree (graceful stop, then kill after a grace
 * period) and deletes its temp dir; a JVM shutdown hook does the same if nobody closed it, so that Ctrl-C does not leave
 * servers behind.
 */
final class ChildServer extends StartedServer {

    private static final Logger LOG = LoggerFactory.getLogger(ChildServer.class);
    static final Duration STOP_GRACE = Duration.ofSeconds(15);

    private final long pid;
    private final ChildProcess process;
    private final Runnable requestStop;
    private final ServerFiles files;
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
        super(kind, address, port, version);
        this.pid = pid;
        this.process = process;
        this.requestStop = requestStop;
        this.files = files;
        this.shutdownHook = new Thread(this::close, "rtbench-stop-" + kind.cliName());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * The server of a child process that is ready at {@code url}, logged with how long it took since {@code
     * startNanos}; closing it sends the process SIGTERM.
     */
    static ChildServer ready(
            ServerKind kind,
            String url,
            int port,
            String version,
            ChildProcess process,
            ServerFiles files,
            long startNanos) {
        LOG.info(
                "{} {} ready at {} in {} ms (pid {})",
                kind.cliName(),
                version,
                url,
                (System.nanoTime() - startNanos) / 1_000_000,
                process.pid());
        return new ChildServer(kind, url, port, version, process.pid(), process, process::terminate, files);
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
    public long pid() {
        return pid;
    }

    /** The server's process tree and its directory (data, logs), from {@code /proc}. */
    @Override
    public Optional<UtilisationSource> utilisation() {
        return Optional.of(new ProcessUtilisation(pid, files.dir()));
    }

    /** The server's process tree, from {@code /proc}. */
    @Override
    public Optional<UtilisationSource> processUtilisation() {
        return Optional.of(ProcessUtilisation.withoutDisk(pid));
    }

    @Override
    public Path logFile() {
        return files.logFile();
    }

    @Override
    public Optional<Path> directory() {
        return Optional.of(files.dir());
    }

    /** The temp dir with the server's files; gone after {@link #close()}. */
    Path dir() {
        return files.dir();
    }

    @Override
    protected void stop() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: this is the hook, or the hook runs too and finds the server closed
        }
        process.stop(STOP_GRACE, requestStop);
        deleteFiles(files);
        LOG.info("stopped {} at {}", kind().cliName(), address());
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
        return kind().cliName() + " " + version() + " at " + address() + " (pid " + pid + ", log " + files.logFile()
                + ")";
    }
}
