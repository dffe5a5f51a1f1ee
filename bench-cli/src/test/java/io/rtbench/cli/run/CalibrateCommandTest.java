package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code rtbench calibrate} concludes from a step and says about it (docs/MEASUREMENT.md, "Workload dml"). */
class CalibrateCommandTest {

    private static LatencySummary p50(double ms) {
        return new LatencySummary(1_000, ms, ms, ms, ms, ms, ms);
    }

    private static RunResult calibrated(Map<String, LatencySummary> latencies) throws Exception {
        StepResult step =
                StepResult.builder().durationSec(15).latencies(latencies).build();
        Path fixture = Path.of(CalibrateCommandTest.class
                .getResource("/io/rtbench/cli/report/opensearch-sweep.json")
                .toURI());
        RunResult run = ResultFiles.read(fixture).withSteps(List.of(step));
        return run.withCalibration(CalibrateCommand.calibration(step, Duration.ofMillis(200), Duration.ofMillis(50)));
    }

    private static String printed(RunResult run) {
        StringWriter text = new StringWriter();
        CalibrateCommand.print(run, new PrintWriter(text));
        return text.toString();
    }

    @Test
    void theBarJudgesTheChangeMetricsAgainstTheirReadingAtTheProbesInstantsNotTheChangesOwnLatency() throws Exception {
        RunResult run = calibrated(Map.of(
                Metrics.DATA, p50(226.0),
                Metrics.TRUTH, p50(225.5),
                Metrics.UPDATE_VISIBLE, p50(232.0),
                Metrics.UPDATE_VISIBLE_TRUTH, p50(231.9),
                Metrics.UPDATE_TRUTH, p50(226.8),
                Metrics.DELETE_VISIBLE, p50(250.0),
                Metrics.DELETE_VISIBLE_TRUTH, p50(240.0),
                Metrics.DELETE_TRUTH, p50(226.0)));

        RunResult.Calibration calibration = run.calibration();
        assertThat(calibration.updateProbeP50ErrorMs()).isCloseTo(0.1, offset(1e-9));
        assertThat(calibration.updateP50ErrorMs()).isCloseTo(5.2, offset(1e-9));
        assertThat(calibration.deleteProbeP50ErrorMs()).isEqualTo(10.0);
        assertThat(calibration.deleteP50ErrorMs()).isEqualTo(24.0);
        assertThat(printed(run))
                .isEqualTo(String.join(
                        "\n",
                        "calibration: data p50 is +0.50 ms from the truth (bar ±4.5 ms: within), p99 +0.50 ms",
                        "calibration: updateVisible p50 is +0.10 ms from updateVisibleTruth, its exact reading at the"
                                + " probes' instants (bar ±4.6 ms: within)",
                        "calibration: updateVisible p50 is +5.20 ms from updateTruth, the updates' own latency: the"
                                + " newest visible update is that much older, as updates become visible only every"
                                + " few ms (no bar)",
                        "calibration: deleteVisible p50 is +10.00 ms from deleteVisibleTruth, its exact reading at the"
                                + " probes' instants (bar ±4.8 ms: OUTSIDE)",
                        "calibration: deleteVisible p50 is +24.00 ms from deleteTruth, the deletes' own latency: the"
                                + " newest visible delete is that much older, as deletes become visible only every"
                                + " few ms (no bar)",
                        ""));
    }

    @Test
    void anIngestCalibrationSaysNothingOfChanges() throws Exception {
        RunResult run = calibrated(Map.of(Metrics.DATA, p50(300.0), Metrics.TRUTH, p50(290.0)));

        assertThat(run.calibration().updateProbeP50ErrorMs()).isNull();
        assertThat(run.calibration().deleteP50ErrorMs()).isNull();
        assertThat(printed(run))
                .isEqualTo("calibration: data p50 is +10.00 ms from the truth (bar ±5.8 ms: OUTSIDE), p99 +10.00 ms\n");
    }
}
