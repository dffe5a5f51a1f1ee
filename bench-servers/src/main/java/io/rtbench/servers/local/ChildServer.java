package io.rtbench.servers.local;

import io.rtbench.core.fault.Restartable;
import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.StartedServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server running as a child process. Closing it stops the process tree (graceful stop, then kill after a grace
 * period) and deletes its temp dir; a JVM shutdown hook does the same if nobody closed it, so that Ctrl-C does not leave
 * servers behind. A server whose factory says how to tell it is ready ({@link #restartableWhen}) can be stopped and
 * started again with its files kept ({@link #restartable()}).
 */
final class ChildServer extends StartedServer {

    private static final Logger LOG = LoggerFactory.getLogger(ChildServer.class);
    static final Duration STOP_GRACE = Duration.ofSeconds(15);

    /** The server's process and its pid; a restart replaces both. Guarded by this. */
    private ChildProcess process;

    private volatile long pid;
    private final Consumer<ChildProcess> requestStop;
    private final ServerFiles files;
    private final Thread shutdownHook;
    /** How a restarted process is known to be ready; null: not restartable. */
    private ChildProcess.ReadinessProbe restartReady;
    /** How a restart stops the server. */
    private Consumer<ChildProcess> restartStop;
    /** How the server's own pid is found once a restarted process is ready. */
    private ServerPid restartPid;

    private Duration restartTimeout;
    /** Whether {@link #close()} stopped it and deleted its files: no restart then. Guarded by this. */
    private boolean closed;

    /**
     * @param pid the server's own pid, which differs from the child's when the child is a launcher
     * @param requestStop asks the server of the given process to stop gracefully (SIGTERM to the child, or a
     *     server-specific way)
     */
    ChildServer(
            ServerKind kind,
            String address,
            int port,
            String version,
            long pid,
            ChildProcess process,
            Consumer<ChildProcess> requestStop,
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
        return new ChildServer(kind, url, port, version, process.pid(), process, ChildProcess::terminate, files);
    }

    /** The server's own pid once its process (the child, or a launcher) is ready. */
    @FunctionalInterface
    interface ServerPid {
        long of(ChildProcess process) throws Exception;
    }

    /**
     * Makes the server restartable (faults {@code target-restart}, docs/MEASUREMENT.md, "Freshness under faults"): it
     * stops as {@link #close()} stops it, and the same command line starts it again on its port and files, ready when
     * {@code ready} says so within {@code timeout}. Only for a server whose process is the child itself (no launcher)
     * and whose command line names its port and data.
     */
    ChildServer restartableWhen(ChildProcess.ReadinessProbe ready, Duration timeout) {
        return restartableWhen(ready, timeout, requestStop);
    }

    /** As {@link #restartableWhen(ChildProcess.ReadinessProbe, Duration)}, a restart stopping it with {@code stop}. */
    ChildServer restartableWhen(ChildProcess.ReadinessProbe ready, Duration timeout, Consumer<ChildProcess> stop) {
        return restartableWhen(ready, timeout, stop, ChildProcess::pid);
    }

    /**
     * As {@link #restartableWhen(ChildProcess.ReadinessProbe, Duration, Consumer)} for a server that may run under a
     * launcher: once a restart is ready, {@code serverPid} finds the server's own pid (e.g. from its pid file).
     */
    ChildServer restartableWhen(
            ChildProcess.ReadinessProbe ready, Duration timeout, Consumer<ChildProcess> stop, ServerPid serverPid) {
        synchronized (this) {
            if (pid != pidOf(serverPid, process)) {
                throw new IllegalStateException(kind().cliName() + " runs under a launcher: it cannot be restarted");
            }
            restartReady = ready;
            restartTimeout = timeout;
            restartStop = stop;
            restartPid = serverPid;
        }
        return this;
    }

    private long pidOf(ServerPid serverPid, ChildProcess of) {
        try {
            return serverPid.of(of);
        } catch (Exception e) {
            throw new IllegalStateException("cannot tell the pid of " + kind().cliName() + ": " + e.getMessage(), e);
        }
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

    /** The server's process tree and its directory (data, logs), from {@code /proc}; its new process after a restart. */
    @Override
    public Optional<UtilisationSource> utilisation() {
        return Optional.of(new ProcessUtilisation(this::pid, files.dir()));
    }

    /** The server's process tree, from {@code /proc}. */
    @Override
    public Optional<UtilisationSource> processUtilisation() {
        return Optional.of(ProcessUtilisation.withoutDisk(pid));
    }

    @Override
    public synchronized Optional<Restartable> restartable() {
        return restartReady == null ? Optional.empty() : Optional.of(new Restart());
    }

    /** A stop (as {@link #close()} does it, unless the factory said another), the files kept, and the same command again. */
    private final class Restart implements Restartable {
        @Override
        public void stop() {
            synchronized (ChildServer.this) {
                process.stop(STOP_GRACE, () -> restartStop.accept(process));
                // the server itself too, when a launcher ran it: a server still alive holds its data directory's lock
                if (process.isAlive()
                        || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new IllegalStateException(description() + " did not stop");
                }
            }
        }

        @Override
        public void start() {
            synchronized (ChildServer.this) {
                if (closed) {
                    throw new IllegalStateException(description() + " is closed, its files deleted");
                }
                if (process.isAlive()) {
                    return;
                }
                ChildProcess restarted = process.again();
                process = restarted;
                pid = restarted.pid();
                try {
                    restarted.awaitReady(restartTimeout, restartReady);
                    pid = pidOf(restartPid, restarted);
                } catch (RuntimeException e) {
                    throw new IllegalStateException(description() + " did not start again: " + e.getMessage(), e);
                }
                LOG.info("restarted {} at {} (pid {})", kind().cliName(), address(), pid);
            }
        }

        @Override
        public String description() {
            return kind().cliName() + " at " + address();
        }
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
    protected synchronized void stop() {
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: this is the hook, or the hook runs too and finds the server closed
        }
        ChildProcess last = process;
        last.stop(STOP_GRACE, () -> requestStop.accept(last));
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
