package io.rtbench.servers.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Prometheus from Debian's {@code prometheus} (2.42) with a generated config ({@link PrometheusConfig}), its TSDB in the
 * temp dir. Address {@code http://127.0.0.1:P}. Note: 2.42 applies scrape targets about 5 s after start, so the first
 * samples arrive then, whatever the interval.
 */
public final class PrometheusFactory implements LocalServerFactory {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Path> searchPath;

    public PrometheusFactory() {
        this(Executables.searchPath());
    }

    /** Looks for {@code prometheus} in {@code searchPath} only. */
    PrometheusFactory(List<Path> searchPath) {
        this.searchPath = List.copyOf(searchPath);
    }

    @Override
    public RunningServer start(ServerConfig options) {
        Path binary = Executables.require("prometheus", searchPath, "prometheus");
        int port = FreePorts.orFree(options.port());
        PrometheusConfig config = new PrometheusConfig(port, options.settings());
        ServerFiles files = ServerFiles.create(ServerKind.PROMETHEUS);
        ChildProcess process = null;
        try {
            Path configFile = files.write("prometheus.yml", config.yaml());
            List<String> command = new ArrayList<>(List.of(binary.toString()));
            command.addAll(config.arguments(configFile, files.dir().resolve("data")));
            long startNanos = System.nanoTime();
            process = ChildProcess.start("prometheus", command, Map.of(), files.dir(), files.logFile());
            String url = "http://127.0.0.1:" + port;
            process.awaitReady(START_TIMEOUT, () -> LocalHttp.answersOk(url + "/-/ready"));
            JsonNode buildInfo = JSON.readTree(LocalHttp.getOk(url + "/api/v1/status/buildinfo"));
            String version = buildInfo.path("data").path("version").asText();
            return ChildServer.ready(ServerKind.PROMETHEUS, url, port, version, process, files, startNanos);
        } catch (Exception e) {
            throw ChildServer.startFailed("prometheus", e, process, files);
        }
    }
}
