package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.connect.ConnectRestClient;
import io.rtbench.servers.connect.ConnectorDefinition;
import io.rtbench.servers.connect.ConnectorStatus;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
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
