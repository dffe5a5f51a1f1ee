package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import io.rtbench.producer.ValueFormatOptions;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every pipeline into every target (docs/GUIDE.md), through the real runner on real servers: N events are produced,
 * all N land (none lost, none duplicated), the probe sees the newest one, and every stage's latency is recorded.
 */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONGEST)
@Execution(ExecutionMode.CONCURRENT) // its tests are independent: each its own topic, collection and group
class PipelineEndToEndIT {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} into opensearch")
    @ValueSource(strings = {"kafka-bridge", "kafka-connect", "direct"})
    void opensearch(
            String pipeline,
            @RealServer("opensearch") RunningServer db,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer connect) {
        check(
                pipeline,
                Runs.run(Runs.external(pipeline, "opensearch", db, kafka, connect, dir)
                        .build("unused")));
    }

    @ParameterizedTest(name = "{0} into elasticsearch")
    @ValueSource(strings = {"kafka-bridge", "kafka-connect", "direct"})
    void elasticsearch(
            String pipeline,
            @RealServer("elasticsearch") RunningServer db,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer connect) {
        check(
                pipeline,
                Runs.run(Runs.external(pipeline, "elasticsearch", db, kafka, connect, dir)
                        .build("unused")));
    }

    @ParameterizedTest(name = "{0} into clickhouse")
    @ValueSource(strings = {"kafka-bridge", "kafka-connect", "direct"})
    void clickhouse(
            String pipeline,
            @RealServer("clickhouse") RunningServer db,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer connect) {
        check(
                pipeline,
                Runs.run(Runs.external(pipeline, "clickhouse", db, kafka, connect, dir)
                        .build("unused")));
    }

    @ParameterizedTest(name = "{0} into postgres")
    @ValueSource(strings = {"kafka-bridge", "kafka-connect", "direct"})
    void postgres(
            String pipeline,
            @RealServer("postgres") RunningServer db,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer connect) {
        check(
                pipeline,
                Runs.run(Runs.external(pipeline, "postgres", db, kafka, connect, dir)
                        .build("unused")));
    }

    @ParameterizedTest(name = "{0} into questdb")
    @ValueSource(strings = {"kafka-bridge", "kafka-connect", "direct"})
    void questdb(
            String pipeline,
            @RealServer("questdb") RunningServer db,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer connect) {
        check(
                pipeline,
                Runs.run(Runs.external(pipeline, "questdb", db, kafka, connect, dir)
                        .build("unused")));
    }

    /**
     * ClickHouse reading Kafka itself: everything lands once, the probe sees it, and the stages inside the database
     * are absent from the result (not observable), not 0. Blocks of 100 rows: at 500/s one every 0.2 s.
     */
    @Test
    void clickhouseNative(@RealServer("clickhouse") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        RunSpecBuilder spec = Runs.external("native", "clickhouse", db, kafka, null, dir);
        spec.target(set -> set.withOptions(Map.of("kafka.max.block.size", "100")));
        spec.pacing(set -> set.withDuration(Durations.parse("8s")));

        RunResult result = Runs.run(spec.build("unused"));

        assertThat(result.complete()).isTrue();
        assertThat(result.scenario().pipeline()).isEqualTo("native");
        assertThat(result.scenario().settings()).containsKey("notObservable");
        StepResult step = result.steps().get(0);
        checkProduced(step, 4_000);
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().duplicates()).isZero();
        assertThat(step.events().newestVisible()).isTrue();
        assertThat(step.latencyMs()).containsKeys(Metrics.DATA, Metrics.PRODUCE_ACK, Metrics.SCHEDULE_DELAY);
        assertThat(step.latencyMs()).doesNotContainKeys(Metrics.KAFKA_HOP, Metrics.SINK_WRITE);
        // 32 probes; the engine's first block shows only after its first flush (seconds on 18.16)
        assertThat(step.latencyMs().get(Metrics.DATA).count()).isGreaterThanOrEqualTo(3);
        assertThat(step.backlog())
                .as("the database's consumer group is sampled")
                .isNotNull();
    }

    /** A third-party sink from a connector file: the Debezium JDBC sink, fed Connect's JSON envelope. */
    @Test
    void debeziumJdbcSinkIntoPostgres(
            @RealServer("postgres") RunningServer db,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer connect) {
        RunSpecBuilder spec = Runs.external("kafka-connect", "postgres", db, kafka, connect, dir);
        spec.run(set -> set.withConnector("../scenarios/debezium-jdbc-postgres.json"));
        spec.values(set -> new ValueFormatOptions.Settings(ValueFormat.fromCliName("json-with-schema")));

        RunResult result = Runs.run(spec.build("unused"));

        assertThat(result.scenario().settings()).containsEntry("valueFormat", "json-with-schema");
        StepResult step = result.steps().get(0);
        checkProduced(step, 2_000);
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().duplicates()).as("Debezium upserts on _id").isZero();
        assertThat(step.events().newestVisible()).isTrue();
        assertThat(step.latencyMs().get(Metrics.DATA).count()).isGreaterThanOrEqualTo(4);
        assertThat(step.backlog())
                .as("the connector's consumer group is sampled")
                .isNotNull();
    }

    /**
     * The measured phase's events were due at 500/s ({@code measuredDue}, a burst more where the phase's end meets one),
     * and the producer sent them but for those its schedule says it fell behind by; the warmup's are on top: 1 s (up to
     * 2 s while the sink catches up) at 500/s, fewer where the machine held a generator in the warmup, which the
     * producer drops rather than sends late (a direct write into a cold Elasticsearch, its first mapping update, sent
     * 250 of 500 beside a 20 MB/s run; a send to Kafka 450 of 500 at a load average of 15).
     */
    private static void checkProduced(StepResult step, long measuredDue) {
        StepResult.Schedule schedule = step.schedule();
        assertThat(schedule.eventsDue()).as("the measured phase at 500/s").isBetween(measuredDue, measuredDue + 50);
        assertThat(step.events().produced())
                .as("the measured events sent and up to 2 s of warmup")
                .isBetween(schedule.eventsDue() - schedule.eventsBehind(), schedule.eventsDue() + 1_000);
    }

    private void check(String pipeline, RunResult result) {
        assertThat(result.complete()).isTrue();
        assertThat(connectTempDirs((String) result.scenario().settings().get("collection")))
                .as("the connector's temp dir (the tasks' interval logs, a credentials file) is deleted with the run")
                .isEmpty();
        assertThat(result.scenario().pipeline()).isEqualTo(pipeline);
        StepResult step = result.steps().get(0);
        checkProduced(step, 2_000);
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().duplicates()).isZero();
        assertThat(step.events().newestVisible())
                .as("the probe answers the newest event")
                .isTrue();
        assertThat(step.latencyMs())
                .containsKeys(
                        Metrics.DATA,
                        Metrics.DATA_AT_REQUEST,
                        Metrics.QUERY,
                        Metrics.PRODUCE_ACK,
                        Metrics.SCHEDULE_DELAY,
                        Metrics.SINK_WRITE);
        assertThat(step.latencyMs().get(Metrics.DATA).count())
                .as("probes sent within the measured 4 s: 16 at 250 ms on average (drawn gaps: 20 is 4 standard"
                        + " deviations above), none after it, when some stage is slow to hear of its end (Connect's"
                        + " metrics took 1.5 s more: 22); a cold target shows its first events late")
                .isBetween(4L, 20L);
        if (!pipeline.equals("direct")) {
            // Events the sink received during the measured 4 s: about the 2,000 measured ones; a sink that lags
            // receives some warmup events in the window and some measured ones after it. Never more than all produced.
            assertThat(step.latencyMs().get(Metrics.KAFKA_HOP).count())
                    .isBetween(1_000L, step.events().produced());
            assertThat(step.backlog()).isNotNull();
            assertThat(step.backlog().inFlightEvents())
                    .as("a burst of 50 per generator at least: the growth the sustained verdict forgives")
                    .isGreaterThanOrEqualTo(50L);
        }
        // 500/s, less what the producer's schedule says it fell behind by (none but on a machine loaded far beyond
        // its cores, where the test must still pass: docs/TESTING.md)
        StepResult.Schedule schedule = step.schedule();
        assertThat(step.rate().achievedEventsPerSec())
                .isCloseTo((schedule.eventsDue() - schedule.eventsBehind()) / step.durationSec(), within(10.0))
                .isLessThanOrEqualTo(510.0);
        checkUtilisation(result.scenario().target(), step);
    }

    /** The connector stage's temp dirs of this run (named for its collection): tests running beside it have their own. */
    private static Set<Path> connectTempDirs(String collection) {
        try (Stream<Path> children = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return children.filter(path ->
                            path.getFileName().toString().startsWith("rtbench-connect-metrics-" + collection + "-"))
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * An external server's utilisation, from its stats API, once a second of the 4 s measured phase
     * (docs/MEASUREMENT.md, "Target utilisation"): what the API cannot measure is absent, never 0.
     */
    private static void checkUtilisation(String target, StepResult step) {
        Utilisation utilisation = step.utilisation();
        if (target.equals("questdb")) {
            assertThat(utilisation).as("the questdb driver has no stats source").isNull();
            return;
        }
        assertThat(utilisation.source()).isEqualTo("api:" + target);
        assertThat(utilisation.summary().samples()).isBetween(3, 6);
        assertThat(utilisation.summary().diskBytesLast()).as("the data on disk").isPositive();
        if (target.equals("opensearch") || target.equals("elasticsearch")) {
            assertThat(utilisation.summary().cpuPercentMax())
                    .as("process.cpu of _nodes/stats")
                    .isPositive();
            assertThat(utilisation.summary().rssBytesMax())
                    .as("_nodes/stats has no resident memory")
                    .isNull();
        } else {
            assertThat(utilisation.summary().cpuPercentMean())
                    .as("no server CPU over SQL")
                    .isNull();
            assertThat(utilisation.series())
                    .allSatisfy(sample -> assertThat(sample.cpuPercent()).isNull());
        }
    }
}
