package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaBrokerConfigTest {

    private static final Path DATA = Path.of("/tmp/rtbench-kafka-x/data");

    @Test
    void combinedKraftNodeListensOnLoopbackOnly() {
        Map<String, String> config = KafkaBrokerConfig.of(9092, 9093, DATA, Map.of());

        assertThat(config)
                .containsEntry("process.roles", "broker,controller")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:9093")
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093")
                .containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:9092")
                .containsEntry("log.dirs", DATA.toString());
    }

    @Test
    void singleReplicaInternalTopicsFastGroupsAndFourPartitionsByDefault() {
        Map<String, String> config = KafkaBrokerConfig.of(9092, 9093, DATA, Map.of());

        assertThat(config)
                .containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                .containsEntry("transaction.state.log.min.isr", "1")
                .containsEntry("share.coordinator.state.topic.replication.factor", "1")
                .containsEntry("group.initial.rebalance.delay.ms", "0")
                .containsEntry("auto.create.topics.enable", "true")
                .containsEntry("num.partitions", "4");
    }

    @Test
    void settingsOverrideDefaultsAndPassThrough() {
        Map<String, String> config =
                KafkaBrokerConfig.of(9092, 9093, DATA, Map.of("num.partitions", "12", "log.retention.ms", "60000"));

        assertThat(config).containsEntry("num.partitions", "12").containsEntry("log.retention.ms", "60000");
    }
}
