package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerUnavailableException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * QuestDB from the server jar the build resolved ({@code org.questdb:questdb}, with its native libraries for
 * linux-x86-64 inside; it needs Java 17+, bench-servers runs on 21+), run by this JVM's Java as a child JVM with its
 * root dir (tables, config, the unpacked web console) and native libraries in the server's temp dir
 * ({@link QuestDbConfig}). Runs as this JVM's user, root
 * included: QuestDB does not refuse it. Address {@code http://127.0.0.1:P}, the HTTP endpoint that serves SQL
 * ({@code /exec}) and the InfluxDB line protocol ({@code /write}).
 */
public final class QuestDbFactory implements LocalServerFactory {

    public static final ServerKind KIND = new ServerKind("questdb");

    /** Ready in 5-14 s on the shared two-core build machine (load average 10-30); leave room for a busier one. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    /**
     * {@code GET /settings}, which the web console reads before anyone logs in, so it answers also when HTTP basic
     * authentication is on ({@code http.user}): {@code {"config":{"release.type":"OSS","release.version":"9.3.4",…}}}.
     */
    public static final String SETTINGS_PATH = "/settings";

    private static final Pattern VERSION = Pattern.compile("\"release\\.version\"\\s*:\\s*\"([^\"]+)\"");

    private final Distribution distribution;

    public QuestDbFactory() {
        this(null);
    }

    /** Runs the jar of {@code distribution}; null: the one this build recorded, looked up on first start. */
    QuestDbFactory(Distribution distribution) {
        this.distribution = distribution;
    }

    @Override
    public RunningServer start(ServerConfig options) {
        Distribution dist = distribution != null ? distribution : Distribution.recorded("questdb", "jar");
        Path jar = dist.zip();
        if (!Files.isRegularFile(jar)) {
            throw new ServerUnavailableException("the QuestDB " + dist.version() + " jar is missing (" + jar
                    + "); the Maven build downloads it: ./mvnw -pl bench-servers -am package");
        }
        int httpPort = FreePorts.orFree(options.port());
        ServerFiles files = ServerFiles.create(KIND);
        ChildProcess process = null;
        try {
            QuestDbConfig config =
                    new QuestDbConfig(httpPort, files.dir("root"), files.dir("jvm-tmp"), options.settings());
            Files.writeString(
                    Files.createDirectories(config.root().resolve("conf")).resolve("server.conf"), config.serverConf());
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            long startNanos = System.nanoTime();
            process = ChildProcess.start("questdb", config.command(java, jar), Map.of(), files.dir(), files.logFile());
            String url = "http://127.0.0.1:" + httpPort;
            process.awaitReady(START_TIMEOUT, () -> LocalHttp.answersOk(url + SETTINGS_PATH));
            String version = version(LocalHttp.getOk(url + SETTINGS_PATH));
            return ChildServer.ready(KIND, url, httpPort, version, process, files, startNanos)
                    .restartableWhen(() -> LocalHttp.answersOk(url + SETTINGS_PATH), START_TIMEOUT);
        } catch (Exception e) {
            throw ChildServer.startFailed("questdb", e, process, files);
        }
    }

    /** The version in the answer to {@code GET /settings}, or the whole answer when it has none. */
    public static String version(String settingsAnswer) {
        Matcher version = VERSION.matcher(settingsAnswer);
        return version.find() ? version.group(1) : settingsAnswer.strip();
    }
}
