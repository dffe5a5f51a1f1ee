package io.rtbench.connectors.bridge;

import static io.rtbench.connectors.bridge.BridgeTestKit.clickhouse;
import static io.rtbench.connectors.bridge.BridgeTestKit.createTopic;
import static io.rtbench.connectors.bridge.BridgeTestKit.produce;
import static io.rtbench.connectors.bridge.BridgeTestKit.produceChanges;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.FinalStateAudit;
import io.rtbench.core.dml.FinalStateAudit.FinalState;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.Versioned;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * At-least-once with writes in flight, the hard way: a bridge in a JVM of its own is killed with SIGKILL while events
 * keep coming (no shutdown hook, no final commit, writes cut off mid-flight), a new one is started on the same group,
 * and the audit must find every event (duplicates are allowed: writes are idempotent on {@code _id}).
 */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONG)
class BridgeKillIT {

    /**
     * Produced before the first bridge starts: a backlog it catches up with, all its writers busy. It is killed after
     * {@link #WRITTEN_AT_KILL} of them were written, with a third of the backlog still to come: writes are in flight.
     */
    private static final int BACKLOG = 12_000;

    private static final int WRITTEN_AT_KILL = 4_000;
    /** Produced while the bridges run, at {@link #EVENTS_PER_SECOND}: 6 s, the kill falls inside it. */
    private static final int STREAM = 6_000;

    private static final int EVENTS = BACKLOG + STREAM;
    private static final int EVENTS_PER_SECOND = 1_000;
    private static final long GENERATOR = 77;

    @Test
    void aBridgeKilledMidStreamAndRestartedLosesNothing(
            @RealServer("kafka") RunningServer kafka, @RealServer("clickhouse") RunningServer ch) throws Exception {
        String topic = "kill-" + UUID.randomUUID();
        TargetConfig config = clickhouse(ch.address(), "kill_" + Long.toHexString(System.nanoTime()));
        createTopic(kafka.address(), topic, 3);
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(7), GENERATOR);
        List<ChildBridge> bridges = new ArrayList<>();
        try (Target target = Targets.open(config)) {
            produce(kafka.address(), topic, generator, BACKLOG, 0);
            ChildBridge first = startBridge(kafka.address(), topic, config, "first");
            bridges.add(first);
            CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
                try {
                    produce(kafka.address(), topic, generator, STREAM, BACKLOG, EVENTS_PER_SECOND);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            first.awaitWritten(WRITTEN_AT_KILL); // catching up: every writer busy, so writes are cut off mid-flight

            first.process.destroyForcibly(); // SIGKILL on Linux
            assertThat(first.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(first.process.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
            long landedAtKill = target.audit(GENERATOR).distinctSeqs();

            bridges.add(startBridge(kafka.address(), topic, config, "second"));
            produced.get(60, TimeUnit.SECONDS);
            awaitLanded(target, EVENTS);

            assertThat(target.audit(GENERATOR).lost(EVENTS)).isZero();
            assertThat(target.audit(GENERATOR).maxSeq()).isEqualTo(EVENTS - 1);
            assertThat(landedAtKill).as("killed mid-stream").isLessThan(EVENTS);
        } finally {
            bridges.forEach(bridge -> bridge.process.destroyForcibly());
        }
    }

    /**
     * Workload dml the same hard way, into ClickHouse and PostgreSQL: re-delivered inserts, updates and deletes after the
     * kill must not overwrite newer versions nor bring deleted rows back; every _id ends in its final state.
     */
    @ParameterizedTest(name = "into {0}")
    @ValueSource(strings = {"clickhouse", "postgres"})
    void aBridgeKilledMidStreamLeavesEveryIdInItsFinalState(
            String kind,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("clickhouse") RunningServer ch,
            @RealServer("postgres") RunningServer pg)
            throws Exception {
        String topic = "kill-dml-" + UUID.randomUUID();
        String table = "kill_dml_" + Long.toHexString(System.nanoTime());
        TargetConfig config = (kind.equals("clickhouse")
                        ? clickhouse(ch.address(), table)
                        : new TargetConfig(
                                "postgres", URI.create(pg.address()), table, null, Duration.ofSeconds(10), Map.of()))
                .forDml(UpdateMode.REPLACE);
        createTopic(kafka.address(), topic, 3);
        ChangeGenerator changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(8), GENERATOR),
                new DmlSettings(0.2, 0.05, UpdateMode.REPLACE, Duration.ZERO),
                8);
        List<ChildBridge> bridges = new ArrayList<>();
        try (Target target = Targets.open(config)) {
            target.ensureCollection();
            produceChanges(kafka.address(), topic, changes, BACKLOG, 0);
            ChildBridge first = startBridge(kafka.address(), topic, config, "first-dml");
            bridges.add(first);
            CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
                try {
                    produceChanges(kafka.address(), topic, changes, STREAM, EVENTS_PER_SECOND);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            first.awaitWritten(WRITTEN_AT_KILL);

            first.process.destroyForcibly();
            assertThat(first.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(first.process.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);

            bridges.add(startBridge(kafka.address(), topic, config, "second-dml"));
            produced.get(60, TimeUnit.SECONDS);
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> {
                        FinalStateAudit audit = new FinalStateAudit(changes.history());
                        ((Versioned) target).rows(GENERATOR, audit);
                        return audit.result().correct();
                    });
            FinalStateAudit audit = new FinalStateAudit(changes.history());
            ((Versioned) target).rows(GENERATOR, audit);
            FinalState state = audit.result();
            assertThat(state.landed())
                    .isEqualTo(state.ids())
                    .isEqualTo(changes.history().inserts());
            // 20 % and 5 % of 18,000 events: 3,600 updates and 900 deletes expected
            assertThat(changes.history().updates()).isGreaterThan(2_700);
            assertThat(changes.history().deletes()).isGreaterThan(650);
        } finally {
            bridges.forEach(bridge -> bridge.process.destroyForcibly());
        }
    }

    /** {@link BridgeProcess} in its own JVM, and what it says about itself. */
    private static final class ChildBridge {
        final Process process;
        final Path log;
        final AtomicLong written = new AtomicLong(-1);

        ChildBridge(Process process, Path log) {
            this.process = process;
            this.log = log;
            Thread reader = new Thread(this::read, "child-bridge-output");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader lines = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                    BufferedWriter copy = Files.newBufferedWriter(log)) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith(BridgeProcess.WRITTEN)) {
                        written.set(Long.parseLong(line.substring(BridgeProcess.WRITTEN.length())));
                    } else {
                        copy.write(line);
                        copy.newLine();
                        copy.flush();
                        if (line.equals(BridgeProcess.RUNNING)) {
                            written.compareAndSet(-1, 0);
                        }
                    }
                }
            } catch (IOException e) {
                // the process was killed: its output ends here
            }
        }

        /** Waits until the bridge reports at least {@code events} written (reading its output, not the target). */
        void awaitWritten(long events) {
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(5))
                    .failFast("the bridge process exited; its output is in " + log, () -> !process.isAlive())
                    .until(() -> written.get() >= events);
        }
    }

    /** {@link BridgeProcess} in its own JVM with this test's class path; returns once its consumers run. */
    private static ChildBridge startBridge(String bootstrap, String topic, TargetConfig target, String name)
            throws Exception {
        Path log = Files.createTempFile("rtbench-bridge-" + name + "-", ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1", // lives seconds: C2's compiling would cost more CPU than it saves
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
        if (!target.options().isEmpty()) {
            command.add(target.options().entrySet().stream()
                    .map(option -> option.getKey() + "=" + option.getValue())
                    .collect(Collectors.joining(",")));
        }
        ChildBridge child = new ChildBridge(
                new ProcessBuilder(command).redirectErrorStream(true).start(), log);
        child.awaitWritten(0);
        return child;
    }

    private static void awaitLanded(Target target, long events) {
        await().atMost(Duration.ofSeconds(90))
                .ignoreExceptionsInstanceOf(TargetException.class) // the table is created by the bridge
                .until(() -> target.audit(GENERATOR).distinctSeqs() >= events);
    }
}
