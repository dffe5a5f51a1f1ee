package io.rtbench.connectors.bridge;

import static io.rtbench.connectors.bridge.BridgeTestKit.createTopic;
import static io.rtbench.connectors.bridge.BridgeTestKit.produce;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.ServersExtension;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A bridge whose broker is not there fails to start; one whose broker goes away ends on its own with
 * {@link Bridge#failure()} set, instead of polling nothing forever (a real broker that is absent, or stopped mid-run).
 */
@ExtendWith(ServersExtension.class)
class BridgeBrokerLossIT {

    /**
     * The start fails, not a later check: before, {@code start()} returned at once and a bridge run for less than the
     * connect timeout ended with "no event arrived on topic …", blaming the topic for a broker that was not there.
     */
    @Test
    void aBrokerThatCannotBeReachedFailsTheStartWithinTheConnectTimeout() throws Exception {
        String bootstrap = "127.0.0.1:" + closedPort();
        TargetConfig target = nullTarget();
        BridgeSettings settings = settings(bootstrap, "absent", target, Duration.ofMinutes(2), Duration.ofSeconds(3));

        try (Target sink = Targets.open(target);
                Bridge bridge = new Bridge(settings, sink, EpochClock.SYSTEM)) {
            long startNanos = System.nanoTime();
            assertThatThrownBy(bridge::start)
                    .isInstanceOf(BridgeFailedException.class)
                    .hasMessageStartingWith("cannot reach Kafka at " + bootstrap + " within 3 s;");
            Duration took = Duration.ofNanos(System.nanoTime() - startNanos);

            assertThat(took).isBetween(Duration.ofSeconds(3), Duration.ofSeconds(10));
            assertThat(bridge.isRunning()).as("its consumers stopped").isFalse();
            assertThat(bridge.stats().written()).isZero();
        }
    }

    /** Ctrl-C while the broker does not answer: the start returns at once, not after the connect timeout. */
    @Test
    void aStopWhileWaitingForTheBrokerEndsTheStartAtOnce() throws Exception {
        String bootstrap = "127.0.0.1:" + closedPort();
        TargetConfig target = nullTarget();
        BridgeSettings settings = settings(bootstrap, "absent", target, Duration.ofMinutes(2), Duration.ofSeconds(60));

        try (Target sink = Targets.open(target);
                Bridge bridge = new Bridge(settings, sink, EpochClock.SYSTEM)) {
            long startNanos = System.nanoTime();
            bridge.start(() -> System.nanoTime() - startNanos > 1_000_000_000L);
            Duration took = Duration.ofNanos(System.nanoTime() - startNanos);

            assertThat(took).isLessThan(Duration.ofSeconds(10));
            assertThat(bridge.isRunning()).as("its consumers stopped").isFalse();
            assertThat(bridge.failure()).isNull();
        }
    }

    @Test
    void aBrokerLostForLongerThanTheRetryTimeoutEndsTheBridge(
            @OwnServer(value = "kafka", why = "stopped mid-run") RunningServer kafka) throws Exception {
        Duration retryTimeout = Duration.ofSeconds(6);
        TargetConfig target = nullTarget();
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(5), 55);
        try (Target sink = Targets.open(target)) {
            String topic = "lost-" + UUID.randomUUID();
            createTopic(kafka.address(), topic, 2);
            produce(kafka.address(), topic, generator, 1_000, 0);
            BridgeSettings settings = settings(kafka.address(), topic, target, retryTimeout, Duration.ofSeconds(10));
            try (Bridge bridge = new Bridge(settings, sink, EpochClock.SYSTEM)) {
                bridge.start();
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> sink.audit(55).distinctSeqs() == 1_000);

                // the clock starts before the close: the broker answers until its shutdown is under way, and that
                // shutdown may take a second on a loaded machine, so the bridge's last answer is no earlier than this
                long stoppedNanos = System.nanoTime();
                kafka.close();
                await().atMost(Duration.ofSeconds(60)).until(() -> bridge.failure() != null);
                Duration took = Duration.ofNanos(System.nanoTime() - stoppedNanos);

                assertThat(bridge.failure())
                        .isInstanceOf(BridgeFailedException.class)
                        .hasMessageStartingWith("lost Kafka at " + kafka.address() + ": no answer for ")
                        .hasMessageEndingWith("(--retry-timeout 6 s)");
                assertThat(took)
                        .as("not before the retry timeout, and soon after it")
                        .isBetween(retryTimeout, retryTimeout.plusSeconds(12));
                await().atMost(Duration.ofSeconds(30)).until(() -> !bridge.isRunning());
            }
        }
    }

    private static TargetConfig nullTarget() {
        return TargetConfig.of("null", URI.create("null://broker-loss-" + UUID.randomUUID()));
    }

    private static BridgeSettings settings(
            String bootstrap, String topic, TargetConfig target, Duration retry, Duration connectTimeout) {
        return new BridgeSettings(
                bootstrap,
                topic,
                null,
                target,
                500,
                Duration.ofMillis(5),
                2,
                Map.of(),
                retry,
                BridgeSettings.DEFAULT_MAX_IN_FLIGHT,
                connectTimeout);
    }

    /** A loopback port nothing listens on (bound, then released). */
    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
