package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.RunningServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The same assertions for the local Elasticsearch and OpenSearch; subclasses hand in their server. */
abstract class SearchEngineContract {

    private static final Logger LOG = LoggerFactory.getLogger(SearchEngineContract.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    protected RunningServer server;

    abstract String distributionName();

    @Test
    void indexesAndFindsADocument() throws Exception {
        String index = server.address() + "/rtbench_servers_it";
        // _id in the bulk action line, not in the document: both engines reject _id in the source (docs/TARGETS.md)
        String bulk = """
                {"index":{"_id":"e-1"}}
                {"generator_identifier":42,"_seq":0,"_event_time":1700000000000000}
                """;
        JsonNode written = JSON.readTree(post(index + "/_bulk?refresh=true", bulk));
        assertThat(written.path("errors").asBoolean(true))
                .as(written.toString())
                .isFalse();

        JsonNode found = JSON.readTree(post(index + "/_search", """
                {"query":{"term":{"generator_identifier":42}}}
                """));

        assertThat(found.at("/hits/total/value").asInt()).isEqualTo(1);
        assertThat(found.at("/hits/hits/0/_id").asText()).isEqualTo("e-1");
        assertThat(found.at("/hits/hits/0/_source/_seq").asInt()).isZero();
    }

    @Test
    void reportsTheVersionOfTheDistributionTheBuildResolved() {
        assertThat(server.version())
                .isEqualTo(Distribution.recorded(distributionName()).version());
        assertThat(server.address()).isEqualTo("http://127.0.0.1:" + server.port());
    }

    @Test
    void runsAsAnUnprivilegedUserWithTheConfiguredHeap() {
        assertThat(ServerProcesses.isAlive(server.pid())).isTrue();
        if (ServerProcesses.jvmIsRoot()) {
            assertThat(ServerProcesses.user(server.pid())).contains(ServiceUser.NAME);
        }
        assertThat(ProcessHandle.of(server.pid()).flatMap(p -> p.info().arguments()))
                .hasValueSatisfying(arguments -> assertThat(arguments).contains("-Xmx512m"));
        LOG.info("{} RSS {} MB", server, ServerProcesses.rssMb(server.pid()));
    }

    static String post(String url, String body) throws Exception {
        // the bulk API wants a JSON content type; LocalHttp sends none, so set it here
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return response.body();
        }
    }
}
