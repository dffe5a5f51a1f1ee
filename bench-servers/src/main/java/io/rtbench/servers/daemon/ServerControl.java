package io.rtbench.servers.daemon;

import io.rtbench.servers.LoopbackPort;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.local.ConnectWorkerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Background servers for {@code rtbench servers start|stop|status} (docs/GUIDE.md): each runs in its own daemon JVM
 * ({@link ServerDaemon}) that outlives the command, and is recorded in a state dir ({@value #STATE_DIR_ENV} or
 * {@code ~/.rtbench/servers}). At most one server per kind, or one Connect cluster of several workers.
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
    public ServerState start(ServerKind kind, ServerConfig options) {
        return start(kind, options, 1).get(0);
    }

    /**
     * Starts {@code workers} servers of this kind, each in a daemon JVM of its own, and waits until all are ready. More
     * than one is a Kafka Connect cluster (docs/CONNECT.md, "A cluster of several workers"): the workers share one
     * group and its internal topics, and each has its own REST port ({@code --port P} gives P, P+1, …). Each is a
     * process of its own, so one can be killed while the others go on.
     *
     * @return the workers' states, worker 1 first
     * @throws ServerControlException as {@link #start(ServerKind, ServerConfig)}; when one worker does not start, those
     *     already started are stopped again
     * @throws IllegalArgumentException for fewer than 1 worker, or more than 1 of a kind other than Connect
     */
    public List<ServerState> start(ServerKind kind, ServerConfig options, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("--workers must be at least 1, got " + workers);
        }
        if (workers > 1 && !kind.equals(ServerKind.CONNECT)) {
            throw new IllegalArgumentException(
                    "--workers is for connect (a Kafka Connect cluster); " + kind.cliName() + " runs as one server");
        }
        List<ServerState> running = live(kind);
        if (!running.isEmpty()) {
            throw new ServerControlException(
                    kind.cliName() + " is already running at " + running.get(0).address()
                            + " (pid " + running.get(0).serverPid() + "); stop it first with 'rtbench servers stop "
                            + kind.cliName() + "'");
        }
        if (options.port() != 0) {
            for (int worker = 0; worker < workers; worker++) {
                requirePortFree(kind, options.port() + worker);
            }
        }
        ServerConfig effective = withKafkaForConnect(kind, options);
        if (workers == 1) {
            return List.of(awaitReady(DaemonName.of(kind), launcher.spawn(DaemonName.of(kind), effective)));
        }
        Map<String, String> cluster =
                new HashMap<>(ConnectWorkerConfig.clusterSettings(ConnectWorkerConfig.newGroupId()));
        cluster.putAll(effective.settings()); // the user's --set wins, as for one worker
        Map<DaemonName, Process> daemons = new LinkedHashMap<>();
        // spawned together: Connect's workers join a group in any order, and each JVM's start is the slow part
        for (int worker = 1; worker <= workers; worker++) {
            int port = options.port() == 0 ? 0 : options.port() + worker - 1;
            DaemonName name = new DaemonName(kind, worker);
            daemons.put(name, launcher.spawn(name, new ServerConfig(port, cluster)));
        }
        List<ServerState> started = new ArrayList<>();
        try {
            for (Map.Entry<DaemonName, Process> daemon : daemons.entrySet()) {
                started.add(awaitReady(daemon.getKey(), daemon.getValue()));
            }
            return started;
        } catch (RuntimeException e) {
            daemons.values().forEach(daemon -> terminate(daemon.toHandle(), kind));
            started.forEach(state -> files.delete(state.daemonName()));
            throw e;
        }
    }

    /**
     * Stops the background servers of this kind (every worker of a Connect cluster): SIGTERM to each daemon (which
     * stops its server cleanly), after {@code 60 s} a kill.
     *
     * @return what was stopped; empty when none of this kind was running
     */
    public List<ServerState> stop(ServerKind kind) {
        List<ServerState> running = live(kind);
        for (ServerState state : running) {
            boolean killed = ProcessHandle.of(state.daemonPid())
                    .map(daemon -> terminate(daemon, kind))
                    .orElse(false);
            if (killed && state.serverPid() != state.daemonPid()) {
                // A killed daemon had no chance to stop its child process.
                ProcessHandle.of(state.serverPid()).ifPresent(ProcessHandle::destroyForcibly);
            }
            files.delete(state.daemonName());
        }
        return running;
    }

    /** The running background servers, in {@link ServerKind} order; records of dead daemons are removed. */
    public List<ServerState> status() {
        return files.readAll().stream().filter(this::aliveOrForget).toList();
    }

    /** The background server of {@code kind} that listens on {@code port} of this host, if one runs. */
    public Optional<ServerState> runningAt(ServerKind kind, int port) {
        return live(kind).stream().filter(state -> state.port() == port).findFirst();
    }

    /** The live servers of a kind (a Connect cluster's workers), worker 1 first. */
    private List<ServerState> live(ServerKind kind) {
        return status().stream().filter(state -> state.kind().equals(kind)).toList();
    }

    private boolean aliveOrForget(ServerState state) {
        if (Liveness.isAlive(state)) {
            return true;
        }
        files.delete(state.daemonName());
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

    private ServerConfig withKafkaForConnect(ServerKind kind, ServerConfig options) {
        if (!kind.equals(ServerKind.CONNECT)
                || options.setting("bootstrap.servers").isPresent()) {
            return options;
        }
        ServerState kafka = live(ServerKind.KAFKA).stream()
                .findFirst()
                .orElseThrow(() -> new ServerControlException("connect needs a Kafka: start one with 'rtbench servers"
                        + " start kafka', or give the setting bootstrap.servers"));
        Map<String, String> settings = new HashMap<>(options.settings());
        settings.put("bootstrap.servers", kafka.address());
        return new ServerConfig(options.port(), settings);
    }

    private ServerState awaitReady(DaemonName name, Process daemon) {
        ServerKind kind = name.kind();
        long deadlineNanos = System.nanoTime() + startTimeout.toNanos();
        while (true) {
            Optional<ServerState> state = files.read(name).filter(s -> s.daemonPid() == daemon.pid());
            if (state.isPresent()) {
                return state.get();
            }
            if (!daemon.isAlive()) {
                throw new ServerControlException(name.stem() + " did not start: its daemon exited with status "
                        + daemon.exitValue() + logTails(name));
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                terminate(daemon.toHandle(), kind);
                throw new ServerControlException(name.stem() + " did not start within " + startTimeout.toSeconds()
                        + " s; its daemon was stopped" + logTails(name));
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

    private String logTails(DaemonName name) {
        return LogTail.quote(QUOTED_LOG_LINES, files.consoleFile(name), files.logFile(name));
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
