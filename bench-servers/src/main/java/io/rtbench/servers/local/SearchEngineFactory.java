package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Elasticsearch or OpenSearch from the distribution zip the build resolved, unpacked once into the
 * {@link DistributionCache}, run by this JVM's Java (neither zip bundles a JDK) as {@link ServiceUser} (both refuse
 * root), configured by {@link SearchEngineConfig}. Address {@code http://127.0.0.1:P}. Ready when
 * {@code GET /_cluster/health} answers 200: {@code GET /} answers 405 on Elasticsearch's integ-test distribution.
 */
public final class SearchEngineFactory implements LocalServerFactory {

    private static final Logger LOG = LoggerFactory.getLogger(SearchEngineFactory.class);
    private static final int MIN_JAVA = 21;
    /** OpenSearch needs ~19 s on two busy cores; leave room for a slower machine. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final SearchEngine engine;
    private final Distribution distribution;

    public SearchEngineFactory(SearchEngine engine) {
        this(engine, null);
    }

    /** Runs {@code distribution}; null: the one this build recorded, looked up on first start. */
    SearchEngineFactory(SearchEngine engine, Distribution distribution) {
        this.engine = engine;
        this.distribution = distribution;
    }

    @Override
    public RunningServer start(ServerConfig options) {
        String name = engine.distributionName();
        Distribution dist = distribution != null ? distribution : Distribution.recorded(name);
        Path javaHome = requireJava(dist);
        ServiceUser user = ServiceUser.forServersThatRefuseRoot();
        if (!user.canAccess(javaHome.resolve("bin/java"))) {
            throw new ServerUnavailableException("user '" + user.name() + "' that runs " + name
                    + " cannot read this JVM's Java (" + javaHome + "); run rtbench with a JDK " + MIN_JAVA
                    + "+ that all users can read, e.g. one under /usr/lib/jvm");
        }
        Path home = DistributionCache.readableBy(user).unpacked(dist);
        int httpPort = FreePorts.orFree(options.port());
        ServerFiles files = ServerFiles.create(engine.kind());
        ChildProcess process = null;
        try {
            SearchEngineConfig config =
                    new SearchEngineConfig(engine, httpPort, FreePorts.free(), files.dir(), options.settings());
            prepareFiles(config, home, files);
            user.own(files.dir());
            Path pidFile = files.dir().resolve(name + ".pid");
            List<String> command =
                    new ArrayList<>(List.of(home.resolve("bin").resolve(name).toString()));
            command.addAll(config.arguments(pidFile));
            Map<String, String> env = new HashMap<>(config.environment(javaHome));
            env.putAll(user.environment(files.dir()));
            long startNanos = System.nanoTime();
            process = ChildProcess.start(name, user.command(command), env, files.dir(), files.logFile());
            String url = "http://127.0.0.1:" + httpPort;
            // Ready when the node answers from the cluster state: /_cluster/health answers 200 before that state is
            // recovered, and _cat/nodes then answers 503 "state not recovered / initialized" (seen on a loaded
            // machine).
            String nodes = url + "/_cat/nodes?h=version";
            process.awaitReady(START_TIMEOUT, () -> LocalHttp.answersOk(nodes));
            long pid = Long.parseLong(Files.readString(pidFile).strip());
            String version = LocalHttp.getOk(nodes).strip();
            LOG.info(
                    "{} {} ready at {} in {} ms (pid {}, launcher pid {})",
                    name,
                    version,
                    url,
                    (System.nanoTime() - startNanos) / 1_000_000,
                    pid,
                    process.pid());
            // SIGTERM to the direct child: Elasticsearch's launcher then stops its server JVM in order. A restart runs
            // the launcher again on the same files, and is over when every index's primary shard is back
            // (SearchEngine.PRIMARIES_BACK_PATH); the server has written its pid file by then.
            String primariesBack = url + SearchEngine.PRIMARIES_BACK_PATH;
            return new ChildServer(engine.kind(), url, httpPort, version, pid, process, ChildProcess::terminate, files)
                    .restartableWhen(
                            () -> LocalHttp.answersOk(primariesBack),
                            START_TIMEOUT,
                            ChildProcess::terminate,
                            restarted ->
                                    Long.parseLong(Files.readString(pidFile).strip()));
        } catch (Exception e) {
            throw ChildServer.startFailed(name, e, process, files);
        }
    }

    private static Path requireJava(Distribution dist) {
        int feature = Runtime.version().feature();
        if (feature < MIN_JAVA) {
            throw new ServerUnavailableException(dist.name() + " " + dist.version() + " needs Java " + MIN_JAVA
                    + " or newer, this JVM is Java " + feature + "; run rtbench with a newer JDK");
        }
        return Path.of(System.getProperty("java.home"));
    }

    /** A private copy of the distribution's config with our jvm options, and the data, logs and tmp dirs. */
    private static void prepareFiles(SearchEngineConfig config, Path home, ServerFiles files) throws IOException {
        copyTree(home.resolve("config"), config.configDir());
        Path jvmOptions = config.configDir().resolve("jvm.options");
        Files.writeString(
                jvmOptions, SearchEngineConfig.privateJvmOptions(Files.readString(jvmOptions), home, files.dir()));
        Path optionsDir = Files.createDirectories(config.configDir().resolve("jvm.options.d"));
        Files.writeString(optionsDir.resolve("rtbench-heap.options"), config.heapOptions());
        files.dir("data");
        files.dir("logs");
        files.dir("tmp");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }
}
