package io.rtbench.servers.local;

import io.rtbench.core.engine.ShutdownGuard;
import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server process started by this JVM: output appended to a log file, readiness polled, and a stop that reaches every
 * process of the server, also when the direct child is only a launcher (Elasticsearch's CLI starts the server JVM as
 * its own child).
 */
final class ChildProcess {

    /** Asks a server whether it accepts clients yet; an exception counts as "not yet" (e.g. connection refused). */
    @FunctionalInterface
    interface ReadinessProbe {
        boolean ready() throws Exception;
    }

    private static final Logger LOG = LoggerFactory.getLogger(ChildProcess.class);
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);
    private static final long MAX_POLL_PAUSE_MS = 100;

    private final String name;
    private final Process process;
    private final List<String> command;
    private final Map<String, String> env;
    private final Path workDir;
    private final Path logFile;

    private ChildProcess(
            String name, Process process, List<String> command, Map<String, String> env, Path workDir, Path logFile) {
        this.name = name;
        this.process = process;
        this.command = List.copyOf(command);
        this.env = Map.copyOf(env);
        this.workDir = workDir;
        this.logFile = logFile;
    }

    /**
     * Starts {@code command} in {@code workDir} with {@code env} added to this JVM's environment, stdout and stderr
     * appended to {@code logFile}, stdin empty.
     */
    static ChildProcess start(String name, List<String> command, Map<String, String> env, Path workDir, Path logFile) {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().putAll(env);
        try {
            Process process = builder.start();
            LOG.debug("started {} (pid {}): {}", name, process.pid(), command);
            return new ChildProcess(name, process, command, env, workDir, logFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + " (" + command.get(0) + "): " + e.getMessage(), e);
        }
    }

    /**
     * The same command started again, in the same directory with the same environment, its output appended to the same
     * log: a server stopped by a fault restarts on its port and data (docs/MEASUREMENT.md, "Freshness under faults").
     */
    ChildProcess again() {
        return start(name, command, env, workDir, logFile);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    Path logFile() {
        return logFile;
    }

    /**
     * Polls {@code probe} until it answers true. Fails fast when the process exits first, and after {@code timeout}.
     *
     * @throws ServerUnavailableException with the end of the log when the server did not become ready
     */
    void awaitReady(Duration timeout, ReadinessProbe probe) {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        long pauseMs = 10;
        while (true) {
            if (!process.isAlive()) {
                throw failure(name + " exited with code " + process.exitValue() + " before it was ready");
            }
            if (probeOnce(probe)) {
                return;
            }
            if (ShutdownGuard.stopRequested()) {
                // Ctrl-C while a run starts its servers: ended now, not at the timeout (the caller stops the process)
                throw new IllegalStateException("stopped while waiting for " + name);
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                throw failure(name + " was not ready within " + timeout.toSeconds() + " s");
            }
            sleep(pauseMs);
            pauseMs = Math.min(pauseMs * 2, MAX_POLL_PAUSE_MS);
        }
    }

    /** A failure of this server with the last lines of its log, for a message that needs no second look. */
    ServerUnavailableException failure(String what) {
        return failure(what, null);
    }

    ServerUnavailableException failure(String what, Throwable cause) {
        return new ServerUnavailableException(
                what + "; last lines of " + logFile + ":\n" + LogTail.of(logFile, LogTail.LINES), cause);
    }

    /** Sends SIGTERM to the direct child. */
    void terminate() {
        process.destroy();
    }

    /** Sends SIGKILL to the direct child. */
    void kill() {
        process.destroyForcibly();
    }

    /** Stops with SIGTERM to the direct child. */
    void stop(Duration grace) {
        stop(grace, this::terminate);
    }

    /**
     * Runs {@code requestStop} (a graceful stop: a signal or a command), waits up to {@code grace} for the child and
     * all its descendants to exit, then kills whatever is left. Does not throw.
     */
    void stop(Duration grace, Runnable requestStop) {
        // Snapshot first: once the launcher is gone, its children are re-parented and no longer descendants.
        List<ProcessHandle> tree = Stream.concat(Stream.of(process.toHandle()), process.descendants())
                .toList();
        if (tree.stream().noneMatch(ProcessHandle::isAlive)) {
            return;
        }
        try {
            requestStop.run();
        } catch (RuntimeException e) {
            LOG.warn("graceful stop of {} failed, killing it: {}", name, e.getMessage());
        }
        if (!awaitExit(tree, grace)) {
            LOG.warn("{} did not stop within {} ms, killing it", name, grace.toMillis());
            tree.forEach(ProcessHandle::destroyForcibly);
            if (!awaitExit(tree, KILL_WAIT)) {
                LOG.error(
                        "{} survived SIGKILL: pids {}",
                        name,
                        tree.stream().filter(ProcessHandle::isAlive).toList());
            }
        }
    }

    private static boolean awaitExit(List<ProcessHandle> processes, Duration timeout) {
        CompletableFuture<?>[] exits =
                processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(exits).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return processes.stream().noneMatch(ProcessHandle::isAlive);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return processes.stream().noneMatch(ProcessHandle::isAlive);
        }
    }

    private static boolean probeOnce(ReadinessProbe probe) {
        try {
            return probe.ready();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a server", e);
        } catch (Exception notYet) {
            return false;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a server", e);
        }
    }
}
