package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.pacing.Rate;
import java.time.Duration;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PacingSettingsTest {

    @Test
    void sharesAddUpExactlyAndDifferByAtMostOne() {
        for (int generators = 1; generators <= 7; generators++) {
            int n = generators;
            long sum = LongStream.range(0, n)
                    .map(i -> PacingSettings.share(1003, n, (int) i))
                    .sum();
            assertThat(sum).isEqualTo(1003);
            assertThat(PacingSettings.share(1003, n, 0) - PacingSettings.share(1003, n, n - 1))
                    .isBetween(0L, 1L);
        }
    }

    @Test
    void rejectsNonsenseNamingTheOption() {
        Duration d = Duration.ofSeconds(1);
        assertThatThrownBy(() -> new PacingSettings(Rate.MAX, 0, 1, d, 0, 0)).hasMessageStartingWith("--batch-size");
        assertThatThrownBy(() -> new PacingSettings(Rate.MAX, 1, 0, d, 0, 0)).hasMessageStartingWith("--generators");
        assertThatThrownBy(() -> new PacingSettings(Rate.MAX, 1, 1, Duration.ZERO, 0, 0))
                .hasMessageStartingWith("--duration");
        assertThatThrownBy(() -> new PacingSettings(Rate.MAX, 1, 1, d, -1, 0)).hasMessageStartingWith("--prefill");
        assertThatThrownBy(() -> new PacingSettings(Rate.MAX, 1, 1, d, 0, -1)).hasMessageStartingWith("--events");
        assertThatThrownBy(() -> new PacingSettings(Rate.MAX, 1, 1, d, 0, 0, Duration.ofSeconds(-1)))
                .hasMessageStartingWith("--warmup");
    }

    @Test
    void secretsInTheClientConfigAreMaskedInTheResult() {
        KafkaDestination kafka = new KafkaDestination(
                "127.0.0.1:9092",
                "t",
                KafkaDestination.KeyMode.ID,
                Map.of(
                        "acks", "1",
                        "sasl.jaas.config", "org.apache.kafka...PlainLoginModule required password=\"hunter2\";",
                        "ssl.truststore.password", "changeit",
                        "ssl.key.password", "k"),
                4,
                "a",
                Duration.ofSeconds(1),
                KafkaDestination.ValueFormat.JSON,
                Duration.ofSeconds(1));
        assertThat(kafka.describeConfig())
                .containsEntry("acks", "1")
                .containsEntry("sasl.jaas.config", "***")
                .containsEntry("ssl.truststore.password", "***")
                .containsEntry("ssl.key.password", "***");
        assertThat(kafka.describeConfig().toString()).doesNotContain("hunter2").doesNotContain("changeit");
    }

    @Test
    void bootstrapServersMayComeFromTheClientConfig() {
        KafkaDestination kafka = new KafkaDestination(
                null,
                "t",
                KafkaDestination.KeyMode.ID,
                Map.of("bootstrap.servers", "b:9092"),
                1,
                "a",
                Duration.ofSeconds(1),
                KafkaDestination.ValueFormat.JSON,
                Duration.ofSeconds(1));
        assertThat(kafka.bootstrapServers()).isEqualTo("b:9092");
        assertThatThrownBy(() -> new KafkaDestination(
                        null,
                        "t",
                        KafkaDestination.KeyMode.ID,
                        Map.of(),
                        1,
                        "a",
                        Duration.ofSeconds(1),
                        KafkaDestination.ValueFormat.JSON,
                        Duration.ofSeconds(1)))
                .hasMessageStartingWith("--bootstrap-servers is required");
    }
}
