package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Peak;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.report.Fixtures;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a peak search concludes from its steps: the peak, the step that set it, and why the rate above it failed. */
class PeakStepsTest {

    /** A search from 4,000 events/s, doubling, to within 10 %, two tries a rate. */
    private static PeakSteps steps() {
        return new PeakSteps(null, new PeakSearch(Rate.parse("4000/s"), 2, null, 0.1, 12, 2), "the criterion");
    }

    private static StepResult step(double target, double achieved, boolean sustained, Backlog backlog) {
        return StepResult.builder()
                .rate(new StepRate(target, target * 1_250, achieved, achieved * 1_250))
                .backlog(backlog)
                .events(EventCounts.ofEvents(1_000, 1_000L, 0L, 0L, 0L, true))
                .sustained(sustained)
                .build();
    }

    private static RunResult withSteps(List<StepResult> steps) throws URISyntaxException {
        return Fixtures.result(Fixtures.OPENSEARCH).withSteps(steps);
    }

    @Test
    void thePeakNamesItsStepAndTheLowestRateAboveItThatFailedWithItsLastTrysReasons() throws Exception {
        Backlog growing = new Backlog(0, 9_000, 400, 20.0);
        Backlog flat = new Backlog(0, 10, 0.5, 1.0);
        List<StepResult> steps = List.of(
                step(4_000, 4_000, true, flat),
                step(8_000, 8_000, true, flat),
                step(16_000, 12_000, false, flat), // first try of 16,000/s: the rate not reached
                step(16_000, 16_000, false, growing), // its second try: the backlog grew
                step(12_000, 11_990, true, flat),
                step(14_000, 14_000, false, growing),
                step(14_000, 14_000, false, growing));

        Peak peak = steps().conclude(withSteps(steps)).peak();

        assertThat(peak.sustainedEventsPerSec()).isEqualTo(11_990.0);
        assertThat(peak.step()).as("1-based, the fifth step").isEqualTo(5);
        assertThat(peak.criterion()).isEqualTo("the criterion");
        assertThat(peak.notSustainedAbove().targetEventsPerSec()).isEqualTo(14_000.0);
        assertThat(peak.notSustainedAbove().reasons()).containsExactly("backlog grew 400 events/s (0 to 9,000 events)");
        assertThat(peak.withinPrecision())
                .as("12,000 and 14,000 are 14 %% apart: 13,000 was next")
                .isFalse();

        List<StepResult> narrowed = new ArrayList<>(steps);
        narrowed.add(step(13_000, 13_000, true, flat));
        Peak within = steps().conclude(withSteps(narrowed)).peak();
        assertThat(within.sustainedEventsPerSec()).isEqualTo(13_000.0);
        assertThat(within.withinPrecision()).as("13,000 and 14,000: 7 %% apart").isTrue();
    }

    @Test
    void aPeakWhoseFirstUnsustainedStepHadTheHarnessBusyBesideTheDatabaseSaysItIsTheMachines() throws Exception {
        Backlog flat = new Backlog(0, 10, 0.5, 1.0);
        Backlog growing = new Backlog(0, 9_000, 400, 20.0);
        // the case: the database pinned to core 0 at 60 %, the harness's core 1 at 93 %
        List<Utilisation.Sample> database =
                List.of(new Utilisation.Sample(0, null, 1L, null), new Utilisation.Sample(1, 60.0, 1L, null));
        List<Utilisation.Sample> harness =
                List.of(new Utilisation.Sample(0, null, 1L, null), new Utilisation.Sample(1, 93.0, 1L, null));
        List<Utilisation.Sample> machine =
                List.of(new Utilisation.Sample(0, null, null, null), new Utilisation.Sample(1, 77.0, null, null));
        StepResult failed = step(8_000, 8_000, false, growing).toBuilder()
                .utilisation(new Utilisation("process", 1, Utilisation.Summary.of(database), database))
                .host(new HostUtilisation(
                        new HostUtilisation.Harness(
                                1,
                                Utilisation.Summary.of(harness),
                                harness,
                                Map.of(
                                        "rtbench",
                                        new Utilisation("process", 1, Utilisation.Summary.of(harness), harness))),
                        new HostUtilisation.Machine(2, Utilisation.Summary.of(machine), machine)))
                .build();

        Peak peak = steps().conclude(withSteps(List.of(step(4_000, 4_000, true, flat), failed)))
                .peak();

        assertThat(peak.notSustainedAbove().reasons())
                .containsExactly(
                        "backlog grew 400 events/s (0 to 9,000 events)",
                        "ran out: the harness's CPU, 0.93 of its 1 core busy (93 %) (rtbench 0.93)",
                        "the peak is this machine's, not the database's alone: the harness used 0.93 of its 2 cores"
                                + " (47 %) beside the database; to measure the database alone, run the harness on"
                                + " another host (--servers external with the database's address, or rtbench worker"
                                + " for the producers)");
    }

    @Test
    void aRateAboveThePeakThatFailedOnlyByItsFirstTryIsNotWhatFailedAboveIt() throws Exception {
        Backlog flat = new Backlog(0, 10, 0.5, 1.0);
        List<StepResult> steps = List.of(
                step(4_000, 3_000, false, flat), // a cold first try
                step(4_000, 4_000, true, flat),
                step(8_000, 8_000, true, flat));

        Peak peak = steps().conclude(withSteps(steps)).peak();

        assertThat(peak.step()).isEqualTo(3);
        assertThat(peak.notSustainedAbove())
                .as("the search ended before a rate above 8,000/s failed")
                .isNull();
        assertThat(peak.withinPrecision()).isFalse();
    }

    @Test
    void noSustainedStepMeansNoPeak() throws Exception {
        RunResult result = withSteps(List.of(step(4_000, 3_000, false, null)));

        assertThat(steps().conclude(result).peak()).isNull();
    }
}
