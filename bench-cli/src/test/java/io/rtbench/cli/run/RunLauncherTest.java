package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.BenchmarkException;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunLauncherTest {

    private static final Instant START = Instant.parse("2026-11-28T12:00:00Z");

    private static final java.time.Duration AUDIT_TIMEOUT = java.time.Duration.ofMinutes(1);

    private static StepResult step(long produced, Long landed, Long lost) {
        return StepResult.builder()
                .durationSec(10.0)
                .events(EventCounts.ofEvents(produced, landed, lost, 0L, 0L, null))
                .sustained(lost == null || lost == 0)
                .build();
    }

    private static RunResult run(StepResult... steps) {
        RunResult result = RunResult.started(
                "run-losses",
                START,
                new RunEnvironment("host", 2, "Linux", "jvm", "4.3.1", "18.16.1"),
                new Scenario("clickhouse", "native", 50, 1, 1250, 1L, 0L, Map.of()));
        for (StepResult step : steps) {
            result = result.withStep(step);
        }
        return result.finished(START.plusSeconds(60), true);
    }

    @Test
    void aRunThatLostEventsFailsNamingHowManyAndInWhichSteps() {
        assertThatThrownBy(() -> RunLauncher.requireNothingLost(
                        run(step(12_800, 0L, 12_800L), step(8_000, 8_000L, 0L), step(16_000, 15_998L, 2L)),
                        AUDIT_TIMEOUT))
                .isInstanceOf(BenchmarkException.class)
                .hasMessage("the audit found 12,802 of the 28,800 events produced in steps 1, 3 missing from the"
                        + " target: the pipeline lost data (landed/produced in the table)");
        assertThatThrownBy(() -> RunLauncher.requireNothingLost(run(step(100, 99L, 1L)), AUDIT_TIMEOUT))
                .hasMessageContaining("1 of the 100 events produced in step 1 missing");
    }

    /**
     * A sink still as far behind as the events missing (a target that did not keep up, or was still coming back from a
     * fault) may not have written them before the audit gave up: not called lost.
     */
    @Test
    void eventsMissingBehindASinkThatWasThatFarBehindAreNotCalledLost() {
        StepResult behind = StepResult.builder()
                .durationSec(60.0)
                .events(EventCounts.ofEvents(32_000, 781L, 31_219L, 0L, 0L, null))
                .backlog(new StepResult.Backlog(2_088, 31_800, 500.2, 0.2))
                .sustained(false)
                .build();

        assertThatThrownBy(() -> RunLauncher.requireNothingLost(run(behind), AUDIT_TIMEOUT))
                .isInstanceOf(BenchmarkException.class)
                .hasMessage("the audit found 31,219 of the 32,000 events produced in step 1 missing from the target"
                        + " after waiting 1m for them (--audit-timeout), with the sink 31,800 events behind as the"
                        + " measured phase ended: the target did not keep up, and they were lost or had not landed"
                        + " yet (landed/produced in the table; a lower rate, or a longer --audit-timeout)");
        StepResult caughtUp = StepResult.builder()
                .durationSec(60.0)
                .events(EventCounts.ofEvents(32_000, 31_000L, 1_000L, 0L, 0L, null))
                .backlog(new StepResult.Backlog(50, 100, 0.0, 0.1))
                .sustained(false)
                .build();
        assertThatThrownBy(() -> RunLauncher.requireNothingLost(run(caughtUp), AUDIT_TIMEOUT))
                .hasMessageEndingWith(": the pipeline lost data (landed/produced in the table)");
    }

    @Test
    void nothingLostOrNothingAuditedIsNoFailure() {
        assertThatCode(() -> RunLauncher.requireNothingLost(
                        run(step(8_000, 8_000L, 0L), step(50, null, null)), AUDIT_TIMEOUT))
                .doesNotThrowAnyException();
        assertThatCode(() -> RunLauncher.requireNothingLost(run(), AUDIT_TIMEOUT))
                .doesNotThrowAnyException();
    }

    private static StepResult probed(boolean sustained, boolean measured, long failedProbes) {
        return StepResult.builder()
                .durationSec(10.0)
                .sustained(sustained)
                .probeErrors(failedProbes)
                .latencies(measured ? Map.of(Metrics.DATA, new LatencySummary(100, 40, 50, 60, 70, 80, 90)) : Map.of())
                .build();
    }

    private static StepResult beforeVisible(boolean sustained, long probes) {
        return StepResult.builder()
                .durationSec(10.0)
                .sustained(sustained)
                .probeErrors(0L)
                .probesBeforeVisible(probes)
                .latencies(Map.of())
                .build();
    }

    @Test
    void aRunWithoutOneDataSampleFailsWithWhatItsProbesDid() {
        assertThatThrownBy(() -> RunLauncher.requireDataSamples(run(probed(false, false, 1_204)), "opensearch rtbench"))
                .isInstanceOf(BenchmarkException.class)
                .hasMessage("step 1 measured no data latency: no probe found an event of its generator in opensearch"
                        + " rtbench (1,204 probes failed) (the result file holds what the run did measure)");
        assertThatThrownBy(() -> RunLauncher.requireDataSamples(run(beforeVisible(true, 12)), "reference c"))
                .hasMessageContaining("step 1 measured no data latency: no probe found an event of its generator in"
                        + " reference c (the result");
    }

    @Test
    void aSustainedStepWithoutADataSampleFailsEvenBesideMeasuredOnes() {
        assertThatThrownBy(() -> RunLauncher.requireDataSamples(
                        run(probed(true, true, 0), probed(true, false, 3)), "reference c"))
                .hasMessageStartingWith("step 2 measured no data latency");
    }

    @Test
    void anOverwhelmedStepMayLackASampleWhenAnotherStepHasOne() {
        // a peak's step far above what the target takes: nothing of it landed while it ran; its row says so
        assertThatCode(() -> RunLauncher.requireDataSamples(
                        run(probed(true, true, 0), probed(false, false, 40)), "reference c"))
                .doesNotThrowAnyException();
        assertThatCode(() -> RunLauncher.requireDataSamples(run(), "reference c"))
                .doesNotThrowAnyException();
    }
}
