package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.pacing.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

class PeakSearchTest {

    private static final Rate START = Rate.parse("4MB");

    /** The rates (in MB/s, as multiples of the start's 4) the search tries when a step at {@code rate} MB/s is sustained as {@code sustains} says. */
    private static List<Double> tried(PeakSearch search, DoublePredicate sustains) {
        List<Double> rates = new ArrayList<>();
        for (Rate next = search.next(); next != null; next = search.next()) {
            double megabytes = 4 * next.perSecond() / START.perSecond();
            rates.add(megabytes);
            search.record(sustains.test(megabytes));
        }
        return rates;
    }

    @Test
    void raisesTheRateUntilAStepFailsThenBisectsToThePrecision() {
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20, 1);

        assertThat(tried(search, rate -> rate <= 7)).containsExactly(4.0, 6.0, 9.0, 7.5, 6.75);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 6.75 / 4);
    }

    @Test
    void aRateCountsAsNotSustainedOnlyWhenEveryTryInARowFailed() {
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20, 2);

        assertThat(tried(search, rate -> rate <= 7)).containsExactly(4.0, 6.0, 9.0, 9.0, 7.5, 7.5, 6.75);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 6.75 / 4);
    }

    @Test
    void aStepThatFailsOnceAndThenSustainsCountsAsSustained() {
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20, 2);
        int[] triesAtNine = {0};

        List<Double> rates = tried(search, rate -> {
            if (rate == 9.0) {
                return ++triesAtNine[0] == 2; // a merge spoilt the first try; the second sustains 9 MB/s
            }
            return rate <= 10;
        });

        assertThat(rates).containsExactly(4.0, 6.0, 9.0, 9.0, 13.5, 13.5, 11.25, 11.25, 10.125, 10.125, 9.5625);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 9.5625 / 4);
    }

    @Test
    void aColdFirstStepIsTriedOnceMoreBeforeTheSearchLooksBelowIt() {
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20, 2);
        boolean[] cold = {true};

        List<Double> rates = tried(search, rate -> {
            boolean sustained = !cold[0] && rate <= 7;
            cold[0] = false; // a cold target fails whatever the rate; warm, it sustains up to 7 MB/s
            return sustained;
        });

        assertThat(rates).containsExactly(4.0, 4.0, 6.0, 9.0, 9.0, 7.5, 7.5, 6.75);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 6.75 / 4);
    }

    @Test
    void aStartThatFailsEveryTryIsTooMuchAndTheSearchLooksBelowIt() {
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20, 3);

        assertThat(tried(search, rate -> rate <= 2.5)).startsWith(4.0, 4.0, 4.0, 2.0, 3.0, 3.0, 3.0, 2.5);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 2.5 / 4);
    }

    @Test
    void maxStepsCountsEveryTry() {
        assertThat(tried(new PeakSearch(START, 1.5, null, 0.1, 1, 2), rate -> false))
                .containsExactly(4.0);
        assertThat(tried(new PeakSearch(START, 1.5, null, 0.1, 3, 2), rate -> rate <= 5))
                .containsExactly(4.0, 6.0, 6.0);
    }

    @Test
    void triesBelowOneAreRefused() {
        assertThatThrownBy(() -> new PeakSearch(START, 1.5, null, 0.1, 20, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--tries must be at least 1, got 0");
    }
}
