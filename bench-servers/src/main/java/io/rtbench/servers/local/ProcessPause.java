package io.rtbench.servers.local;

import io.rtbench.core.fault.Pausable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fault {@code target-pause} on a server's processes (docs/MEASUREMENT.md, "Freshness under faults"): SIGSTOP to the
 * server's process and every process under it, SIGCONT to the same ones. The whole tree, as {@link ProcessUtilisation}
 * measures it: PostgreSQL's backends serve their clients on their own, so a stopped postmaster alone would pause
 * nothing. A pause takes effect when {@code /proc/<pid>/stat} says each process is stopped ({@code T}); one that does
 * not is continued again and said.
 */
public final class ProcessPause implements Pausable {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessPause.class);
    /** A stop is delivered within milliseconds; a process in uninterruptible sleep stops when its I/O is done. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(2);

    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);
    private static final long POLL_MILLIS = 2;

    /** The server's process now: one restarted by fault {@code target-restart} has a new one. */
    private final LongSupplier pidNow;

    private final String name;
    /** The server's process as of the latest pause; guarded by this. */
    private long pid;
    /** The processes this pause stopped, to be continued; the root first. */
    private final List<Long> stopped = new ArrayList<>();

    /** @param name the server as a user knows it, e.g. {@code postgres} */
    public ProcessPause(long pid, String name) {
        this(() -> pid, name);
    }

    /**
     * A server whose process may change (a restart): each pause stops the process {@code pid} names then.
     *
     * @param name the server as a user knows it, e.g. {@code postgres}
     */
    public ProcessPause(LongSupplier pid, String name) {
        this.pidNow = pid;
        this.name = name;
        this.pid = pid.getAsLong();
    }

    @Override
    public synchronized String description() {
        return name + " (pid " + pid + ")";
    }

    @Override
    public synchronized void pause() {
        pid = pidNow.getAsLong();
        if (pid == ProcessHandle.current().pid()) {
            throw new IllegalStateException(description() + " runs inside rtbench's own process: it cannot be paused");
        }
        ProcessHandle root = ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .orElseThrow(() -> new IllegalStateException(description() + " is gone"));
        try {
            // the whole tree in one kill, so that no backend serves on while the others stop; then any process forked
            // just before the root stopped
            stop(Stream.concat(Stream.of(pid), root.descendants().map(ProcessHandle::pid))
                    .toList());
            stop(root.descendants()
                    .map(ProcessHandle::pid)
                    .filter(child -> !stopped.contains(child))
                    .toList());
        } catch (IllegalStateException e) {
            resume();
            throw e;
        }
    }

    /**
     * Sends SIGSTOP to {@code pids} and waits until each is stopped. The server's own process must stop; another that
     * is gone meanwhile (a backend whose client left) is left out.
     */
    private void stop(List<Long> pids) {
        if (pids.isEmpty()) {
            return;
        }
        Commands.Result kill = signal("STOP", pids);
        for (long each : pids) {
            boolean required = each == pid;
            Optional<Character> state = state(each);
            if (state.isEmpty() || state.get() == 'Z') {
                if (required) {
                    throw new IllegalStateException(
                            kill.ok() ? description() + " is gone" : "kill -STOP " + pid + " failed: " + kill.output());
                }
                continue;
            }
            stopped.add(each);
            long deadline = System.nanoTime() + STOP_WAIT.toNanos();
            while (!isStopped(state.get()) && System.nanoTime() - deadline < 0) {
                sleep();
                state = state(each);
                if (state.isEmpty()) {
                    break;
                }
            }
            if (required && (state.isEmpty() || !isStopped(state.get()))) {
                throw new IllegalStateException(description() + " did not stop within " + STOP_WAIT.toSeconds()
                        + " s of SIGSTOP (state " + state.map(String::valueOf).orElse("gone") + " in /proc/" + each
                        + "/stat" + (kill.ok() ? "" : "; kill: " + kill.output()) + ")");
            }
        }
    }

    @Override
    public synchronized void resume() {
        if (stopped.isEmpty()) {
            return;
        }
        try {
            Commands.Result kill = signal("CONT", stopped);
            if (!kill.ok()) {
                LOG.info("kill -CONT {}: {}", stopped, kill.output()); // a process that exited meanwhile
            }
        } catch (RuntimeException e) {
            LOG.error("could not continue {}: {}", description(), e.toString());
        }
        stopped.clear();
    }

    /** Whether any process is stopped by this pause now. */
    public synchronized boolean paused() {
        return !stopped.isEmpty();
    }

    private static Commands.Result signal(String signal, List<Long> pids) {
        List<String> command = Stream.concat(
                        Stream.of("kill", "-" + signal), pids.stream().map(String::valueOf))
                .toList();
        return Commands.run(command, KILL_TIMEOUT);
    }

    private static boolean isStopped(char state) {
        return state == 'T' || state == 't';
    }

    /** The process's state letter; empty when it is gone. */
    private static Optional<Character> state(long pid) {
        try {
            return Optional.of(ProcFs.state(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))));
        } catch (IOException | IllegalArgumentException gone) {
            return Optional.empty();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pausing a server", e);
        }
    }
}
