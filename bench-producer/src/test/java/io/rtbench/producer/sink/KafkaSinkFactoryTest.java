package io.rtbench.producer.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.producer.KafkaDestination;
import io.rtbench.producer.KafkaDestination.KeyMode;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class KafkaSinkFactoryTest {

    @Test
    void theProducerIsIdempotentWithAcksAllByDefault() {
        Map<String, Object> properties = KafkaSinkFactory.clientProperties(destination(Map.of()));

        assertThat(properties)
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true")
                .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9092")
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 7_000L);
    }

    @Test
    void producerConfigOverridesTheDefaultsButNotTheSerializersOrTheBroker() {
        Map<String, Object> properties = KafkaSinkFactory.clientProperties(destination(Map.of(
                ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false",
                ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4",
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "elsewhere:9092",
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, "org.example.Other")));

        assertThat(properties)
                .containsEntry(ProducerConfig.ACKS_CONFIG, "1")
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false")
                .containsEntry(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4")
                .containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9092")
                .containsEntry(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    }

    private static KafkaDestination destination(Map<String, String> clientConfig) {
        return new KafkaDestination(
                "127.0.0.1:9092",
                "t",
                KeyMode.ID,
                clientConfig,
                4,
                KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
                Duration.ofSeconds(7));
    }
}
