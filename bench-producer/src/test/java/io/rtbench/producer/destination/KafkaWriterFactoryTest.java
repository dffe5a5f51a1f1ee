package io.rtbench.producer.destination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.producer.KafkaDestination;
import io.rtbench.producer.KafkaDestination.KeyMode;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KafkaWriterFactoryTest {

    @Test
    void theProducerIsIdempotentWithAcksAllByDefault() {
        Map<String, Object> properties = KafkaWriterFactory.clientProperties(destination(Map.of()));

        assertThat(properties)
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true")
                .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9092")
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 7_000L);
    }

    /** A pipeline run waits its retry timeout for a broker that went away mid-run; produce, its connect timeout. */
    @Test
    void aSendWaitsTheRetryTimeoutForABrokerThatWentAway() {
        KafkaDestination run = new KafkaDestination(
                "127.0.0.1:9092",
                "t",
                KeyMode.ID,
                Map.of(),
                4,
                KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
                Duration.ofSeconds(7),
                KafkaDestination.ValueFormat.JSON,
                Duration.ofMinutes(2));

        assertThat(KafkaWriterFactory.clientProperties(run))
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 120_000L);
    }

    @Test
    void producerConfigOverridesTheDefaultsButNotTheSerializersOrTheBroker() {
        Map<String, Object> properties = KafkaWriterFactory.clientProperties(destination(Map.of(
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

    /**
     * Kafka's own client drops its idempotence default when the user's settings rule it out and do not ask for it;
     * rtbench's explicit default must not turn that into "Must set acks to all in order to use the idempotent
     * producer".
     */
    @ParameterizedTest
    @CsvSource({
        "acks, 1, acks=1",
        "acks, 0, acks=0",
        "retries, 0, retries=0",
        "max.in.flight.requests.per.connection, 6, max.in.flight.requests.per.connection=6"
    })
    void settingsThatRuleOutIdempotenceDropTheDefaultAndSaySo(String name, String value, String reason) {
        KafkaDestination destination = destination(Map.of(name, value));

        Map<String, Object> properties = KafkaWriterFactory.clientProperties(destination);

        assertThat(properties)
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false")
                .containsEntry(name, value);
        assertThat(destination.describeConfig())
                .containsEntry(name, value)
                .containsEntry(
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        "false (rtbench's default true dropped: " + reason
                                + " rules it out, as in Kafka's own client)");
    }

    @ParameterizedTest
    @CsvSource({"acks, all", "acks, -1", "acks, ALL", "retries, 3", "max.in.flight.requests.per.connection, 5"})
    void settingsThatAllowIdempotenceKeepIt(String name, String value) {
        KafkaDestination destination = destination(Map.of(name, value));

        assertThat(KafkaWriterFactory.clientProperties(destination))
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        assertThat(destination.describeConfig()).doesNotContainKey(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
    }

    @Test
    void idempotenceTurnedOffByTheUserNeedsNoNote() {
        KafkaDestination destination =
                destination(Map.of(ProducerConfig.ACKS_CONFIG, "1", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false"));

        assertThat(KafkaWriterFactory.clientProperties(destination))
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        assertThat(destination.describeConfig()).containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
    }

    @Test
    void idempotenceAskedForWithAcksOneIsAUsageErrorInOneLine() {
        assertThatThrownBy(() -> destination(
                        Map.of(ProducerConfig.ACKS_CONFIG, "1", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the Kafka client settings set enable.idempotence=true and acks=1, which rules"
                        + " idempotence out: remove enable.idempotence, or set acks=all");
        assertThatThrownBy(() -> destination(
                        Map.of(ProducerConfig.RETRIES_CONFIG, "0", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "TRUE")))
                .hasMessageEndingWith("remove enable.idempotence, or set retries above 0");
    }

    private static KafkaDestination destination(Map<String, String> clientConfig) {
        return new KafkaDestination(
                "127.0.0.1:9092",
                "t",
                KeyMode.ID,
                clientConfig,
                4,
                KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
                Duration.ofSeconds(7),
                KafkaDestination.ValueFormat.JSON,
                Duration.ofSeconds(7));
    }
}
