package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerUnavailableException;
import io.rtbench.servers.Servers;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A real Prometheus scrapes the evaluator's endpoint and can query data latency by target and generator. */
class PrometheusScrapeIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** Prometheus 2.42 applies its scrape targets ~5 s after start; then one interval (1 s) to the first sample. */
    private static final Duration FIRST_SCRAPE_TIMEOUT = Duration.ofSeconds(40);

    @Test
    void prometheusScrapesDataLatencyPerTargetAndGenerator() throws Exception {
        try (PrometheusEndpoint endpoint = new PrometheusEndpoint("127.0.0.1", 0);
                RunningServer prometheus = prometheus(endpoint.port())) {
            EvaluatorMetrics metrics = new EvaluatorMetrics(endpoint.registry(), "clickhouse");
            for (int i = 0; i < 100; i++) {
                metrics.sample(42, 800_000 + i * 1_000, 790_000, 3_000);
            }
            metrics.probeError(42, "timed out");
            metrics.backlog(1_234);

            JsonNode count = awaitQuery(prometheus, "rtbench_data_latency_seconds_count");
            assertThat(count.at("/metric/target").asText()).isEqualTo("clickhouse");
            assertThat(count.at("/metric/generator").asText()).isEqualTo("42");
            assertThat(count.at("/value/1").asText()).isEqualTo("100");
            JsonNode p50 = awaitQuery(prometheus, "rtbench_data_latency_quantiles_seconds{quantile=\"0.5\"}");
            assertThat(p50.at("/value/1").asDouble()).isBetween(0.83, 0.87);
            JsonNode p99FromBuckets = awaitQuery(
                    prometheus, "histogram_quantile(0.99, sum by (le) (rtbench_data_latency_seconds_bucket))");
            assertThat(p99FromBuckets.at("/value/1").asDouble()).isBetween(0.85, 1.0);
            assertThat(awaitQuery(prometheus, "rtbench_probe_errors_total")
                            .at("/value/1")
                            .asText())
                    .isEqualTo("1");
            assertThat(awaitQuery(prometheus, "rtbench_backlog_events")
                            .at("/value/1")
                            .asText())
                    .isEqualTo("1234");
        }
    }

    private static RunningServer prometheus(int scrapedPort) {
        try {
            return Servers.provider(System.getenv())
                    .start(
                            ServerKind.PROMETHEUS,
                            new ServerConfig(0, Map.of("scrape.targets", "127.0.0.1:" + scrapedPort)));
        } catch (ServerUnavailableException e) {
            Assumptions.assumeTrue(Servers.required(System.getenv()), e.getMessage()); // skip unless required
            throw e;
        }
    }

    /** The first series the query returns, once Prometheus has scraped it. */
    private static JsonNode awaitQuery(RunningServer prometheus, String query) throws Exception {
        URI uri = URI.create(
                prometheus.address() + "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + FIRST_SCRAPE_TIMEOUT.toNanos();
        while (true) {
            String body = HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            JsonNode result = JSON.readTree(body).at("/data/result");
            if (!result.isEmpty() || System.nanoTime() > deadline) {
                assertThat(result)
                        .as("%s within %s: %s", query, FIRST_SCRAPE_TIMEOUT, body)
                        .isNotEmpty();
                return result.get(0);
            }
            Thread.sleep(250);
        }
    }
}
