package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Operations;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.report.Fixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What {@code rtbench calibrate} concludes from a step and says about it (docs/MEASUREMENT.md, "Calibration"). The
 * fixture's scenario has 2 generators.
 */
class CalibrationLinesTest {

    private static LatencySummary p50(double ms) {
        return new LatencySummary(1_000, ms, ms, ms, ms, ms, ms);
    }

    /** A step of batches of 10 at {@code eventsPerSec}; with {@code ops} the counts of workload dml. */
    private static RunResult calibrated(double eventsPerSec, Operations ops, Map<String, LatencySummary> latencies)
            throws Exception {
        long produced = ops == null ? 30_000 : ops.inserts() + ops.updates() + ops.deletes();
        StepResult step = StepResult.builder()
                .rate(new StepRate(eventsPerSec, eventsPerSec * 1_250, eventsPerSec, eventsPerSec * 1_250))
                .batchSize(10)
                .durationSec(15)
                .events(new EventCounts(produced, produced, 0L, 0L, 0L, true, produced, 0L, 0L, ops))
                .latencies(latencies)
                .build();
        RunResult run = Fixtures.result(Fixtures.OPENSEARCH).withSteps(List.of(step));
        return run.withCalibration(CalibrateCommand.calibration(step, Duration.ofMillis(200), Duration.ofMillis(50)));
    }

    private static String printed(RunResult run) {
        StringWriter text = new StringWriter();
        CalibrationLines.print(run, new PrintWriter(text));
        return text.toString();
    }

    @Test
    void theBarJudgesTheChangeMetricsAgainstTheirReadingAtTheProbesInstantsNotTheChangesOwnLatency() throws Exception {
        RunResult run = calibrated(
                2_000,
                new Operations(32_000, 6_000, 2_000),
                Map.of(
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
        // 15 % updates of 2,000 events/s over 2 generators: one every 6.7 ms per generator; 5 % deletes: every 20 ms
        assertThat(printed(run))
                .isEqualTo(String.join(
                        "\n",
                        "calibration: data p50 is +0.50 ms from the truth (bar ±4.5 ms: within), p99 +0.50 ms",
                        "calibration: updateVisible p50 is +0.10 ms from updateVisibleTruth, its exact reading at the"
                                + " probes' instants (bar ±4.6 ms: within)",
                        "calibration: updateVisible p50 is +5.20 ms from updateTruth, the updates' own latency: the"
                                + " newest visible update is that much older, as a generator's updates come 6.7 ms"
                                + " apart on average (no bar)",
                        "calibration: deleteVisible p50 is +10.00 ms from deleteVisibleTruth, its exact reading at the"
                                + " probes' instants (bar ±4.8 ms: OUTSIDE)",
                        "calibration: deleteVisible p50 is +24.00 ms from deleteTruth, the deletes' own latency: the"
                                + " newest visible delete is that much older, as a generator's deletes come 20.0 ms"
                                + " apart on average (no bar)",
                        ""));
    }

    @Test
    void aDataErrorWithinTheSpacingOfBurstsSaysSoAndNothingOfChanges() throws Exception {
        // 200 events/s in batches of 10 over 2 generators: a burst every 100 ms per generator
        RunResult run = calibrated(200, null, Map.of(Metrics.DATA, p50(300.0), Metrics.TRUTH, p50(250.0)));

        assertThat(run.calibration().updateProbeP50ErrorMs()).isNull();
        assertThat(run.calibration().deleteP50ErrorMs()).isNull();
        assertThat(printed(run))
                .isEqualTo(
                        "calibration: data p50 is +50.00 ms from the truth (bar ±5.0 ms: OUTSIDE), p99 +50.00 ms\n"
                                + "calibration: at this rate a generator's events become visible in bursts 100.0 ms apart,"
                                + " wider than the bar: the newest visible event is up to that old when probed. To measure the"
                                + " harness rather than that spacing, calibrate at a higher --rate or a smaller --batch-size\n");
    }

    @Test
    void aDataErrorBeyondTheBarWithCloseBurstsIsTheHarnesssAlone() throws Exception {
        // 20,000 events/s: a burst every millisecond per generator, well inside the bar
        RunResult run = calibrated(20_000, null, Map.of(Metrics.DATA, p50(300.0), Metrics.TRUTH, p50(250.0)));

        assertThat(printed(run))
                .isEqualTo("calibration: data p50 is +50.00 ms from the truth (bar ±5.0 ms: OUTSIDE), p99 +50.00 ms\n");
    }
}
