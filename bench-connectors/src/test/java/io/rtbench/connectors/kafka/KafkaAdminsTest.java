package io.rtbench.connectors.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

class KafkaAdminsTest {

    @Test
    void theTimeoutIsEveryRequestsAndTheUsersSettingsStay() {
        Map<String, Object> config = KafkaAdmins.config(
                "h:9092",
                Map.of("security.protocol", "SSL", AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "99"),
                Duration.ofMillis(2500));

        assertThat(config)
                .containsEntry(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "h:9092")
                .containsEntry(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 2500)
                .containsEntry(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2500)
                .containsEntry("security.protocol", "SSL");
    }
}
