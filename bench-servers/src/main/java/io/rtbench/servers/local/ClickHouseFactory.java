package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * ClickHouse from Debian's {@code clickhouse-server} (18.16) as a child process with a generated config
 * ({@link ClickHouseConfig}). Runs as this JVM's user, root included: ClickHouse does not refuse it. Address
 * {@code http://127.0.0.1:P}.
 */
public final class ClickHouseFactory implements LocalServerFactory {

    public static final ServerKind KIND = new ServerKind("clickhouse");

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final List<Path> searchPath;

    public ClickHouseFactory() {
        this(Executables.searchPath());
    }

    /** Looks for {@code clickhouse-server} in {@code searchPath} only. */
    ClickHouseFactory(List<Path> searchPath) {
        this.searchPath = List.copyOf(searchPath);
    }

    @Override
    public RunningServer start(ServerConfig options) {
        Path binary = Executables.require("clickhouse-server", searchPath, "clickhouse-server");
        int httpPort = FreePorts.orFree(options.port());
        ServerFiles files = ServerFiles.create(KIND);
        ChildProcess process = null;
        try {
            ClickHouseConfig config =
                    new ClickHouseConfig(httpPort, FreePorts.free(), files.dir(), files.logFile(), options.settings());
            files.write(config.usersFile().getFileName().toString(), config.usersXml());
            Path configFile = files.write("config.xml", config.serverXml());
            long startNanos = System.nanoTime();
            process = ChildProcess.start(
                    "clickhouse",
                    List.of(binary.toString(), "--config-file=" + configFile),
                    Map.of(),
                    files.dir(),
                    files.logFile());
            String url = "http://127.0.0.1:" + httpPort;
            process.awaitReady(START_TIMEOUT, () -> LocalHttp.answersOk(url + "/ping"));
            String version = LocalHttp.postOk(url + "/", "SELECT version()").strip();
            // A restart (fault target-restart) runs the same command line: the same config file, so ports and data. It
            // stops the server with SIGKILL: on SIGTERM, 18.16 serves its clients' keep-alive connections until they
            // are idle for keep_alive_timeout, which a running pipeline's never are (it served a run for 15 s, until
            // killed). An insert is answered once its part is written, so the kill loses no acknowledged event.
            return ChildServer.ready(KIND, url, httpPort, version, process, files, startNanos)
                    .restartableWhen(() -> LocalHttp.answersOk(url + "/ping"), START_TIMEOUT, ChildProcess::kill);
        } catch (Exception e) {
            throw ChildServer.startFailed("clickhouse", e, process, files);
        }
    }
}
