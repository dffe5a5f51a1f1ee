package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import java.util.List;
import org.junit.jupiter.api.Test;

class SustainedTest {

    private static StepRate rate(Double target, double achieved) {
        return new StepRate(target, null, achieved, null);
    }

    @Test
    void aRateWithin2PercentOfTheTargetWithAFlatBacklogAndNothingLostIsSustained() {
        assertThat(Sustained.judge(rate(10_000.0, 9_850.0), null, new Backlog(100, 120, 0.5, 1.0), null))
                .isTrue();
        assertThat(Sustained.judge(rate(10_000.0, 9_700.0), null, null, null)).isFalse();
    }

    @Test
    void withoutATargetRateOnlyTheBacklogAndTheAuditCount() {
        assertThat(Sustained.judge(rate(null, 123.0), null, null, null)).isTrue();
        assertThat(Sustained.judge(rate(null, 5_000.0), null, new Backlog(0, 9_000, 300, 5.0), null))
                .isFalse();
    }

    @Test
    void aLostEventMakesAStepUnsustainedWhateverItsRate() {
        EventCounts lostOne = EventCounts.ofEvents(1_000, 999L, 1L, 0L, 0L, null);
        assertThat(Sustained.judge(rate(1_000.0, 1_000.0), null, null, lostOne)).isFalse();
    }

    @Test
    void aNoisySawtoothIsNotGrowthButASteadySlopeAboveThreeTimesItsErrorIs() {
        assertThat(Sustained.judge(rate(8_000.0, 8_000.0), null, new Backlog(0, 500, 100, 80.0), null))
                .as("slope 100/s is below 2 % of 8,000/s")
                .isTrue();
        assertThat(Sustained.judge(rate(8_000.0, 8_000.0), null, new Backlog(0, 9_000, 400, 300.0), null))
                .as("above the tolerance but within twice its standard error")
                .isTrue();
        assertThat(Sustained.judge(rate(400.0, 400.0), null, new Backlog(0, 50, 8.93, 3.10), null))
                .as("one batch of 50 in flight at the end of a 6 s step (PeakIT, 400/s): within three errors")
                .isTrue();
        assertThat(Sustained.judge(rate(8_000.0, 8_000.0), null, new Backlog(0, 9_000, 400, 50.0), null))
                .isFalse();
        assertThat(Sustained.judge(rate(1_600.0, 1_600.0), null, new Backlog(0, 2_400, 400, 20.0), null))
                .as("a backlog that rises every second")
                .isFalse();
    }

    @Test
    void aBacklogBackWhereItStartedDidNotGrowWhateverItsSlope() {
        assertThat(Sustained.judge(rate(3_200.0, 3_200.0), null, new Backlog(0, 0, 160.9, 42.0), null))
                .as("Connect's lag, committed once a second, 0 at both ends of a step into Elasticsearch")
                .isTrue();
        assertThat(Sustained.judge(rate(3_200.0, 3_200.0), null, new Backlog(300, 100, 160.9, 42.0), null))
                .as("ended below where it started")
                .isTrue();
        assertThat(Sustained.judge(rate(3_200.0, 3_200.0), null, new Backlog(0, 3_300, 160.9, 42.0), null))
                .as("the same slope, ended higher")
                .isFalse();
    }

    @Test
    void aProducerBehindItsScheduleMakesAStepUnsustainedEvenAtTheRate() {
        Schedule behind = new Schedule(1_280_000, 30_000, 480.0, true);
        Schedule onTime = new Schedule(1_280_000, 50, 2.0, false);
        assertThat(Sustained.judge(rate(64_000.0, 63_900.0), behind, null, null))
                .as("the rate over the step was met, but by a producer 30,000 events late")
                .isFalse();
        assertThat(Sustained.judge(rate(64_000.0, 63_900.0), onTime, null, null))
                .isTrue();
        assertThat(Sustained.shortfalls(rate(64_000.0, 63_900.0), behind, null, null))
                .containsExactly("the producer fell 30,000 events behind its schedule");
    }

    @Test
    void theShortfallsNameEveryReasonAStepWasNotSustainedAndNoneWhenItWas() {
        assertThat(Sustained.shortfalls(rate(10_000.0, 9_850.0), null, new Backlog(100, 120, 0.5, 1.0), null))
                .isEmpty();
        EventCounts lostThree = EventCounts.ofEvents(1_000, 997L, 3L, 0L, 0L, null);
        assertThat(Sustained.shortfalls(
                        rate(64_000.0, 36_374.0), null, new Backlog(240, 20_100, 1_234, 50.0), lostThree))
                .containsExactly(
                        "sent 36,374 of 64,000 events/s (57 %)",
                        "3 events lost", "backlog grew 1,234 events/s (240 to 20,100 events)");
    }

    @Test
    void aBacklogThatEndsWithinWhatIsInFlightByConstructionDidNotGrow() {
        // `run --rate 200/s --warmup 0s --duration 2s` into the reference target: one generator's batch of 50 in
        // flight,
        // 8 events unpolled at the last of two samples; no standard error to weigh the slope of 8 events/s against
        assertThat(Sustained.judge(rate(200.0, 200.0), null, new Backlog(0, 8, 8.0, null, 50L), null))
                .isTrue();
        assertThat(Sustained.judge(rate(200.0, 200.0), null, new Backlog(0, 8, 8.0, null), null))
                .as("a result written before the in-flight figure was recorded is judged as it was")
                .isFalse();
        assertThat(Sustained.judge(rate(200.0, 200.0), null, new Backlog(0, 200, 100.0, null, 50L), null))
                .as("a target writing 100 of 200 events/s: 200 behind after 2 s, four times what is in flight")
                .isFalse();
        assertThat(Sustained.judge(rate(2_000.0, 2_000.0), null, new Backlog(0, 2_050, 1_000.0, 20.0, 2_100L), null))
                .as("a Connect sink's second of uncommitted offsets at 2,000/s, a clean slope over a short step")
                .isTrue();
        assertThat(Sustained.judge(rate(2_000.0, 2_000.0), null, new Backlog(0, 9_000, 1_000.0, 20.0, 2_100L), null))
                .isFalse();
    }

    @Test
    void aStepTooShortToWeighItsBacklogSlopeSaysSo() {
        StepResult shortStep = StepResult.builder()
                .rate(rate(200.0, 200.0))
                .backlog(new Backlog(0, 8, 8.0, null, 50L))
                .sustained(true)
                .build();
        assertThat(Sustained.describe(shortStep))
                .hasValue("sustained: 200 events/s; backlog sampled too few times to weigh its slope (a step under"
                        + " 4 s): judged by where it ended, 8 events from 0 (50 in flight by construction)");
    }

    @Test
    void theConsoleLineGivesTheVerdictWhyAndWhatLanded() {
        StepResult sustained = StepResult.builder()
                .rate(rate(16_000.0, 15_990.0))
                .backlog(new Backlog(240, 48, -3, 2.0))
                .events(EventCounts.ofEvents(95_500, 95_500L, 0L, 0L, 0L, true))
                .sustained(true)
                .build();
        assertThat(Sustained.describe(sustained))
                .hasValue("sustained: 15,990 events/s; 95,500 of 95,500 events landed");

        StepResult behind = StepResult.builder()
                .rate(rate(64_000.0, 63_900.0))
                .schedule(new Schedule(1_280_000, 30_000, 480.0, true))
                .events(EventCounts.producedOnly(1_250_000, 0))
                .sustained(false)
                .build();
        assertThat(Sustained.describe(behind))
                .as("the producer behind its schedule is a reason too")
                .hasValue("NOT sustained: the producer fell 30,000 events behind its schedule");

        StepResult dml = StepResult.builder()
                .rate(rate(800.0, 800.0))
                .events(new EventCounts(10_400, 8_181L, 0L, 0L, 0L, true, 8_181L, 0L, 0L, null))
                .sustained(true)
                .build();
        assertThat(Sustained.describe(dml))
                .as(
                        "workload dml audits _ids: 10,400 events wrote 8,181 _ids, none lost (it said '8,181 of 10,400 events')")
                .hasValue("sustained: 800 events/s; 8,181 of 8,181 _ids landed as last written (10,400 events)");

        assertThat(Sustained.describe(
                        StepResult.builder().rate(rate(null, 10.0)).build()))
                .as("a step without a verdict (e.g. evaluate alone)")
                .isEmpty();
    }

    @Test
    void aPeakSearchThatEndedBeforeItsPrecisionSaysThePeakIsOnlyABound() {
        RunResult.Peak.NotSustained above = new RunResult.Peak.NotSustained(51_200, List.of("backlog grew"));
        assertThat(Sustained.peakBound(new RunResult.Peak(25_600.0, 32e6, "c", 4, above, false)))
                .hasValue("the search ended before the two came within --precision: the peak lies between 25,600"
                        + " and 51,200 events/s; more --max-steps narrow it");
        assertThat(Sustained.peakBound(new RunResult.Peak(25_600.0, 32e6, "c", 4, null, false)))
                .hasValue("no rate tried was too much: the peak is above 25,600 events/s; a higher --start-rate or"
                        + " more --max-steps reach it");
        assertThat(Sustained.peakBound(new RunResult.Peak(25_600.0, 32e6, "c", 4, above, true)))
                .isEmpty();
        assertThat(Sustained.peakBound(new RunResult.Peak(25_600.0, 32e6, "c", 4, above, null)))
                .as("a result file written before the search recorded it")
                .isEmpty();
    }
}
