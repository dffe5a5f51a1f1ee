package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import io.rtbench.producer.ValueFormatOptions;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Workload dml through the real runner on real servers (docs/GUIDE.md, "Updates and deletes"): updates and deletes of
 * earlier rows reach every database by the bridge, and PostgreSQL by the Debezium JDBC sink; both change metrics have
 * samples, and the audit finds every _id in its final state.
 */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONG)
@Execution(ExecutionMode.CONCURRENT) // its tests are independent: each its own topic, collection and group
class DmlPipelineIT {

    @TempDir
    Path dir;

    private RunSpecBuilder dml(
            String pipeline, String target, RunningServer db, RunningServer kafka, RunningServer connect) {
        RunSpecBuilder spec = Runs.external(pipeline, target, db, kafka, connect, dir);
        spec.workload = "dml";
        spec.updates = "20%";
        spec.deletes = "5%";
        spec.minRowAge = "1s";
        spec.pacing(set -> set.withWarmup(Durations.parse("2s")));
        spec.pacing(set -> set.withDuration(Durations.parse("6s")));
        return spec;
    }

    @Test
    void opensearch(@RealServer("opensearch") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        check(Runs.run(dml("kafka-bridge", "opensearch", db, kafka, null).build("unused")), "");
    }

    @Test
    void elasticsearch(@RealServer("elasticsearch") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        check(Runs.run(dml("kafka-bridge", "elasticsearch", db, kafka, null).build("unused")), "");
    }

    @Test
    void clickhouseWithAndWithoutFinal(
            @RealServer("clickhouse") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        StepResult step = check(
                Runs.run(dml("kafka-bridge", "clickhouse", db, kafka, null).build("unused")), "");
        assertThat(step.latencyMs()).containsKey(Metrics.UPDATE_VISIBLE + "WithoutFinal");
    }

    @Test
    void postgres(@RealServer("postgres") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        check(Runs.run(dml("kafka-bridge", "postgres", db, kafka, null).build("unused")), "");
    }

    @Test
    void postgresPatches(@RealServer("postgres") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        RunSpecBuilder spec = dml("kafka-bridge", "postgres", db, kafka, null);
        spec.updateMode = "patch";
        RunResult result = Runs.run(spec.build("unused"));
        assertThat(result.scenario().settings()).containsEntry("updateMode", "patch");
        check(result, "");
    }

    /** The Debezium JDBC sink: upserts keyed by _id, tombstones turned into DELETE. */
    @Test
    void postgresByDebezium(
            @RealServer("postgres") RunningServer db,
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer connect) {
        RunSpecBuilder spec = dml("kafka-connect", "postgres", db, kafka, connect);
        spec.run(set -> set.withConnector("../scenarios/debezium-jdbc-postgres.json"));
        spec.values(set -> new ValueFormatOptions.Settings(ValueFormat.fromCliName("json-with-schema")));
        check(Runs.run(spec.build("unused")), "");
    }

    @Test
    void questdbIsAUsageError(@RealServer("kafka") RunningServer kafka) {
        RunSpecBuilder spec = dml("kafka-bridge", "questdb", null, kafka, null);
        spec.target(set -> set.withUrl(URI.create("http://127.0.0.1:9")));
        assertThatThrownBy(() -> spec.build("unused"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("questdb cannot apply versions or deletes")
                .hasMessageContaining("--workload ingest");
    }

    private static StepResult check(RunResult result, String variant) {
        assertThat(result.complete()).isTrue();
        assertThat(result.scenario().settings()).containsEntry("workload", "dml");
        StepResult step = result.steps().get(0);
        var events = step.events();
        assertThat(events.operations().updates()).isPositive();
        assertThat(events.operations().deletes()).isPositive();
        assertThat(events.produced())
                .isEqualTo(events.operations().inserts()
                        + events.operations().updates()
                        + events.operations().deletes());
        assertThat(events.ids()).isEqualTo(events.operations().inserts());
        assertThat(events.lost()).isZero();
        assertThat(events.stale()).isZero();
        assertThat(events.resurrected()).isZero();
        assertThat(events.landed()).isEqualTo(events.ids());
        assertThat(step.latencyMs().get(Metrics.UPDATE_VISIBLE + variant).count())
                .isPositive();
        assertThat(step.latencyMs().get(Metrics.DELETE_VISIBLE + variant).count())
                .isPositive();
        assertThat(step.latencyMs().get(Metrics.DATA).count()).isPositive();
        return step;
    }
}
