package io.rtbench.core.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NativeIngestSourceTest {

    @Test
    void defaultsTheDatabasesAddressAndTheGroup() {
        NativeIngest.Source source = NativeIngest.Source.of("127.0.0.1:9092", "rtbench.events");

        assertThat(source.databaseBootstrapServers()).isEqualTo("127.0.0.1:9092");
        assertThat(source.consumerGroup()).isNull();
        assertThat(source.valueFormat()).isEqualTo("json");
        assertThat(source.kafkaConfig()).isEmpty();
        assertThat(source.withConsumerGroup(" ").consumerGroup()).isNull();
        assertThat(source.withDatabaseBootstrapServers("").databaseBootstrapServers())
                .isEqualTo("127.0.0.1:9092");
    }

    @Test
    void keepsWhatIsGiven() {
        Map<String, String> kafka = new HashMap<>(Map.of("security.protocol", "SSL"));
        NativeIngest.Source source =
                new NativeIngest.Source("localhost:9092", "kafka:9093", "t", "g", "json-with-schema", kafka);
        kafka.clear();

        assertThat(source.databaseBootstrapServers()).isEqualTo("kafka:9093");
        assertThat(source.consumerGroup()).isEqualTo("g");
        assertThat(source.valueFormat()).isEqualTo("json-with-schema");
        assertThat(source.kafkaConfig()).containsExactly(Map.entry("security.protocol", "SSL"));
    }

    @Test
    void refusesAMissingAddressTopicOrFormat() {
        assertThatThrownBy(() -> NativeIngest.Source.of(" ", "t"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bootstrapServers must not be blank");
        assertThatThrownBy(() -> NativeIngest.Source.of("h:1", null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> NativeIngest.Source.of("h:1", "t").withValueFormat(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("valueFormat must not be blank");
    }
}
