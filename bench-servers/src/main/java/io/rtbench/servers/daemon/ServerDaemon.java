package io.rtbench.servers.daemon;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.Servers;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main class of a background server's JVM (spawned by {@link ServerControl}): starts one server through the
 * configured provider, records it in {@code <state-dir>/<name>.json} ({@link DaemonName}), and holds it until the JVM is terminated
 * (SIGTERM), when a shutdown hook stops the server and removes the state file.
 *
 * <p>Exit status: 1 when the server cannot start (the reason is on stderr and in the log), 2 for bad arguments.
 */
public final class ServerDaemon {

    private static final Logger LOG = LoggerFactory.getLogger(ServerDaemon.class);

    /** Held for the JVM's life: a second daemon of the same kind fails on it instead of racing for the state file. */
    @SuppressWarnings("unused")
    private static FileLock kindLock;

    private final StateFiles files;
    private final DaemonName name;
    private final ServerKind kind;
    private RunningServer server; // guarded by this
    private boolean stopping; // guarded by this

    private ServerDaemon(StateFiles files, DaemonName name) {
        this.files = files;
        this.name = name;
        this.kind = name.kind();
    }

    public static void main(String[] args) throws InterruptedException {
        DaemonArgs request;
        try {
            request = DaemonArgs.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("rtbench server daemon: " + e.getMessage());
            System.exit(2);
            return;
        }
        StateFiles files = new StateFiles(request.stateDir());
        ServerDaemon daemon = new ServerDaemon(files, request.name());
        try {
            files.createDir();
            kindLock = lock(files, request.name());
            Runtime.getRuntime().addShutdownHook(new Thread(daemon::stop, "rtbench-server-daemon-stop"));
            daemon.start(request.options());
        } catch (RuntimeException e) {
            LOG.error("cannot start {}", request.name().stem(), e);
            System.err.println("cannot start " + request.name().stem() + ": " + e.getMessage());
            System.exit(1);
        }
        new CountDownLatch(1).await(); // until SIGTERM; the shutdown hook does the rest
    }

    private static FileLock lock(StateFiles files, DaemonName name) {
        try {
            FileChannel channel =
                    FileChannel.open(files.lockFile(name), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IllegalStateException("another rtbench daemon for " + name.stem() + " is running (it holds "
                        + files.lockFile(name) + ")");
            }
            return lock;
        } catch (IOException e) {
            throw new IllegalStateException("cannot lock " + files.lockFile(name) + ": " + e.getMessage(), e);
        }
    }

    private void start(ServerConfig options) {
        LOG.info(
                "starting {} (port {}, settings {})",
                name.stem(),
                options.port(),
                options.settings().keySet());
        RunningServer started = Servers.provider(System.getenv()).start(kind, options);
        ServerState state;
        synchronized (this) {
            if (stopping) {
                started.close(); // terminated while starting: the hook found nothing to stop
                return;
            }
            server = started;
            state = stateOf(started, name.worker());
            files.write(state);
        }
        if (state.serverPid() != state.daemonPid()) {
            ProcessHandle.of(state.serverPid())
                    .ifPresent(child -> child.onExit().thenRun(() -> exitWithoutServer(child.pid())));
        }
        LOG.info(
                "{} {} running at {} (server pid {}, daemon pid {}), state in {}",
                name.stem(),
                state.version(),
                state.address(),
                state.serverPid(),
                state.daemonPid(),
                files.stateFile(name));
    }

    /** A child-process server that died on its own: the daemon goes too, so that status does not list it. */
    private void exitWithoutServer(long serverPid) {
        synchronized (this) {
            if (stopping) {
                return; // the child ended because the shutdown hook stopped it
            }
        }
        LOG.error("{} (pid {}) ended on its own; the daemon exits", kind.cliName(), serverPid);
        System.exit(1);
    }

    private static ServerState stateOf(RunningServer server, int worker) {
        ProcessHandle self = ProcessHandle.current();
        return new ServerState(
                server.kind(),
                worker,
                server.address(),
                server.port(),
                server.pid(),
                self.pid(),
                Liveness.startOf(self),
                server.version(),
                server.logFile(),
                Instant.now(),
                server.directory().orElse(null));
    }

    private synchronized void stop() {
        stopping = true;
        if (server != null) {
            LOG.info("stopping {} at {}", kind.cliName(), server.address());
            server.close();
        }
        long self = ProcessHandle.current().pid();
        // Only this daemon's own record: a state file of another daemon is not ours to remove.
        files.read(name).filter(state -> state.daemonPid() == self).ifPresent(state -> files.delete(name));
    }
}
