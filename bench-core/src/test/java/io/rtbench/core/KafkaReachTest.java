package io.rtbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class KafkaReachTest {

    /** Stands for the Kafka client's own TimeoutException, which this module does not see: the same simple name. */
    static final class ClientSide {
        static final class TimeoutException extends RuntimeException {
            TimeoutException() {
                super("Timed out waiting for a node assignment.");
            }
        }
    }

    @Test
    void aTimeoutOfEitherKindIsABrokerThatDidNotAnswer() {
        String unreachable = "cannot reach Kafka at h:9092 within 2.5 s; check --bootstrap-servers and that the broker"
                + " runs (TLS/SASL settings go in --kafka-config)";
        assertThat(KafkaReach.failure("h:9092", Duration.ofMillis(2500), new TimeoutException()))
                .hasMessage(unreachable);
        assertThat(KafkaReach.failure(
                        "h:9092", Duration.ofMillis(2500), new ExecutionException(new ClientSide.TimeoutException())))
                .hasMessage(unreachable);
        assertThat(KafkaReach.failure("h:9092", Duration.ofMillis(2500), new ClientSide.TimeoutException()))
                .hasMessage(unreachable);
    }

    @Test
    void anythingElseIsTheBrokersNoWithItsReason() {
        RuntimeException denied = new IllegalStateException("Authentication failed: Invalid username or password");
        BenchmarkException failure =
                KafkaReach.failure("h:9092", Duration.ofSeconds(10), new ExecutionException(denied));
        assertThat(failure).hasMessage("Kafka at h:9092 refused: Authentication failed: Invalid username or password");
        assertThat(failure).hasRootCause(denied);
    }

    @Test
    void aClientThatCannotBeMadeSaysWhyFromItsCauses() {
        var keystore = new IllegalStateException(
                "Failed to load SSL keystore /x.jks of type JKS", new java.nio.file.NoSuchFileException("/x.jks"));
        var client = new RuntimeException("Failed to create new KafkaAdminClient", keystore);

        assertThat(KafkaReach.unusable("h:9092", client))
                .isEqualTo("cannot use Kafka at h:9092: Failed to create new KafkaAdminClient: Failed to load SSL"
                        + " keystore /x.jks of type JKS");
    }
}
