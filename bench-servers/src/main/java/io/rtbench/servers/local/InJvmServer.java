package io.rtbench.servers.local;

import io.rtbench.core.utilisation.ThreadGroupCpu;
import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.StartedServer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server that runs in this JVM (Kafka, Kafka Connect): its process is this one and its log the host JVM's, and
 * stopping it logs how long it took, whether or not it stopped cleanly. It is made and started on a thread of a thread
 * group of its own ({@link #callIn}), so that the threads it starts are in that group and their CPU is the server's, a
 * part of the harness apart from rtbench's (docs/MEASUREMENT.md, "The harness and the machine").
 */
abstract class InJvmServer extends StartedServer {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;
    /** Null where this JVM cannot tell a thread's CPU time. */
    private final ThreadGroupCpu threads;

    /** @param threads the group the server was made and started in ({@link #callIn}) */
    InJvmServer(ServerKind kind, String name, String address, int port, String version, ThreadGroup threads) {
        super(kind, address, port, version);
        this.name = name;
        this.threads = ThreadGroupCpu.measurable() ? new ThreadGroupCpu(threads) : null;
    }

    /**
     * Runs {@code work} on a new thread of {@code group} and returns its result once it has ended; the threads it starts
     * are in the group, and so are the threads those start. An interrupt of the caller is passed on to that thread, and
     * still waited for. What {@code work} throws is thrown here, a checked exception as an {@link
     * IllegalStateException}.
     */
    static <T> T callIn(ThreadGroup group, Callable<T> work) {
        FutureTask<T> task = new FutureTask<>(work);
        Thread thread = new Thread(group, task, group.getName() + "-start");
        thread.start();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                    thread.interrupt();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The CPU of the server's threads, no memory (the JVM's is rtbench's); empty where it cannot be read. */
    @Override
    public final Optional<UtilisationSource> processUtilisation() {
        return threadsInThisJvm().map(group -> new ThreadGroupUtilisation(group, System::nanoTime));
    }

    @Override
    public final Optional<ThreadGroupCpu> threadsInThisJvm() {
        return Optional.ofNullable(threads);
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
