package io.rtbench.connectors.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class HttpEndpointTest {

    @Test
    void acceptsHttpAndHttpsUrlsAndDropsTheTrailingSlash() {
        assertThat(HttpEndpoint.requireHttpUrl("opensearch", URI.create("http://127.0.0.1:9200/")))
                .isEqualTo(URI.create("http://127.0.0.1:9200"));
        assertThat(HttpEndpoint.requireHttpUrl("opensearch", URI.create("HTTPS://search.example.com/es//")))
                .isEqualTo(URI.create("https://search.example.com/es"));
    }

    @Test
    void rejectsOtherSchemesCredentialsAndQueriesAsUsageErrors() {
        assertThatThrownBy(() -> HttpEndpoint.requireHttpUrl("clickhouse", URI.create("tcp://127.0.0.1:9000")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("use http://host:port");
        assertThatThrownBy(() -> HttpEndpoint.requireHttpUrl("clickhouse", URI.create("http://u:hunter2@h:8123")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RTBENCH_TARGET_USER")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> HttpEndpoint.requireHttpUrl("clickhouse", URI.create("http://h:8123/?password=x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("password=x");
    }

    @Test
    void aJsonAnswerIsReadAndAnyOtherIsOneLineNamingTheTargetAndTheAnswer() {
        TargetErrors errors = new TargetErrors("questdb", URI.create("http://127.0.0.1:9000"));
        HttpEndpoint.Response json = new HttpEndpoint.Response(200, "{\"count\":2}".getBytes(StandardCharsets.UTF_8));
        HttpEndpoint.Response html =
                new HttpEndpoint.Response(200, "<html>\n<body>nginx</body>".getBytes(StandardCharsets.UTF_8));

        assertThat(json.json(errors, "probe").path("count").asInt()).isEqualTo(2);
        assertThatThrownBy(() -> html.json(errors, "probe"))
                .isInstanceOf(TargetException.class)
                .hasMessage("questdb at http://127.0.0.1:9000: probe failed: not a JSON answer"
                        + " (HTTP 200: <html> <body>nginx</body>)");
    }

    @Test
    void buildsBasicAuthFromUserAndPassword() {
        String header = HttpEndpoint.authorization(new Credentials("elastic", "pä:ss", null));
        assertThat(header).startsWith("Basic ");
        String decoded = new String(Base64.getDecoder().decode(header.substring(6)), StandardCharsets.UTF_8);
        assertThat(decoded).isEqualTo("elastic:pä:ss");
    }

    @Test
    void userWithoutPasswordSendsAnEmptyPassword() {
        String header = HttpEndpoint.authorization(new Credentials("default", null, null));
        assertThat(new String(Base64.getDecoder().decode(header.substring(6)), StandardCharsets.UTF_8))
                .isEqualTo("default:");
    }

    @Test
    void apiKeyWinsOverUserAndPassword() {
        assertThat(HttpEndpoint.authorization(new Credentials("u", "p", "a2V5OnNlY3JldA==")))
                .isEqualTo("ApiKey a2V5OnNlY3JldA==");
    }

    @Test
    void noCredentialsNoHeader() {
        assertThat(HttpEndpoint.authorization(Credentials.NONE)).isNull();
    }
}
