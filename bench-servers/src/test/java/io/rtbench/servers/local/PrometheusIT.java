package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the local child process with its generated config; DockerServersIT covers the container")
class PrometheusIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Prometheus 2.42 applies its scrape targets ~5 s after start; then one interval (1 s) to the first sample. */
    private static final Duration FIRST_SCRAPE_TIMEOUT = Duration.ofSeconds(30);

    @Test
    void scrapesItself(@RealServer("prometheus") RunningServer prometheus) throws Exception {
        String query = URLEncoder.encode("up{job=\"prometheus\"}", StandardCharsets.UTF_8);
        String url = prometheus.address() + "/api/v1/query?query=" + query;
        long deadline = System.nanoTime() + FIRST_SCRAPE_TIMEOUT.toNanos();
        JsonNode result = JSON.readTree(LocalHttp.getOk(url)).at("/data/result");
        while (result.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(250);
            result = JSON.readTree(LocalHttp.getOk(url)).at("/data/result");
        }

        assertThat(result)
                .as("up{job=prometheus} within %s", FIRST_SCRAPE_TIMEOUT)
                .hasSize(1);
        assertThat(result.get(0).at("/metric/instance").asText()).isEqualTo("127.0.0.1:" + prometheus.port());
        assertThat(result.get(0).at("/value/1").asText()).isEqualTo("1");
    }

    @Test
    void reportsItsVersion(@RealServer("prometheus") RunningServer prometheus) throws Exception {
        assertThat(prometheus.version()).matches("\\d+\\.\\d+.*");
        assertThat(LocalHttp.get(prometheus.address() + "/-/ready").ok()).isTrue();
    }
}
