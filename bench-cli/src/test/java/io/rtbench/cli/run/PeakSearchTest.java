package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

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
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20);

        assertThat(tried(search, rate -> rate <= 7)).containsExactly(4.0, 6.0, 9.0, 7.5, 6.75);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 6.75 / 4);
    }

    @Test
    void aFirstStepThatFailsIsTriedOnceMoreBeforeTheSearchLooksBelowIt() {
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20);
        boolean[] cold = {true};

        List<Double> rates = tried(search, rate -> {
            boolean sustained = !cold[0] && rate <= 7;
            cold[0] = false; // a cold target fails whatever the rate; warm, it sustains up to 7 MB/s
            return sustained;
        });

        assertThat(rates).containsExactly(4.0, 4.0, 6.0, 9.0, 7.5, 6.75);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 6.75 / 4);
    }

    @Test
    void aStartThatFailsTwiceIsTooMuchAndTheSearchLooksBelowIt() {
        PeakSearch search = new PeakSearch(START, 1.5, null, 0.1, 20);

        assertThat(tried(search, rate -> rate <= 2.5)).startsWith(4.0, 4.0, 2.0, 3.0);
        assertThat(search.highestSustained().perSecond()).isEqualTo(START.perSecond() * 2.5 / 4);
    }

    @Test
    void onlyTheFirstStepIsRetriedAndMaxStepsCountsTheRetry() {
        assertThat(tried(new PeakSearch(START, 1.5, null, 0.1, 1), rate -> false))
                .containsExactly(4.0);
        assertThat(tried(new PeakSearch(START, 1.5, null, 0.1, 20), rate -> rate <= 5))
                .as("a later failure is not retried")
                .containsExactly(4.0, 6.0, 5.0, 5.5);
    }
}
