package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import org.junit.jupiter.api.Test;

class SustainedTest {

    private static StepRate rate(Double target, double achieved) {
        return new StepRate(target, null, achieved, null);
    }

    @Test
    void aRateWithin2PercentOfTheTargetWithAFlatBacklogAndNothingLostIsSustained() {
        assertThat(Sustained.judge(rate(10_000.0, 9_850.0), new Backlog(100, 120, 0.5, 1.0), null))
                .isTrue();
        assertThat(Sustained.judge(rate(10_000.0, 9_700.0), null, null)).isFalse();
    }

    @Test
    void withoutATargetRateOnlyTheBacklogAndTheAuditCount() {
        assertThat(Sustained.judge(rate(null, 123.0), null, null)).isTrue();
        assertThat(Sustained.judge(rate(null, 5_000.0), new Backlog(0, 9_000, 300, 5.0), null))
                .isFalse();
    }

    @Test
    void aLostEventMakesAStepUnsustainedWhateverItsRate() {
        EventCounts lostOne = new EventCounts(1_000, 999L, 1L, 0L, 0L, null);
        assertThat(Sustained.judge(rate(1_000.0, 1_000.0), null, lostOne)).isFalse();
    }

    @Test
    void aNoisySawtoothIsNotGrowthButASteadySlopeAboveThreeTimesItsErrorIs() {
        assertThat(Sustained.judge(rate(8_000.0, 8_000.0), new Backlog(0, 500, 100, 80.0), null))
                .as("slope 100/s is below 2 % of 8,000/s")
                .isTrue();
        assertThat(Sustained.judge(rate(8_000.0, 8_000.0), new Backlog(0, 9_000, 400, 300.0), null))
                .as("above the tolerance but within twice its standard error")
                .isTrue();
        assertThat(Sustained.judge(rate(400.0, 400.0), new Backlog(0, 50, 8.93, 3.10), null))
                .as("one batch of 50 in flight at the end of a 6 s step (PeakIT, 400/s): within three errors")
                .isTrue();
        assertThat(Sustained.judge(rate(8_000.0, 8_000.0), new Backlog(0, 9_000, 400, 50.0), null))
                .isFalse();
        assertThat(Sustained.judge(rate(1_600.0, 1_600.0), new Backlog(0, 2_400, 400, 20.0), null))
                .as("a backlog that rises every second")
                .isFalse();
    }

    @Test
    void aBacklogBackWhereItStartedDidNotGrowWhateverItsSlope() {
        assertThat(Sustained.judge(rate(3_200.0, 3_200.0), new Backlog(0, 0, 160.9, 42.0), null))
                .as("Connect's lag, committed once a second, 0 at both ends of a step into Elasticsearch")
                .isTrue();
        assertThat(Sustained.judge(rate(3_200.0, 3_200.0), new Backlog(300, 100, 160.9, 42.0), null))
                .as("ended below where it started")
                .isTrue();
        assertThat(Sustained.judge(rate(3_200.0, 3_200.0), new Backlog(0, 3_300, 160.9, 42.0), null))
                .as("the same slope, ended higher")
                .isFalse();
    }
}
