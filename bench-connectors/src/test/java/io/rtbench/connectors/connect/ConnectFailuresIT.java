package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.connect.ConnectRestClient;
import io.rtbench.servers.connect.ConnectRestException;
import io.rtbench.servers.connect.ConnectorDefinition;
import io.rtbench.servers.connect.ConnectorStatus;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.local.FreePorts;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/** What a user sees when a connector cannot work: one line from the REST client, within seconds. */
@ExtendWith(ServersExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConnectFailuresIT {

    private RunningServer kafka;
    private ConnectRestClient connect;

    @BeforeAll
    void connect(@RealServer("kafka") RunningServer kafka, @RealServer("connect") RunningServer worker) {
        this.kafka = kafka;
        this.connect = new ConnectRestClient(URI.create(worker.address()), Duration.ofSeconds(10));
    }

    private ConnectorDefinition sinkToNowhere(String topic, Map<String, String> extra) {
        URI nothing = URI.create("http://127.0.0.1:" + FreePorts.free());
        TargetConfig target = new TargetConfig(
                "opensearch", nothing, "rtbench_events", Credentials.NONE, Duration.ofSeconds(1), Map.of());
        Map<String, String> settings = new HashMap<>(RtbenchSinkConfig.connectorConfig(topic, target));
        settings.putAll(extra);
        return new ConnectorDefinition(ConnectTestKit.unique("unreachable-"), settings);
    }

    @Test
    void aTargetThatCannotBeReachedFailsTheTaskAndTheClientSaysWhyInOneLine() {
        ConnectorDefinition sink = sinkToNowhere("nothing-" + ConnectTestKit.unique(""), Map.of());
        connect.deploy(sink);
        long startNanos = System.nanoTime();
        try {
            assertThatThrownBy(() -> connect.awaitRunning(sink.name(), Duration.ofSeconds(60)))
                    .isInstanceOf(ConnectRestException.class)
                    .hasMessageStartingWith("connector " + sink.name() + " task 0 FAILED on 127.0.0.1:")
                    .hasMessageContaining("ConnectException: opensearch at http://127.0.0.1:")
                    .hasMessageContaining("cannot connect")
                    .hasMessageNotContaining("\n");
            assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(Duration.ofSeconds(30));
        } finally {
            connect.delete(sink.name());
        }
    }

    @Test
    void aTargetThatFailsWhileRunningIsRetriedVisiblyThenTheTaskFails() throws Exception {
        String topic = ConnectTestKit.unique("retry-");
        ConnectTestKit.createTopic(kafka.address(), topic, 1);
        ConnectTestKit.produce(kafka.address(), topic, 1, 10, false);
        ConnectorDefinition sink = sinkToNowhere(
                topic,
                Map.of(
                        RtbenchSinkConfig.CREATE_COLLECTION, "false",
                        RtbenchSinkConfig.RETRY_BACKOFF_MS, "300",
                        RtbenchSinkConfig.RETRY_TIMEOUT_MS, "4000"));
        connect.deploy(sink);
        try {
            connect.awaitRunning(sink.name(), Duration.ofSeconds(60));
            AtomicReference<Optional<String>> failure = new AtomicReference<>(Optional.empty());
            await().atMost(Duration.ofSeconds(45))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> {
                        failure.set(connect.status(sink.name()).flatMap(ConnectorStatus::failure));
                        return failure.get().isPresent();
                    });
            assertThat(failure.get().get())
                    .startsWith("connector " + sink.name() + " task 0 FAILED")
                    .contains("<- ConnectException: the target kept failing for ")
                    .contains("retries); last error: opensearch at http://127.0.0.1:")
                    .doesNotContain("\n");
            assertThatThrownBy(() -> connect.awaitRunning(sink.name(), Duration.ofSeconds(5)))
                    .hasMessage(failure.get().get());
        } finally {
            connect.delete(sink.name());
        }
    }

    @Test
    void aConnectorClassTheWorkerDoesNotHaveIsRefusedAtDeploy() {
        ConnectorDefinition missing = new ConnectorDefinition(
                ConnectTestKit.unique("missing-"),
                Map.of("connector.class", "com.example.NoSuchSinkConnector", "topics", "t"));

        assertThatThrownBy(() -> connect.deploy(missing))
                .isInstanceOf(ConnectRestException.class)
                .hasMessageContaining("deploying connector " + missing.name() + " failed: HTTP 400")
                .hasMessageContaining("com.example.NoSuchSinkConnector")
                .hasMessageNotContaining("\n");
        assertThat(connect.status(missing.name())).isEmpty();
    }

    @Test
    void aSecretInTheSinksConfigIsRefusedAtDeployAndNotStored() {
        ConnectorDefinition leaky = sinkToNowhere("t", Map.of("target.option.password", "hunter2"));

        assertThatThrownBy(() -> connect.deploy(leaky))
                .isInstanceOf(ConnectRestException.class)
                .hasMessageContaining("HTTP 400")
                .hasMessageContaining("target.option.password looks like a secret")
                .hasMessageNotContaining("hunter2");
        assertThat(connect.status(leaky.name())).isEmpty();
    }

    @Test
    void anUnreachableWorkerIsOneLine() {
        ConnectRestClient nowhere =
                new ConnectRestClient(URI.create("http://127.0.0.1:" + FreePorts.free()), Duration.ofSeconds(2));

        assertThatThrownBy(() -> nowhere.status("x"))
                .isInstanceOf(ConnectRestException.class)
                .hasMessageStartingWith("Kafka Connect at http://127.0.0.1:")
                .hasMessageContaining("cannot connect")
                .hasMessageNotContaining("\n");
    }
}
