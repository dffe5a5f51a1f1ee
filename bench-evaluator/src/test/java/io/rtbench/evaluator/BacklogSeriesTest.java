package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.result.StepResult.Backlog;
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
        assertThat(BacklogSeries.sustained(backlog, 8_000.0, 7_990.0)).isTrue();
    }

    @Test
    void aShortNoisyStepIsNotCalledUnsustained() {
        BacklogSeries series = new BacklogSeries();
        long[] lags = {0, 480, 20, 0, 450, 300};
        for (int second = 0; second < lags.length; second++) {
            series.add(second * 1_000L, lags[second]);
        }
        assertThat(BacklogSeries.sustained(series.summary(), 1_000.0, 1_000.0)).isTrue();
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
        assertThat(BacklogSeries.sustained(backlog, 5_000.0, 5_000.0)).isFalse();
    }

    @Test
    void aProducerBelowTheTargetRateIsNotSustained() {
        assertThat(BacklogSeries.sustained(null, 10_000.0, 9_700.0)).isFalse();
        assertThat(BacklogSeries.sustained(null, 10_000.0, 9_850.0)).isTrue();
        assertThat(BacklogSeries.sustained(null, null, 123.0))
                .as("--rate max has no target")
                .isTrue();
    }

    @Test
    void fewerThanTwoSamplesHaveNoSummary() {
        BacklogSeries series = new BacklogSeries();
        series.add(0, 5);
        assertThat(series.summary()).isNull();
    }
}
