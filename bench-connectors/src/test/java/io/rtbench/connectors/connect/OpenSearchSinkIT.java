package io.rtbench.connectors.connect;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;

class OpenSearchSinkIT extends RtbenchSinkIT {

    private RunningServer server;

    @BeforeAll
    void server(@RealServer("opensearch") RunningServer server) {
        this.server = server;
    }

    @Override
    TargetConfig target(String collection) {
        return new TargetConfig(
                "opensearch",
                URI.create(server.address()),
                collection,
                Credentials.NONE,
                Duration.ofSeconds(10),
                Map.of());
    }

    @Override
    void dropCollection(String index) throws Exception {
        HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.address() + "/" + index))
                                .DELETE()
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
    }
}
