package io.rtbench.connectors.bridge;

import static io.rtbench.connectors.bridge.BridgeTestKit.clickhouse;
import static io.rtbench.connectors.bridge.BridgeTestKit.createTopic;
import static io.rtbench.connectors.bridge.BridgeTestKit.eventTime;
import static io.rtbench.connectors.bridge.BridgeTestKit.lag;
import static io.rtbench.connectors.bridge.BridgeTestKit.produce;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The bridge against a real broker and a real ClickHouse: at-least-once, idempotent, nothing lost. */
@ExtendWith(ServersExtension.class)
class BridgeIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void everyEventLandsOnceAndTheGroupCommitsItAll(
            @RealServer("kafka") RunningServer kafka, @RealServer("clickhouse") RunningServer ch) throws Exception {
        String topic = "bridge-" + UUID.randomUUID();
        TargetConfig config = clickhouse(ch.address(), "bridge_" + Long.toHexString(System.nanoTime()));
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 11);
        createTopic(kafka.address(), topic, 3);
        produce(kafka.address(), topic, generator, 3_000, 0);

        try (Target target = Targets.open(config);
                Bridge bridge =
                        new Bridge(settings(kafka, topic, config, Duration.ofSeconds(30)), target, EpochClock.SYSTEM)) {
            bridge.start();
            awaitLanded(target, 11, 3_000, bridge);
            AuditCounts counts = target.audit(11);
            assertThat(counts.count()).isEqualTo(3_000);
            assertThat(counts.maxSeq()).isEqualTo(2_999);
            assertThat(target.newestEventTimeMicros(11)).hasValue(eventTime(2_999));
            await().atMost(WAIT)
                    .until(() -> lag(kafka.address(), bridge.settings().groupId(), topic) == 0);
            // A write's latency is recorded when its acknowledgement comes back, which may be after its rows show.
            BridgeStats stats = bridge.stats();
            await().atMost(WAIT).until(() -> stats.sinkWrite().total().getTotalCount() >= 6); // batches of <= 500
            assertThat(stats.kafkaHop().total().getTotalCount()).isEqualTo(3_000);
            assertThat(stats.failed()).isZero();
            assertThat(bridge.settings().groupId()).isEqualTo("rtbench-bridge-clickhouse-" + config.collection());
        }
    }

    @Test
    void aTargetThatStallsMidRunLosesNothing(
            @RealServer("kafka") RunningServer kafka,
            @OwnServer(value = "clickhouse", why = "frozen with SIGSTOP") RunningServer ch)
            throws Exception {
        // Frozen (SIGSTOP) for longer than the write timeout, then thawed.
        Outage freeze = new Outage() {
            private long pid;

            @Override
            public void begin(RunningServer clickhouse) throws Exception {
                pid = clickhouse.pid();
                signal(pid, "STOP");
            }

            @Override
            public void end() throws Exception {
                signal(pid, "CONT");
            }
        };
        landsEverythingThroughAnOutage(kafka, ch, "stall", 2, 22, Duration.ofSeconds(60), freeze, (target, bridge) -> {
            assertThat(bridge.stats().lastError()).contains("clickhouse");
        });
    }

    @Test
    @LocalProviderOnly("restarts the server from its command line and data directory on this machine")
    void aTargetStoppedAndRestartedMidRunLosesNothing(
            @RealServer("kafka") RunningServer kafka,
            @OwnServer(value = "clickhouse", why = "stopped and started again") RunningServer ch)
            throws Exception {
        // Stopped (SIGTERM, the process exits) while events keep coming, then started again from the same command line
        // and data directory, as an operator would.
        Outage restart = new Outage() {
            private List<String> command;
            private Path workingDir;
            private Process restarted;

            @Override
            public void begin(RunningServer clickhouse) throws Exception {
                command = commandLine(clickhouse.pid());
                workingDir =
                        Path.of("/proc", Long.toString(clickhouse.pid()), "cwd").toRealPath();
                signal(clickhouse.pid(), "TERM");
                ProcessHandle.of(clickhouse.pid()).ifPresent(p -> p.onExit().join());
            }

            @Override
            public void end() throws Exception {
                restarted = new ProcessBuilder(command)
                        .directory(workingDir.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
            }

            @Override
            public void close() throws InterruptedException {
                if (restarted != null) {
                    restarted.destroy();
                    restarted.waitFor();
                }
            }
        };
        landsEverythingThroughAnOutage(
                kafka, ch, "restart", 3, 33, Duration.ofSeconds(90), restart, (target, bridge) -> {
                    assertThat(target.audit(33).count())
                            .as("re-sent batches are merged on _id")
                            .isBetween(2_000L, 3_000L);
                });
    }

    /** What a test does to its ClickHouse while the bridge runs: the outage begins, the bridge retries, it ends. */
    private interface Outage extends AutoCloseable {
        void begin(RunningServer clickhouse) throws Exception;

        void end() throws Exception;

        @Override
        default void close() throws Exception {}
    }

    /** Further assertions once every event has landed. */
    private interface AfterOutage {
        void check(Target target, Bridge bridge) throws Exception;
    }

    /**
     * Into a ClickHouse of the test's own: 1,000 events land, the outage begins, 1,000 more are produced, the bridge retries at
     * least twice, the outage ends, and then all 2,000 must land with none lost and the bridge still running.
     */
    private static void landsEverythingThroughAnOutage(
            RunningServer kafka,
            RunningServer ch,
            String name,
            long contentSeed,
            long generatorId,
            Duration retryFor,
            Outage outage,
            AfterOutage check)
            throws Exception {
        try (outage) {
            String topic = name + "-" + UUID.randomUUID();
            // A short timeout, so that the outage's writes fail fast and retry. The table is made first with a patient
            // one: a ClickHouse just started beside other tests' servers took 2 s, and once 5 s, to answer its first
            // CREATE TABLE (three times in the parallel suite); the bridge's own CREATE TABLE IF NOT EXISTS then finds
            // it, but took more than 5 s once too (a clean-clone CI run), hence 10 s: two retries still come within
            // WAIT.
            TargetConfig config = clickhouse(ch.address(), name).withTimeout(Duration.ofSeconds(10));
            try (Target setup = Targets.open(config.withTimeout(Duration.ofSeconds(60)))) {
                setup.ensureCollection();
            }
            createTopic(kafka.address(), topic, 2);
            EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(contentSeed), generatorId);
            try (Target target = Targets.open(config);
                    Bridge bridge = new Bridge(settings(kafka, topic, config, retryFor), target, EpochClock.SYSTEM)) {
                bridge.start();
                produce(kafka.address(), topic, generator, 1_000, 0);
                awaitLanded(target, generatorId, 1_000, bridge);

                outage.begin(ch);
                produce(kafka.address(), topic, generator, 1_000, 1_000);
                await().atMost(WAIT).until(() -> bridge.stats().retries() >= 2);
                outage.end();

                awaitLanded(target, generatorId, 2_000, bridge);
                assertThat(target.audit(generatorId).lost(2_000)).isZero();
                assertThat(bridge.failure()).isNull();
                check.check(target, bridge);
            }
        }
    }

    /** A process's command line, from procfs. */
    private static List<String> commandLine(long pid) throws IOException {
        String raw = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"));
        return List.of(raw.split("\0"));
    }

    /** Waits for the events to land; a timeout says what the bridge did meanwhile. */
    private static void awaitLanded(Target target, long generator, long events, Bridge bridge) {
        await().atMost(WAIT)
                .ignoreExceptionsInstanceOf(TargetException.class) // a target still starting
                .untilAsserted(() -> assertThat(target.audit(generator).distinctSeqs())
                        .as(
                                "landed; bridge consumed %d, wrote %d, failed %d, retries %d, last error %s, stopped by %s",
                                bridge.stats().consumed(),
                                bridge.stats().written(),
                                bridge.stats().failed(),
                                bridge.stats().retries(),
                                bridge.stats().lastError(),
                                bridge.failure())
                        .isEqualTo(events));
    }

    private static BridgeSettings settings(RunningServer kafka, String topic, TargetConfig target, Duration retry) {
        return new BridgeSettings(
                kafka.address(),
                topic,
                null,
                target,
                500,
                Duration.ofMillis(5),
                2,
                Map.of(),
                retry,
                BridgeSettings.DEFAULT_MAX_IN_FLIGHT,
                BridgeSettings.DEFAULT_CONNECT_TIMEOUT);
    }

    private static void signal(long pid, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                .inheritIO()
                .start();
        assertThat(kill.waitFor()).isZero();
    }
}
