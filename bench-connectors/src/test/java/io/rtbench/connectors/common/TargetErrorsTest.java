package io.rtbench.connectors.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TargetErrorsTest {

    @Test
    void displayedUrlsCarryNoCredentialsQueryOrFragment() {
        assertThat(TargetErrors.display(URI.create("https://user:secret@es.example.com:9243/base?api_key=x#f")))
                .isEqualTo("https://es.example.com:9243/base");
        assertThat(TargetErrors.display(URI.create("jdbc:postgresql://u:pw@db:5432/rtbench?password=pw")))
                .isEqualTo("jdbc:postgresql://db:5432/rtbench");
        assertThat(TargetErrors.display(URI.create("reference://calib"))).isEqualTo("reference://calib");
    }

    @Test
    void messagesAreOneLineNamingKindUrlOperationAndWhatToCheck() {
        TargetErrors errors = new TargetErrors("opensearch", URI.create("http://127.0.0.1:9200"));

        assertThat(errors.unreachable("probe", "connection refused", null))
                .hasMessage("opensearch at http://127.0.0.1:9200: probe failed: cannot connect (connection refused);"
                        + " check that the server is running and that --target-url is right");
        assertThat(errors.timedOut("audit", Duration.ofSeconds(5), null).getMessage())
                .contains("no answer within 5000 ms")
                .contains("--timeout");
        assertThat(errors.missingCollection("probe", "index", "rtbench_events").getMessage())
                .contains("index 'rtbench_events' does not exist")
                .contains("--collection");
        assertThat(errors.failed("write", "line one\n  line two\r\n").getMessage())
                .endsWith("write failed: line one line two")
                .doesNotContain("\n");
    }

    @Test
    void longServerMessagesAreTruncated() {
        assertThat(TargetErrors.oneLine("x".repeat(1000))).hasSize(301).endsWith("…");
    }
}
