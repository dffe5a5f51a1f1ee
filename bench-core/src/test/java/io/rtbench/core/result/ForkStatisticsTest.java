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
    void theVerdictIsWelchsTestAt95Percent() {
        // Welch: t = 3.06, df = 4, p = 0.038: different at 95 %, not at 99 %
        assertThat(ForkStatistics.compare(List.of(100.0, 102.0, 104.0), List.of(105.0, 107.0, 109.0)))
                .isEqualTo(Verdict.SLOWER);
        // t = 1.84, p = 0.14
        assertThat(ForkStatistics.compare(List.of(100.0, 102.0, 104.0), List.of(103.0, 105.0, 107.0)))
                .isEqualTo(Verdict.INDISTINGUISHABLE);
    }

    @Test
    void anUndecidedDifferenceSaysHowManyForksWouldDecideItAtTheMeasuredSpread() {
        // diff 3, s = 2 on both sides: 4 forks each need 2.447 × √(8 / 4) = 3.46, 5 forks 2.306 × √(8 / 5) = 2.92
        assertThat(ForkStatistics.forksToDecide(List.of(100.0, 102.0, 104.0), List.of(103.0, 105.0, 107.0)))
                .hasValue(5);
        assertThat(ForkStatistics.forksToDecide(List.of(102.0), List.of(103.0, 105.0, 107.0)))
                .as("one fork: taken to spread like the other run")
                .hasValue(5);
        assertThat(ForkStatistics.forksToDecide(List.of(100.0, 102.0, 104.0), List.of(101.0, 103.0, 102.0)))
                .as("no difference at all")
                .isEmpty();
        assertThat(ForkStatistics.forksToDecide(List.of(100.0, 110.0, 90.0), List.of(101.0, 111.0, 91.0)))
                .as("1 ms at a 10 ms spread: beyond " + ForkStatistics.MOST_FORKS_TO_DECIDE + " forks")
                .isEmpty();
        assertThat(ForkStatistics.forksToDecide(List.of(100.0), List.of(101.0))).isEmpty();
    }

    @Test
    void fewerThanTwoForksOnASideSayNothing() {
        assertThat(ForkStatistics.compare(List.of(1.0), List.of(5.0, 6.0))).isEqualTo(Verdict.UNKNOWN);
    }
}
