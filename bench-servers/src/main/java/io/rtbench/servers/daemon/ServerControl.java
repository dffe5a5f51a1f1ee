package io.rtbench.servers.daemon;

import io.rtbench.servers.LoopbackPort;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Background servers for {@code rtbench servers start|stop|status} (docs/GUIDE.md): each runs in its own daemon JVM
 * ({@link ServerDaemon}) that outlives the command, and is recorded in a state dir ({@value #STATE_DIR_ENV} or
 * {@code ~/.rtbench/servers}). At most one server per kind.
 *
 * <p>Errors are {@link ServerControlException}s whose first message line can be shown to a user as is.
 */
public final class ServerControl {

    public static final String STATE_DIR_ENV = "RTBENCH_STATE_DIR";
    /** Slow servers (OpenSearch: ~20 s on 2 cores) plus the daemon JVM's own start. */
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(120);

    /** Kafka's and Connect's clean shutdown takes seconds; beyond this the daemon is killed. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private static final long POLL_INTERVAL_MS = 100;
    private static final int QUOTED_LOG_LINES = 20;

    private final StateFiles files;
    private final DaemonLauncher launcher;
    private final Duration startTimeout;

    public ServerControl(Path stateDir) {
        this(stateDir, DEFAULT_START_TIMEOUT);
    }

    public ServerControl(Path stateDir, Duration startTimeout) {
        this.files = new StateFiles(stateDir);
        this.launcher = new DaemonLauncher(files);
        this.startTimeout = startTimeout;
    }

    /** The state dir named by {@value #STATE_DIR_ENV}, or {@code ~/.rtbench/servers}. */
    public static ServerControl fromEnvironment(Map<String, String> env) {
        return new ServerControl(stateDir(env));
    }

    public static Path stateDir(Map<String, String> env) {
        String named = env.getOrDefault(STATE_DIR_ENV, "");
        return named.isBlank() ? Path.of(System.getProperty("user.home"), ".rtbench", "servers") : Path.of(named);
    }

    public Path stateDir() {
        return files.dir();
    }

    /**
     * Starts a server of this kind in a new daemon JVM and waits until it is ready. A Connect worker without a
     * {@code bootstrap.servers} setting gets the address of the running background Kafka.
     *
     * @return the recorded state: address, pids, version, log file
     * @throws ServerControlException when one of this kind is already running, the requested port cannot be bound
     *     (one line, before any daemon is spawned), Connect has no Kafka, or the daemon dies or does not report ready
     *     in time (the message quotes the end of its log)
     */
    public ServerState start(ServerKind kind, ServerOptions options) {
        Optional<ServerState> running = live(kind);
        if (running.isPresent()) {
            throw new ServerControlException(
                    kind.cliName() + " is already running at " + running.get().address()
                            + " (pid " + running.get().serverPid() + "); stop it first with 'rtbench servers stop "
                            + kind.cliName() + "'");
        }
        if (options.port() != 0) {
            requirePortFree(kind, options.port());
        }
        ServerOptions effective = withKafkaForConnect(kind, options);
        Process daemon = launcher.spawn(kind, effective);
        return awaitReady(kind, daemon);
    }

    /**
     * Stops the background server of this kind: SIGTERM to its daemon (which stops the server cleanly), after
     * {@code 60 s} a kill.
     *
     * @return what was stopped; empty when none of this kind was running
     */
    public Optional<ServerState> stop(ServerKind kind) {
        Optional<ServerState> running = live(kind);
        if (running.isEmpty()) {
            return Optional.empty();
        }
        ServerState state = running.get();
        boolean killed = ProcessHandle.of(state.daemonPid())
                .map(daemon -> terminate(daemon, kind))
                .orElse(false);
        if (killed && state.serverPid() != state.daemonPid()) {
            // A killed daemon had no chance to stop its child process.
            ProcessHandle.of(state.serverPid()).ifPresent(ProcessHandle::destroyForcibly);
        }
        files.delete(kind);
        return running;
    }

    /** The running background servers, in {@link ServerKind} order; records of dead daemons are removed. */
    public List<ServerState> status() {
        return files.readAll().stream().filter(this::aliveOrForget).toList();
    }

    private Optional<ServerState> live(ServerKind kind) {
        return files.read(kind).filter(this::aliveOrForget);
    }

    private boolean aliveOrForget(ServerState state) {
        if (Liveness.isAlive(state)) {
            return true;
        }
        files.delete(state.kind());
        return false;
    }

    /**
     * Checked here rather than only where the server binds: a daemon that fails on its bind costs a JVM start and is
     * reported with the end of its logs, where a taken port deserves one line (docs/GUIDE.md, `rtbench servers`).
     */
    private void requirePortFree(ServerKind kind, int port) {
        LoopbackPort.problem(port).ifPresent(problem -> {
            String owner = status().stream()
                    .filter(state -> state.port() == port)
                    .map(state -> " by the background " + state.kind().cliName())
                    .findFirst()
                    .orElse("");
            throw new ServerControlException("cannot start " + kind.cliName() + ": " + problem + owner
                    + "; choose another --port, or leave --port out for a free one");
        });
    }

    private ServerOptions withKafkaForConnect(ServerKind kind, ServerOptions options) {
        if (!kind.equals(ServerKind.CONNECT)
                || options.setting("bootstrap.servers").isPresent()) {
            return options;
        }
        ServerState kafka = live(ServerKind.KAFKA)
                .orElseThrow(() -> new ServerControlException("connect needs a Kafka: start one with 'rtbench servers"
                        + " start kafka', or give the setting bootstrap.servers"));
        Map<String, String> settings = new HashMap<>(options.settings());
        settings.put("bootstrap.servers", kafka.address());
        return new ServerOptions(options.port(), settings);
    }

    private ServerState awaitReady(ServerKind kind, Process daemon) {
        long deadlineNanos = System.nanoTime() + startTimeout.toNanos();
        while (true) {
            Optional<ServerState> state = files.read(kind).filter(s -> s.daemonPid() == daemon.pid());
            if (state.isPresent()) {
                return state.get();
            }
            if (!daemon.isAlive()) {
                throw new ServerControlException(kind.cliName() + " did not start: its daemon exited with status "
                        + daemon.exitValue() + logTails(kind));
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                terminate(daemon.toHandle(), kind);
                throw new ServerControlException(kind.cliName() + " did not start within " + startTimeout.toSeconds()
                        + " s; its daemon was stopped" + logTails(kind));
            }
            sleep(kind);
        }
    }

    /** @return whether the daemon had to be killed */
    private static boolean terminate(ProcessHandle daemon, ServerKind kind) {
        daemon.destroy();
        if (awaitExit(daemon, STOP_TIMEOUT)) {
            return false;
        }
        daemon.destroyForcibly();
        if (!awaitExit(daemon, Duration.ofSeconds(10))) {
            throw new ServerControlException(
                    "the " + kind.cliName() + " daemon (pid " + daemon.pid() + ") does not end, even when killed");
        }
        return true;
    }

    private static boolean awaitExit(ProcessHandle process, Duration timeout) {
        try {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            return !process.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServerControlException("interrupted while waiting for pid " + process.pid() + " to end", e);
        }
    }

    private String logTails(ServerKind kind) {
        return LogTail.quote(QUOTED_LOG_LINES, files.consoleFile(kind), files.logFile(kind));
    }

    private static void sleep(ServerKind kind) {
        try {
            Thread.sleep(POLL_INTERVAL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServerControlException("interrupted while waiting for " + kind.cliName() + " to start", e);
        }
    }
}
