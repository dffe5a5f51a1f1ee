package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The measurement measures what it claims: against a database's known behaviour and a known ground truth. */
@ExtendWith(ServersExtension.class)
class MeasurementIT {

    @TempDir
    Path dir;

    @Test
    void dataLatencyRisesWithOpenSearchsRefreshInterval(
            @RealServer("opensearch") RunningServer db, @RealServer("kafka") RunningServer kafka) {
        Map<String, LatencySummary> fast = latencies(db, kafka, "1s");
        Map<String, LatencySummary> slow = latencies(db, kafka, "5s");
        // A document is searchable after the next refresh: on average half an interval, at most a whole one, after
        // the pipeline delivered it (on a loaded 2-core machine, its p50 alone once took 1.5 s: the bound makes room).
        double fastPipelineP50 =
                fast.get(Metrics.KAFKA_HOP).p50() + fast.get(Metrics.SINK_WRITE).p50();
        assertThat(fast.get(Metrics.DATA).p50())
                .as("data p50 at a 1 s refresh, the pipeline's own p50 being %.1f ms", fastPipelineP50)
                .isBetween(200.0, 2_000.0 + fastPipelineP50);
        assertThat(slow.get(Metrics.DATA).p50())
                .isGreaterThan(fast.get(Metrics.DATA).p50() + 1_000);
        assertThat(slow.get(Metrics.DATA).max()).isGreaterThan(3_000.0).isLessThan(12_000.0);
    }

    private Map<String, LatencySummary> latencies(RunningServer db, RunningServer kafka, String refreshInterval) {
        RunSpecBuilder spec = Runs.external("kafka-bridge", "opensearch", db, kafka, null, dir);
        spec.targetOptions = Map.of("refresh.interval", refreshInterval);
        spec.duration = "15s";
        RunResult result = Runs.run(spec.build("unused"));
        StepResult step = result.steps().get(0);
        assertThat(step.events().lost()).isZero();
        return step.latencyMs();
    }

    @Test
    void calibrationMeetsTheBarAgainstTheReferenceTarget(@RealServer("kafka") RunningServer kafka) {
        RunSpecBuilder spec = Runs.external("kafka-bridge", "reference", null, kafka, null, dir);
        spec.targetOptions = Map.of("visibility.delay", "200ms", "visibility.jitter", "50ms");
        spec.rates = java.util.List.of("2000/s");
        spec.batchSize = 10;
        spec.warmup = "2s";
        spec.duration = "10s";
        spec.probeInterval = "100ms";
        spec.bridgeLinger = "1ms";
        RunResult result = Runs.run(spec.build("unused"));
        StepResult step = result.steps().get(0);

        LatencySummary data = step.latencyMs().get(Metrics.DATA);
        LatencySummary truth = step.latencyMs().get(Metrics.TRUTH);
        assertThat(truth.count()).isGreaterThan(15_000);
        assertThat(truth.p50())
                .as("the configured delay and the pipeline's hop")
                .isBetween(150.0, 400.0);
        RunResult.Calibration calibration =
                CalibrateCommand.calibration(step, Duration.ofMillis(200), Duration.ofMillis(50));
        double bar = Math.max(5.0, 0.05 * truth.p50());
        assertThat(Math.abs(calibration.p50ErrorMs()))
                .as("data p50 %s vs truth p50 %s", data.p50(), truth.p50())
                .isLessThanOrEqualTo(bar);
    }

    /**
     * Workload dml (docs/MEASUREMENT.md): updateVisible and deleteVisible against each change's true visibility, at a
     * rate where a change of each kind comes every millisecond or two (the spacing of changes is the metric's own
     * offset, as the spacing of events is data's), within the bar of {@code rtbench calibrate}.
     */
    @Test
    void calibrationOfUpdatesAndDeletesMeetsTheBar(@RealServer("kafka") RunningServer kafka) {
        RunSpecBuilder spec = Runs.external("kafka-bridge", "reference", null, kafka, null, dir);
        spec.targetOptions = Map.of("visibility.delay", "200ms", "visibility.jitter", "50ms");
        spec.rates = java.util.List.of(CalibrateCommand.DML_RATE);
        spec.batchSize = 10;
        spec.warmup = "3s";
        spec.duration = "15s";
        spec.probeInterval = "100ms";
        spec.bridgeLinger = "1ms";
        spec.workload = "dml";
        spec.updates = "20%";
        spec.deletes = "5%";
        RunResult result = Runs.run(spec.build("unused"));
        StepResult step = result.steps().get(0);
        assertThat(step.events().stale()).isZero();
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().resurrected()).isZero();

        RunResult.Calibration calibration =
                CalibrateCommand.calibration(step, Duration.ofMillis(200), Duration.ofMillis(50));
        for (String[] pair : new String[][] {
            {Metrics.UPDATE_VISIBLE, Metrics.UPDATE_TRUTH}, {Metrics.DELETE_VISIBLE, Metrics.DELETE_TRUTH}
        }) {
            LatencySummary measured = step.latencyMs().get(pair[0]);
            LatencySummary truth = step.latencyMs().get(pair[1]);
            assertThat(measured.count()).isGreaterThan(100);
            double bar = Math.max(CalibrateCommand.BAR_MIN_MS, CalibrateCommand.BAR_SHARE * truth.p50());
            assertThat(Math.abs(measured.p50() - truth.p50()))
                    .as("%s p50 %s vs %s p50 %s", pair[0], measured.p50(), pair[1], truth.p50())
                    .isLessThanOrEqualTo(bar);
        }
        assertThat(calibration.updateP50ErrorMs()).isNotNull();
        assertThat(calibration.deleteP50ErrorMs()).isNotNull();
    }
}
