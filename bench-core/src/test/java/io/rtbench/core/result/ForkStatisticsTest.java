package io.rtbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.result.ForkStatistics.Verdict;
import io.rtbench.core.result.StepRepetitions.Score;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkStatisticsTest {

    @Test
    void theScoreErrorIsTheStudentTHalfWidthAt999PercentWithForksMinusOneDegreesOfFreedom() {
        Score score = ForkStatistics.score(List.of(10.0, 12.0, 14.0));

        // t(0.9995, df 2) = 31.5991 (any t table); s = 2; n = 3
        assertThat(score.score()).isEqualTo(12.0);
        assertThat(score.scoreError()).isCloseTo(31.5991 * 2 / Math.sqrt(3), within(1e-3));
        assertThat(score.scoreConfidence()).containsExactly(12.0 - score.scoreError(), 12.0 + score.scoreError());
        assertThat(score.perFork()).containsExactly(10.0, 12.0, 14.0);
    }

    @Test
    void oneForkHasAScoreButNoError() {
        Score score = ForkStatistics.score(List.of(7.5));

        assertThat(score.score()).isEqualTo(7.5);
        assertThat(score.scoreError()).isNull();
        assertThat(score.scoreConfidence()).isNull();
    }

    @Test
    void aClearDifferenceHasTheRightSign() {
        List<Double> fast = List.of(50.1, 50.4, 49.8, 50.2);
        List<Double> slow = List.of(150.3, 149.7, 150.9, 150.1);

        assertThat(ForkStatistics.compare(fast, slow)).isEqualTo(Verdict.SLOWER);
        assertThat(ForkStatistics.compare(slow, fast)).isEqualTo(Verdict.FASTER);
    }

    @Test
    void overlappingForksAreIndistinguishable() {
        assertThat(ForkStatistics.compare(List.of(100.0, 104.0, 98.0), List.of(101.0, 99.0, 103.0)))
                .isEqualTo(Verdict.INDISTINGUISHABLE);
        assertThat(ForkStatistics.compare(List.of(100.0, 100.0), List.of(100.0, 100.0)))
                .as("no spread and no difference")
                .isEqualTo(Verdict.INDISTINGUISHABLE);
    }

    @Test
    void a999PercentVerdictNeedsMoreThanAOnePercentLevelDifference() {
        // Welch: t = 4.67, df = 7.7, p = 0.002: different at 99 %, not at 99.9 %
        List<Double> baseline = List.of(100.0, 101.0, 102.0, 100.5, 101.5);
        List<Double> contender = List.of(103.0, 104.0, 105.0, 103.5, 102.5);

        assertThat(ForkStatistics.compare(baseline, contender)).isEqualTo(Verdict.INDISTINGUISHABLE);
    }

    @Test
    void fewerThanTwoForksOnASideSayNothing() {
        assertThat(ForkStatistics.compare(List.of(1.0), List.of(5.0, 6.0))).isEqualTo(Verdict.UNKNOWN);
    }
}
