package io.rtbench.cli.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.local.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docker-compose.yml for real, with the images RTBENCH_IMAGE_* name (in the Docker suite of .ci/run: the local
 * stand-ins): the clickhouse profile brings Kafka, ClickHouse, a short rtbench benchmark and Prometheus up; the run's
 * result shows every produced event landed, its HTML report was drawn in the container, the stack's Prometheus has
 * scraped the data latency, and every metric the Grafana dashboard queries is one the live evaluator exports. The
 * hosts profile with {@code --scale worker=3} runs one benchmark on three {@code rtbench worker} containers
 * (docs/GUIDE.md, "Several hosts"). Grafana itself (profile dashboard) stays out: its image cannot be had without a
 * registry.
 */
@Tag("docker")
class ComposeStackIT {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    private static final String TARGET = "clickhouse";
    private static final Duration STACK_TIMEOUT = Duration.ofMinutes(5);
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String project = "rtbench-it-" + UUID.randomUUID().toString().substring(0, 8);
    private final Map<String, String> env = new HashMap<>(System.getenv());
    private String profile = TARGET;

    @TempDir
    Path out;

    @AfterEach
    void tearDown() throws Exception {
        Compose.Result down = compose(Duration.ofMinutes(2), "--profile", profile, "down", "-v", "--remove-orphans");
        assertThat(down.exitCode()).as(down.output()).isZero();
    }

    @Test
    void aBenchmarkInTheStackLandsEverythingAndPrometheusScrapesIt() throws Exception {
        int metricsPort = FreePorts.free();
        int prometheusPort = FreePorts.free();
        env.put("RTBENCH_OUT", out.toString());
        env.put("RTBENCH_DURATION", "15s");
        env.put("RTBENCH_RATE", "500/s");
        env.put("RTBENCH_METRICS_PORT", Integer.toString(metricsPort));
        env.put("RTBENCH_PROMETHEUS_PORT", Integer.toString(prometheusPort));

        Compose.Result up = compose(STACK_TIMEOUT, "--profile", TARGET, "up", "-d");
        assertThat(up.exitCode()).as(up.output()).isZero();

        // The evaluator's live /metrics carries every metric the dashboard uses once each has a sample: a stage's
        // summary is absent (not 0) until the first measured second in which that stage recorded something. The
        // target's CPU and memory are absent (not 0) where its stats API cannot measure them: ClickHouse's has no
        // server CPU, and resident memory only in newer releases (docs/MEASUREMENT.md, "Target utilisation").
        Set<String> used = new HashSet<>(Dashboard.read(REPOSITORY).metricNames());
        used.removeAll(Set.of("rtbench_target_cpu_percent", "rtbench_target_memory_bytes"));
        assertThat(used).isNotEmpty().contains("rtbench_target_disk_bytes");
        await().atMost(STACK_TIMEOUT).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            String exposition = getOrEmpty("http://127.0.0.1:" + metricsPort + "/metrics");
            assertThat(Dashboard.exposedNames(exposition))
                    .as("metrics of the live evaluator")
                    .contains("rtbench_data_latency_seconds_count")
                    .containsAll(used);
        });

        awaitExitZero("rtbench-" + TARGET);

        JsonNode step = result().path("steps").path(0);
        long produced = step.path("events").path("produced").asLong();
        assertThat(produced).as("15 s at 500/s").isGreaterThan(5_000);
        assertThat(step.path("events").path("landed").asLong()).isEqualTo(produced);

        // over a range: the benchmark has exited, so its series went stale at the last scrape
        String query = "http://127.0.0.1:" + prometheusPort + "/api/v1/query?query="
                + URLEncoder.encode(
                        "max_over_time(rtbench_data_latency_seconds_count{job=\"rtbench\"}[10m])",
                        StandardCharsets.UTF_8);
        JsonNode scraped = JSON.readTree(getOrEmpty(query)).path("data").path("result");
        assertThat(scraped).as("series of the stack's Prometheus").isNotEmpty();
        assertThat(scraped.path(0).path("metric").path("target").asText()).isEqualTo(TARGET);
        assertThat(scraped.path(0).path("value").path(1).asDouble())
                .as("probes counted")
                .isPositive();
    }

    @Test
    void threeScaledWorkersShareOneBenchmark() throws Exception {
        profile = "hosts";
        env.put("RTBENCH_OUT", out.toString());
        env.put("RTBENCH_DURATION", "10s");
        env.put("RTBENCH_RATE", "600/s");
        env.put("RTBENCH_WORKERS", "3");
        env.put("RTBENCH_METRICS_PORT", Integer.toString(FreePorts.free()));
        env.put("RTBENCH_PROMETHEUS_PORT", Integer.toString(FreePorts.free()));

        Compose.Result up = compose(STACK_TIMEOUT, "--profile", profile, "up", "-d", "--scale", "worker=3");
        assertThat(up.exitCode()).as(up.output()).isZero();
        awaitExitZero("rtbench-hosts");

        JsonNode step = result().path("steps").path(0);
        JsonNode workers = step.path("workers");
        assertThat(workers).as("the per-worker breakdown").hasSize(3);
        long measuredByWorkers = 0;
        Set<String> ids = new HashSet<>();
        for (JsonNode worker : workers) {
            ids.add(worker.path("id").asText());
            long produced = worker.path("produced").asLong();
            assertThat(produced).as("10 s at 200/s each").isGreaterThan(1_500);
            assertThat(worker.path("latencyMs").path("data").path("count").asLong())
                    .as("each worker probes its own generator")
                    .isPositive();
            measuredByWorkers += produced;
        }
        assertThat(ids).as("three containers, three workers").hasSize(3);
        // the audit's count: the workers' measured events plus their warmup
        JsonNode events = step.path("events");
        assertThat(events.path("produced").asLong()).isGreaterThan(measuredByWorkers);
        assertThat(events.path("landed").asLong())
                .isEqualTo(events.path("produced").asLong());
        assertThat(events.path("lost").asLong()).isZero();
    }

    /** Waits until the one-shot benchmark container of {@code service} exits, and requires exit code 0. */
    private void awaitExitZero(String service) throws IOException, InterruptedException {
        String benchmark =
                compose(Duration.ofSeconds(30), "ps", "-q", service).output().strip();
        Compose.Result wait = Compose.run(List.of("docker", "wait", benchmark), env, STACK_TIMEOUT);
        Compose.Result logs = compose(Duration.ofSeconds(30), "logs", "--no-color", service);
        assertThat(wait.output().strip()).as(logs.output()).isEqualTo("0");
        assertThat(logs.output()).as("the report is drawn in the container").contains("report: /work/rtbench-out/");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.filter(f -> f.toString().endsWith(".html")))
                    .as(logs.output())
                    .hasSize(1);
        }
    }

    private JsonNode result() throws IOException {
        Path dir = out;
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> results = new ArrayList<>(
                    files.filter(f -> f.toString().endsWith(".json")).toList());
            assertThat(results).as("result files in " + dir).hasSize(1);
            return JSON.readTree(results.get(0).toFile());
        }
    }

    private Compose.Result compose(Duration timeout, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker-compose", "-p", project));
        command.addAll(List.of(arguments));
        return Compose.run(command, env, timeout);
    }

    private static String getOrEmpty(String url) throws InterruptedException {
        try {
            HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** A docker or docker-compose command in the repository root. */
    static final class Compose {

        record Result(int exitCode, String output) {}

        static Result run(List<String> command, Map<String, String> env, Duration timeout)
                throws IOException, InterruptedException {
            Path log = Files.createTempFile("rtbench-compose", ".log");
            try {
                ProcessBuilder builder = new ProcessBuilder(command)
                        .directory(REPOSITORY.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile());
                builder.environment().clear();
                builder.environment().putAll(env);
                Process process = builder.start();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    return new Result(-1, String.join(" ", command) + " timed out: " + Files.readString(log));
                }
                return new Result(process.exitValue(), Files.readString(log));
            } finally {
                Files.deleteIfExists(log);
            }
        }
    }
}
