package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectWorkerConfigTest {

    private static final Map<String, String> KAFKA = Map.of("bootstrap.servers", "127.0.0.1:9092");

    @Test
    void withoutBootstrapServersTheMessageSaysWhatIsMissing() {
        assertThatThrownBy(() -> ConnectWorkerConfig.of(8083, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bootstrap.servers");
        assertThatThrownBy(() -> ConnectWorkerConfig.of(8083, Map.of("bootstrap.servers", " ")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void restOnLoopbackJsonConvertersServiceLoadDiscoveryAndFastFlush() {
        Map<String, String> config = ConnectWorkerConfig.of(8083, KAFKA);

        assertThat(config)
                .containsEntry("bootstrap.servers", "127.0.0.1:9092")
                .containsEntry("listeners", "http://127.0.0.1:8083")
                .containsEntry("key.converter", "org.apache.kafka.connect.json.JsonConverter")
                .containsEntry("value.converter", "org.apache.kafka.connect.json.JsonConverter")
                .containsEntry("plugin.discovery", "service_load")
                .containsEntry("offset.flush.interval.ms", "1000")
                .containsEntry("config.storage.replication.factor", "1")
                .containsEntry("offset.storage.replication.factor", "1")
                .containsEntry("status.storage.replication.factor", "1")
                .doesNotContainKey("plugin.path");
    }

    @Test
    void everyWorkerHasItsOwnGroupAndInternalTopics() {
        Map<String, String> first = ConnectWorkerConfig.of(8083, KAFKA);
        Map<String, String> second = ConnectWorkerConfig.of(8084, KAFKA);

        assertThat(first.get("group.id")).isNotEqualTo(second.get("group.id"));
        assertThat(first.get("config.storage.topic")).startsWith(first.get("group.id"));
        assertThat(first.get("offset.storage.topic")).startsWith(first.get("group.id"));
        assertThat(first.get("status.storage.topic")).startsWith(first.get("group.id"));
    }

    @Test
    void pluginPathAndDiscoveryModeComeFromSettings() {
        Map<String, String> config = ConnectWorkerConfig.of(
                8083,
                Map.of(
                        "bootstrap.servers", "127.0.0.1:9092",
                        "plugin.path", "/opt/plugins",
                        "plugin.discovery", "hybrid_warn"));

        assertThat(config)
                .containsEntry("plugin.path", "/opt/plugins")
                .containsEntry("plugin.discovery", "hybrid_warn");
    }

    /** A second worker of a cluster (fault rebalance): the first one's group, topics and settings, its own REST port. */
    @Test
    void aPeerHasTheWorkersGroupTopicsAndSettingsButItsOwnRestAddress() {
        Map<String, String> first = ConnectWorkerConfig.of(
                8083, Map.of("bootstrap.servers", "127.0.0.1:9092", "scheduled.rebalance.max.delay.ms", "0"));

        Map<String, String> peer = ConnectWorkerConfig.of(8090, ConnectWorkerConfig.peerSettings(first));

        assertThat(peer)
                .containsEntry("listeners", "http://127.0.0.1:8090")
                .containsEntry("rest.advertised.port", "8090")
                .containsEntry("group.id", first.get("group.id"))
                .containsEntry("config.storage.topic", first.get("config.storage.topic"))
                .containsEntry("offset.storage.topic", first.get("offset.storage.topic"))
                .containsEntry("status.storage.topic", first.get("status.storage.topic"))
                .containsEntry("scheduled.rebalance.max.delay.ms", "0");
    }
}
