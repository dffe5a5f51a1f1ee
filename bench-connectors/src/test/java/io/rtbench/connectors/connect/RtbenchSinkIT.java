package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.FinalStateAudit;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.connect.ConnectRestClient;
import io.rtbench.servers.connect.ConnectorDefinition;
import io.rtbench.servers.connect.ConnectorStatus;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * rtbench's sink plugin on a real Connect worker (loaded from the plugin directory Maven built), reading a real topic,
 * writing to each target's real server: the same assertions for every target, one subclass per target kind.
 */
@ExtendWith(ServersExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RtbenchSinkIT {

    static final int GENERATORS = 2;
    static final int EVENTS_PER_GENERATOR = 1_500;
    static final Duration LANDS_WITHIN = Duration.ofSeconds(90);

    RunningServer kafka;
    ConnectRestClient connect;

    @TempDir
    Path dir;

    /** The target of this kind on its real server. */
    abstract TargetConfig target(String collection);

    /** Settings the task needs beyond {@link RtbenchSinkConfig#connectorConfig} (e.g. a credentials file). */
    Map<String, String> extraSettings() {
        return Map.of();
    }

    /** Removes the collection from the shared server. */
    abstract void dropCollection(String collection) throws Exception;

    @BeforeAll
    void connect(@RealServer("kafka") RunningServer kafka, @RealServer("connect") RunningServer worker) {
        this.kafka = kafka;
        this.connect = new ConnectRestClient(URI.create(worker.address()), Duration.ofSeconds(10));
    }

    @Test
    void everyEventLandsOnceAndTheTasksLogKafkaHopAndSinkWrite() throws Exception {
        String topic = ConnectTestKit.unique("connect-it-");
        String collection = ConnectTestKit.unique("rtbench_connect_");
        ConnectTestKit.createTopic(kafka.address(), topic, 3);
        ConnectTestKit.Produced produced =
                ConnectTestKit.produce(kafka.address(), topic, GENERATORS, EVENTS_PER_GENERATOR, false);
        TargetConfig target = target(collection);
        Map<String, String> settings = new HashMap<>(RtbenchSinkConfig.connectorConfig(topic, target));
        settings.put("tasks.max", "2");
        settings.put(RtbenchSinkConfig.METRICS_DIR, dir.toString());
        settings.put(RtbenchSinkConfig.METRICS_INTERVAL_MS, "200");
        settings.putAll(extraSettings());
        ConnectorDefinition sink = new ConnectorDefinition(ConnectTestKit.unique("rtbench-sink-"), settings);

        connect.deploy(sink);
        try (Target check = Targets.open(target)) {
            ConnectorStatus status = connect.awaitRunning(sink.name(), Duration.ofSeconds(60));
            assertThat(status.tasks()).hasSize(2);

            for (long generator : produced.newestMicrosByGenerator().keySet()) {
                await().atMost(LANDS_WITHIN)
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> check.audit(generator).distinctSeqs() == EVENTS_PER_GENERATOR);
                AuditCounts counts = check.audit(generator);
                assertThat(counts.lost(EVENTS_PER_GENERATOR)).isZero();
                assertThat(counts.duplicates()).isZero();
                assertThat(counts.maxSeq()).isEqualTo(EVENTS_PER_GENERATOR - 1);
                long newest = produced.newestMicrosByGenerator().get(generator);
                await().atMost(LANDS_WITHIN)
                        .untilAsserted(() -> assertThat(check.newestEventTimeMicros(generator))
                                .isEqualTo(OptionalLong.of(newest)));
            }

            int total = GENERATORS * EVENTS_PER_GENERATOR;
            await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
                Map<String, Histogram> metrics = ConnectTestKit.taskMetrics(dir, sink.name());
                // At least once each: records whose writes were still in flight when the two tasks' group rebalanced
                // were not committed, so the task that took their partition over received (and counted) them again.
                assertThat(ConnectTestKit.count(metrics, Metrics.KAFKA_HOP)).isBetween((long) total, 3L * total);
                assertThat(ConnectTestKit.count(metrics, Metrics.SINK_WRITE)).isPositive();
            });
            assertThat(connect.status(sink.name()).orElseThrow().isRunning()).isTrue();
        } finally {
            connect.delete(sink.name());
            dropCollection(collection);
        }
    }

    /**
     * Workload dml through rtbench's sink: inserts, updates and tombstones (deletes, their document in a header read as
     * bytes) land in their final state; a kind that refuses the workload says so (docs/TARGETS.md).
     */
    @Test
    void updatesAndTombstonesLandInTheirFinalState() throws Exception {
        String collection = ConnectTestKit.unique("rtbench_connect_dml_");
        TargetConfig target = target(collection);
        var refusal = Targets.provider(target.kind()).dmlRefusal(UpdateMode.REPLACE);
        if (refusal.isPresent()) {
            assertThat(refusal.get()).contains("--workload ingest");
            return;
        }
        target = target.forDml(UpdateMode.REPLACE);
        String topic = ConnectTestKit.unique("connect-dml-it-");
        ConnectTestKit.createTopic(kafka.address(), topic, 3);
        ChangeGenerator changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(6), EventGenerator.randomGeneratorId()),
                new DmlSettings(0.2, 0.05, UpdateMode.REPLACE, Duration.ZERO),
                6);
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            events.add(Event.parse(
                    changes.nextTransient(EpochClock.SYSTEM.epochMicros()).clone()));
        }
        ConnectTestKit.send(kafka.address(), topic, events, false);
        Map<String, String> settings = new HashMap<>(RtbenchSinkConfig.connectorConfig(topic, target));
        settings.putAll(extraSettings());
        ConnectorDefinition sink = new ConnectorDefinition(ConnectTestKit.unique("rtbench-sink-dml-"), settings);

        connect.deploy(sink);
        try (Target check = Targets.open(target)) {
            connect.awaitRunning(sink.name(), Duration.ofSeconds(60));
            long generator = changes.history().generatorId();
            await().atMost(LANDS_WITHIN)
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .untilAsserted(() -> {
                        FinalStateAudit audit = new FinalStateAudit(changes.history());
                        ((Versioned) check).rows(generator, audit);
                        assertThat(audit.result().correct())
                                .as("%s", audit.result())
                                .isTrue();
                    });
            assertThat(changes.history().deletes()).isPositive();
            assertThat(connect.status(sink.name()).orElseThrow().isRunning()).isTrue();
        } finally {
            connect.delete(sink.name());
            dropCollection(collection);
        }
    }

    @Test
    void theWorkerLoadsTheSinkFromThePluginDirectory() {
        // The class path copy (the classes directory) says "unknown"; the packaged jar in the plugin directory says
        // its Maven version, and that is the one the worker must list and use.
        assertThat(connect.connectorPlugins())
                .hasEntrySatisfying(
                        RtbenchSinkConnector.class.getName(),
                        version -> assertThat(version).matches("\\d+\\.\\d+\\.\\d+.*"));
    }
}
