package io.rtbench.connectors.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.connectors.ServerTargetContractIT;
import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.WriteResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.local.FreePorts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The contract, plus what only Elasticsearch and OpenSearch have: item-level bulk failures and index options. */
abstract class SearchEngineTargetIT extends ServerTargetContractIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    protected RunningServer server;

    protected abstract String kind();

    /** _nodes/stats: the JVM's CPU time and the indices' store; no resident memory. */
    @Override
    protected Set<String> utilisationMeasures() {
        return Set.of("cpu", "disk");
    }

    @Override
    protected TargetConfig config(String collection) {
        return new TargetConfig(
                kind(), URI.create(server.address()), collection, Credentials.NONE, Duration.ofSeconds(10), Map.of());
    }

    @Override
    protected TargetConfig unreachableConfig() {
        URI nothing = URI.create("http://127.0.0.1:" + FreePorts.free());
        return new TargetConfig(kind(), nothing, "rtbench_events", Credentials.NONE, Duration.ofSeconds(2), Map.of());
    }

    @Override
    protected void dropCollection(String index) throws Exception {
        send(HttpRequest.newBuilder(URI.create(server.address() + "/" + index)).DELETE());
    }

    @Test
    void bulkItemFailuresAreReportedPerEvent() {
        Target target = openFresh();
        long generator = newGeneratorId();
        long now = nowMicros();
        String badId = TestEvents.id(generator, 1);
        byte[] bad = ("{\"_id\":\"" + badId + "\",\"_event_time\":\"not a number\",\"generator_identifier\":"
                        + generator + ",\"_seq\":1}")
                .getBytes(StandardCharsets.UTF_8);
        EventBatch batch = new EventBatch(List.of(
                TestEvents.event(generator, 0, now),
                new Event(bad, generator, 1, now),
                TestEvents.event(generator, 2, now)));

        WriteResult result = target.write(batch);

        assertThat(result.written()).isEqualTo(2);
        assertThat(result.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.index()).isEqualTo(1);
            assertThat(failure.id()).isEqualTo(badId);
            assertThat(failure.reason()).contains("HTTP 400").contains("_event_time");
        });
        assertThat(target.audit(generator).count()).isEqualTo(2);
    }

    @Test
    void indexHasTheIdentityFieldTypesAndTheOptions() throws Exception {
        String index = uniqueCollection();
        Target target = open(config(index)
                .withOptions(Map.of(
                        "shards", "2",
                        "refresh.interval", "250ms",
                        "generator_identifier.type", "keyword")));
        target.ensureCollection();

        JsonNode mapping =
                get("/" + index + "/_mapping").path(index).path("mappings").path("properties");
        assertThat(mapping.path("_event_time").path("type").asText()).isEqualTo("long");
        assertThat(mapping.path("_seq").path("type").asText()).isEqualTo("long");
        assertThat(mapping.path("generator_identifier").path("type").asText()).isEqualTo("keyword");
        JsonNode settings =
                get("/" + index + "/_settings").path(index).path("settings").path("index");
        assertThat(settings.path("number_of_shards").asText()).isEqualTo("2");
        assertThat(settings.path("number_of_replicas").asText()).isEqualTo("0");
        assertThat(settings.path("refresh_interval").asText()).isEqualTo("250ms");

        long generator = newGeneratorId();
        long now = nowMicros();
        target.write(TestEvents.batch(generator, 0, 10, now));
        org.awaitility.Awaitility.await()
                .atMost(VISIBLE_WITHIN)
                .untilAsserted(() ->
                        assertThat(target.newestEventTimeMicros(generator)).isEqualTo(OptionalLong.of(now + 9_000)));
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<byte[]> response = send(HttpRequest.newBuilder(URI.create(server.address() + path)));
        assertThat(response.statusCode()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static HttpResponse<byte[]> send(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
