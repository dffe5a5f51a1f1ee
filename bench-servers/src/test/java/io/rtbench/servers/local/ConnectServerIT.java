package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.testing.KafkaClients;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the in-JVM Connect worker; DockerServersIT covers the container")
class ConnectServerIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void workerAnswersOnItsRestApi(@RealServer("connect") RunningServer connect) throws Exception {
        assertThat(connect.address()).isEqualTo("http://127.0.0.1:" + connect.port());
        assertThat(connect.version()).matches("4\\.\\d+\\.\\d+.*");

        HttpResponse<String> plugins = get(connect.address() + "/connector-plugins?connectorsOnly=false");
        HttpResponse<String> root = get(connect.address() + "/");

        assertThat(plugins.statusCode()).isEqualTo(200);
        // Converters are plugins too; the worker's own JSON converter must be among them.
        assertThat(plugins.body()).contains("org.apache.kafka.connect.json.JsonConverter");
        assertThat(root.statusCode()).isEqualTo(200);
        assertThat(root.body()).contains("\"version\":\"" + connect.version() + "\"");
    }

    @Test
    void workerJoinedItsGroupOnTheSharedBroker(
            @RealServer("kafka") RunningServer kafka, @RealServer("connect") RunningServer connect) throws Exception {
        String groupId = ((ConnectServer) connect).groupId();

        try (Admin admin = KafkaClients.admin(kafka.address())) {
            assertThat(admin.listGroups().all().get())
                    .filteredOn(group -> group.groupId().equals(groupId))
                    .extracting(GroupListing::protocol)
                    .containsExactly("connect");
            assertThat(admin.listTopics().names().get())
                    .contains(groupId + "-configs", groupId + "-offsets", groupId + "-status");
        }
    }

    private static HttpResponse<String> get(String url) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
