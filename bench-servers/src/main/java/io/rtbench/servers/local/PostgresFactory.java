package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL from Debian's {@code postgresql}: a private cluster made by {@code initdb} in the server's temp dir (trust
 * authentication, superuser {@value #USER}), {@code postgres} listening on 127.0.0.1 with its unix socket in the temp
 * dir, and a database {@value #DATABASE}. Address {@code postgresql://rtbench@127.0.0.1:P/rtbench} (the user in the URL, so that it works as printed), user {@value #USER}, no
 * password. Runs as {@link ServiceUser}: PostgreSQL refuses root.
 *
 * <p>Settings: each {@code NAME=VALUE} becomes {@code -c NAME=VALUE} (a server configuration parameter).
 */
public final class PostgresFactory implements LocalServerFactory {

    public static final ServerKind KIND = new ServerKind("postgres");

    static final String USER = "rtbench";
    static final String DATABASE = "rtbench";

    private static final Logger LOG = LoggerFactory.getLogger(PostgresFactory.class);
    private static final Path DEBIAN_INSTALL_ROOT = Path.of("/usr/lib/postgresql");
    private static final Duration INITDB_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);

    private final Path installRoot;

    public PostgresFactory() {
        this(DEBIAN_INSTALL_ROOT);
    }

    /** Looks for {@code <installRoot>/<major>/bin/initdb}, as Debian installs it. */
    PostgresFactory(Path installRoot) {
        this.installRoot = installRoot;
    }

    /** The bin dir of the newest PostgreSQL under {@code installRoot}, by major version. */
    static Optional<Path> newestBinDir(Path installRoot) {
        if (!Files.isDirectory(installRoot)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(installRoot)) {
            return versions.filter(dir -> dir.getFileName().toString().matches("\\d+(\\.\\d+)?"))
                    .filter(dir -> Files.isExecutable(dir.resolve("bin/initdb")))
                    .max(Comparator.comparingDouble(
                            dir -> Double.parseDouble(dir.getFileName().toString())))
                    .map(dir -> dir.resolve("bin"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public RunningServer start(ServerConfig options) {
        Path bin = newestBinDir(installRoot)
                .orElseThrow(() -> new ServerUnavailableException("PostgreSQL is not installed (no " + installRoot
                        + "/<version>/bin/initdb): apt-get install postgresql"));
        ServiceUser user = ServiceUser.forServersThatRefuseRoot();
        int port = FreePorts.orFree(options.port());
        ServerFiles files = ServerFiles.create(KIND);
        ChildProcess process = null;
        try {
            Path data = files.dir().resolve("data");
            Path socketDir = files.dir("socket");
            user.own(files.dir());
            Map<String, String> env = new HashMap<>(user.environment(files.dir()));
            initdb(bin, data, user, env, files);
            long startNanos = System.nanoTime();
            process = ChildProcess.start(
                    "postgres",
                    user.command(serverCommand(bin, data, port, socketDir, options.settings())),
                    env,
                    files.dir(),
                    files.logFile());
            process.awaitReady(START_TIMEOUT, () -> isReady(bin, port));
            sql(bin, port, "postgres", "CREATE DATABASE " + DATABASE);
            String version = sql(bin, port, DATABASE, "SHOW server_version");
            LOG.info(
                    "postgres {} ready on 127.0.0.1:{} in {} ms (pid {})",
                    version,
                    port,
                    (System.nanoTime() - startNanos) / 1_000_000,
                    process.pid());
            // SIGINT is PostgreSQL's "fast" shutdown; SIGTERM ("smart") would wait for every client to disconnect.
            Consumer<ChildProcess> fastShutdown = running -> Commands.run(
                    user.command(
                            List.of(bin.resolve("pg_ctl").toString(), "kill", "INT", Long.toString(running.pid()))),
                    env,
                    null,
                    CLIENT_TIMEOUT);
            // a restart (fault target-restart) runs the same command line: the same port and data directory
            return new ChildServer(
                            KIND,
                            "postgresql://" + USER + "@127.0.0.1:" + port + "/" + DATABASE,
                            port,
                            version,
                            process.pid(),
                            process,
                            fastShutdown,
                            files)
                    .restartableWhen(() -> isReady(bin, port), START_TIMEOUT);
        } catch (Exception e) {
            throw ChildServer.startFailed("postgres", e, process, files);
        }
    }

    static List<String> serverCommand(Path bin, Path data, int port, Path socketDir, Map<String, String> settings) {
        List<String> command = new ArrayList<>(List.of(
                bin.resolve("postgres").toString(),
                "-D",
                data.toString(),
                "-p",
                Integer.toString(port),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "unix_socket_directories=" + socketDir));
        settings.forEach((name, value) -> command.addAll(List.of("-c", name + "=" + value)));
        return command;
    }

    private static void initdb(Path bin, Path data, ServiceUser user, Map<String, String> env, ServerFiles files)
            throws IOException {
        List<String> initdb = List.of(
                bin.resolve("initdb").toString(),
                "-D",
                data.toString(),
                "-U",
                USER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                // a throw-away cluster: fsync of the fresh files only costs time
                "--no-sync");
        Commands.Result result = Commands.run(user.command(initdb), env, files.dir(), INITDB_TIMEOUT);
        Files.writeString(files.logFile(), result.output() + "\n", StandardOpenOption.APPEND);
        if (!result.ok()) {
            throw new ServerUnavailableException("initdb failed with exit code " + result.exitCode() + ": "
                    + LogTail.of(files.logFile(), LogTail.LINES));
        }
    }

    /** A real connection: pg_isready succeeds only when the server accepts connections. */
    private static boolean isReady(Path bin, int port) {
        return Commands.run(client(bin.resolve("pg_isready"), port, "postgres", "-q", "-t", "2"), CLIENT_TIMEOUT)
                .ok();
    }

    /** A client program's command line for the server on {@code port}, as {@link #USER} on {@code database}. */
    private static List<String> client(Path program, int port, String database, String... options) {
        List<String> command = new ArrayList<>(List.of(
                program.toString(), "-h", "127.0.0.1", "-p", Integer.toString(port), "-U", USER, "-d", database));
        command.addAll(List.of(options));
        return command;
    }

    private static String sql(Path bin, int port, String database, String statement) throws IOException {
        // -X: no ~/.psqlrc
        Commands.Result result = Commands.run(
                client(
                        bin.resolve("psql"),
                        port,
                        database,
                        "-X",
                        "-q",
                        "-t",
                        "-A",
                        "-v",
                        "ON_ERROR_STOP=1",
                        "-c",
                        statement),
                CLIENT_TIMEOUT);
        if (!result.ok()) {
            throw new IOException("psql '" + statement + "' failed: " + result.output());
        }
        return result.output().strip();
    }
}
