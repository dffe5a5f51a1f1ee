package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.engine.Sustained;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.StepRate;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BacklogSeriesTest {

    @Test
    void aSinkThatKeepsUpIsSustainedDespiteItsSawtooth() {
        // Lag jumps between 0 and a batch as the bridge writes and commits: no trend.
        BacklogSeries series = new BacklogSeries();
        SplittableRandom random = new SplittableRandom(1);
        for (int second = 0; second < 30; second++) {
            series.add(second * 1_000L, random.nextInt(500));
        }
        Backlog backlog = series.summary();
        assertThat(Sustained.judge(new StepRate(8_000.0, null, 7_990.0, null), null, backlog, null))
                .isTrue();
    }

    @Test
    void aShortNoisyStepIsNotCalledUnsustained() {
        BacklogSeries series = new BacklogSeries();
        long[] lags = {0, 480, 20, 0, 450, 300};
        for (int second = 0; second < lags.length; second++) {
            series.add(second * 1_000L, lags[second]);
        }
        assertThat(Sustained.judge(new StepRate(1_000.0, null, 1_000.0, null), null, series.summary(), null))
                .isTrue();
    }

    @Test
    void aGrowingBacklogIsNotSustained() {
        // The sink takes 4,000 of 5,000 events/s: the lag grows by 1,000 events/s.
        BacklogSeries series = new BacklogSeries();
        SplittableRandom random = new SplittableRandom(2);
        for (int second = 0; second < 20; second++) {
            series.add(second * 1_000L, second * 1_000L + random.nextInt(300));
        }
        Backlog backlog = series.summary();
        assertThat(backlog.slopeEventsPerSec()).isCloseTo(1_000, within(50.0));
        assertThat(backlog.startEvents()).isLessThan(300);
        assertThat(Sustained.judge(new StepRate(5_000.0, null, 5_000.0, null), null, backlog, null))
                .isFalse();
    }

    @Test
    void aProducerBelowTheTargetRateIsNotSustained() {
        assertThat(Sustained.judge(new StepRate(10_000.0, null, 9_700.0, null), null, null, null))
                .isFalse();
        assertThat(Sustained.judge(new StepRate(10_000.0, null, 9_850.0, null), null, null, null))
                .isTrue();
        assertThat(Sustained.judge(new StepRate(null, null, 123.0, null), null, null, null))
                .as("--rate max has no target")
                .isTrue();
    }

    @Test
    void aSlopeOfFewerThanFiveSamplesHasNoStandardErrorToWeighItAgainst() {
        // a 2-s step into a target writing 100 of 200 events/s, as measured: 0, 126 ± 44 events/s
        long[] lags = {0, 71, 200, 250};
        BacklogSeries series = new BacklogSeries();
        for (int i = 0; i < lags.length; i++) {
            series.add(i * 700L, lags[i]);
        }
        assertThat(series.summary().slopeStdErrorEventsPerSec()).isNull();
        assertThat(Sustained.judge(
                        new StepRate(200.0, null, 200.0, null),
                        null,
                        series.summary().withInFlight(51),
                        null))
                .as("judged by its end against what is in flight: 250 events, 51 in flight")
                .isFalse();
        series.add(lags.length * 700L, 300);
        assertThat(series.summary().slopeStdErrorEventsPerSec()).isNotNull();
    }

    @Test
    void fewerThanTwoSamplesHaveNoSummary() {
        BacklogSeries series = new BacklogSeries();
        series.add(0, 5);
        assertThat(series.summary()).isNull();
    }
}
