package io.rtbench.connectors.connect;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;

class QuestDbSinkIT extends RtbenchSinkIT {

    private RunningServer server;

    @BeforeAll
    void server(@RealServer("questdb") RunningServer server) {
        this.server = server;
    }

    @Override
    TargetConfig target(String collection) {
        return new TargetConfig(
                "questdb",
                URI.create(server.address()),
                collection,
                Credentials.NONE,
                Duration.ofSeconds(10),
                Map.of());
    }

    @Override
    void dropCollection(String table) throws Exception {
        String drop = URLEncoder.encode("DROP TABLE IF EXISTS \"" + table + "\"", StandardCharsets.UTF_8);
        HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.address() + "/exec?query=" + drop))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
    }
}
