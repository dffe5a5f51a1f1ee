package io.rtbench.connectors.bridge;

import static io.rtbench.connectors.bridge.BridgeTestKit.clickhouse;
import static io.rtbench.connectors.bridge.BridgeTestKit.createTopic;
import static io.rtbench.connectors.bridge.BridgeTestKit.produce;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * At-least-once with writes in flight, the hard way: a bridge in a JVM of its own is killed with SIGKILL while events
 * keep coming (no shutdown hook, no final commit, writes cut off mid-flight), a new one is started on the same group,
 * and the audit must find every event (duplicates are allowed: writes are idempotent on {@code _id}).
 */
@ExtendWith(ServersExtension.class)
class BridgeKillIT {

    private static final int EVENTS = 12_000;
    private static final int EVENTS_PER_SECOND = 1_500;
    private static final long GENERATOR = 77;

    @Test
    void aBridgeKilledMidStreamAndRestartedLosesNothing(
            @RealServer(ServerKind.KAFKA) RunningServer kafka, @RealServer(ServerKind.CLICKHOUSE) RunningServer ch)
            throws Exception {
        String topic = "kill-" + UUID.randomUUID();
        TargetConfig config = clickhouse(ch.address(), "kill_" + Long.toHexString(System.nanoTime()));
        createTopic(kafka.address(), topic, 3);
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(7), GENERATOR);
        CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
            try {
                produce(kafka.address(), topic, generator, EVENTS, 0, EVENTS_PER_SECOND);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<Process> bridges = new ArrayList<>();
        try (Target target = Targets.open(config)) {
            Process first = startBridge(kafka.address(), topic, config, "first");
            bridges.add(first);
            awaitLanded(target, 2_000);

            first.destroyForcibly(); // SIGKILL on Linux
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(first.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
            long landedAtKill = target.audit(GENERATOR).distinctSeqs();
            assertThat(produced).as("killed mid-stream").isNotDone();

            bridges.add(startBridge(kafka.address(), topic, config, "second"));
            produced.get(60, TimeUnit.SECONDS);
            awaitLanded(target, EVENTS);

            assertThat(target.audit(GENERATOR).lost(EVENTS)).isZero();
            assertThat(target.audit(GENERATOR).maxSeq()).isEqualTo(EVENTS - 1);
            assertThat(landedAtKill).isLessThan(EVENTS);
        } finally {
            bridges.forEach(Process::destroyForcibly);
        }
    }

    /** {@link BridgeProcess} in its own JVM with this test's class path; returns once its consumers run. */
    private static Process startBridge(String bootstrap, String topic, TargetConfig target, String name)
            throws Exception {
        Path log = Files.createTempFile("rtbench-bridge-" + name + "-", ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path")));
        String logback = System.getProperty("logback.configurationFile");
        if (logback != null) {
            command.add(1, "-Dlogback.configurationFile=" + logback);
        }
        command.addAll(List.of(
                BridgeProcess.class.getName(),
                bootstrap,
                topic,
                target.kind(),
                target.url().toString(),
                target.collection(),
                "100",
                Integer.toString(BridgeSettings.DEFAULT_MAX_IN_FLIGHT)));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        await().atMost(Duration.ofSeconds(60))
                .failFast("the bridge process exited; its output is in " + log, () -> !process.isAlive())
                .until(() -> Files.readString(log).contains(BridgeProcess.RUNNING));
        return process;
    }

    private static void awaitLanded(Target target, long events) {
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptionsInstanceOf(TargetException.class) // the table is created by the bridge
                .until(() -> target.audit(GENERATOR).distinctSeqs() >= events);
    }
}
