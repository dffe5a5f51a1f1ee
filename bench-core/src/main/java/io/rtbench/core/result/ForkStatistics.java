package io.rtbench.core.result;

import io.rtbench.core.result.StepRepetitions.Score;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Statistics across forks (docs/MEASUREMENT.md, "Repetitions"). The independent samples are the forks, never the
 * iterations inside a fork: those share a collection, a consumer group and a warmed-up JVM, so they are correlated, and
 * treating F × I iterations as independent would make the interval too narrow.
 */
public final class ForkStatistics {

    /** JMH's confidence level for {@code scoreError}. */
    public static final double CONFIDENCE = 0.999;

    /**
     * The confidence of {@code rtbench compare}'s verdict: at most 5 % of comparisons of two runs of one scenario read
     * faster or slower (docs/MEASUREMENT.md, "Comparing runs", measured by {@code CompareSimulationTest}).
     */
    public static final double COMPARE_CONFIDENCE = 0.95;

    /** The most forks a "would decide it" figure names ({@link #forksToDecide}). */
    public static final int MOST_FORKS_TO_DECIDE = 100;

    private ForkStatistics() {}

    /**
     * JMH's score of per-fork values: their mean, with the half-width of the 99.9 % Student-t interval (df = n − 1) when
     * there are at least two forks.
     */
    public static Score score(List<Double> perFork) {
        if (perFork.isEmpty()) {
            throw new IllegalArgumentException("a score needs at least one fork's value");
        }
        SummaryStatistics stats = new SummaryStatistics();
        perFork.forEach(stats::addValue);
        double mean = stats.getMean();
        if (perFork.size() < 2) {
            return new Score(mean, null, null, perFork);
        }
        double error = halfWidth(stats.getStandardDeviation(), perFork.size());
        return new Score(mean, error, List.of(mean - error, mean + error), perFork);
    }

    /** The half-width of the two-sided {@link #CONFIDENCE} Student-t interval of a mean of {@code n} samples. */
    static double halfWidth(double standardDeviation, int n) {
        return tQuantile(n) * standardDeviation / Math.sqrt(n);
    }

    /**
     * How many standard errors the {@link #CONFIDENCE} interval of a mean of {@code n ≥ 2} samples reaches each side:
     * 636.6 for 2, 31.6 for 3, 8.6 for 5.
     */
    public static double tQuantile(int n) {
        return new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }

    /**
     * Why a score's error can be wider than the score, for a run's table and report: {@code with 2 forks the interval
     * reaches 636.6 standard errors each side; more --forks narrow it}.
     */
    public static String wideErrorNote(int forks) {
        return String.format(
                Locale.ROOT,
                "with %d forks the interval reaches %,.1f standard errors each side; more --forks narrow it",
                forks,
                tQuantile(forks));
    }

    /** What a comparison of two runs' per-fork values says about the contender, at {@link #COMPARE_CONFIDENCE}. */
    public enum Verdict {
        FASTER("faster"),
        SLOWER("slower"),
        INDISTINGUISHABLE("indistinguishable"),
        /** Fewer than two forks on a side: no spread is known, so nothing can be said. */
        UNKNOWN("unknown (needs 2+ forks each)");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * Whether the contender's latency is lower (faster) or higher (slower) than the baseline's at
     * {@link #COMPARE_CONFIDENCE}, by Welch's t-test on the per-fork values (two-sided; unequal variances). The forks
     * are the samples, not the iterations (see the class comment); Welch rather than Mann-Whitney U: with the few forks
     * a run has, a rank test cannot reach the level at all (3 against 3 forks: its smallest two-sided p is 0.1). Why
     * 95 % and not the score's 99.9 %, and the false-alarm rate and power this has: docs/MEASUREMENT.md, "Comparing
     * runs".
     */
    public static Verdict compare(List<Double> baseline, List<Double> contender) {
        return compare(baseline, contender, COMPARE_CONFIDENCE);
    }

    /** {@link #compare(List, List)} at another confidence, e.g. 0.999 ({@code rtbench compare --confidence}). */
    public static Verdict compare(List<Double> baseline, List<Double> contender, double confidence) {
        if (baseline.size() < 2 || contender.size() < 2) {
            return Verdict.UNKNOWN;
        }
        SummaryStatistics sa = stats(baseline);
        SummaryStatistics sb = stats(contender);
        double diff = sb.getMean() - sa.getMean();
        boolean different;
        if (sa.getVariance() == 0 && sb.getVariance() == 0) {
            // No spread on either side: differ only beyond the histograms' resolution (3 significant digits).
            different = Math.abs(diff) > 1e-3 * Math.max(Math.abs(sa.getMean()), Math.abs(sb.getMean()));
        } else {
            different = decided(diff, sa.getVariance(), sa.getN(), sb.getVariance(), sb.getN(), confidence);
        }
        if (!different) {
            return Verdict.INDISTINGUISHABLE;
        }
        return diff < 0 ? Verdict.FASTER : Verdict.SLOWER;
    }

    /**
     * Where {@link #compare} cannot tell the runs apart: how many forks each run would need for the difference of
     * their per-fork means to read faster or slower at the forks' measured spread (a run with one fork is taken to
     * spread like the other). Empty without a difference or any spread, or beyond {@link #MOST_FORKS_TO_DECIDE}: a
     * difference that small is not worth the forks.
     */
    public static OptionalInt forksToDecide(List<Double> baseline, List<Double> contender) {
        return forksToDecide(baseline, contender, COMPARE_CONFIDENCE);
    }

    /** {@link #forksToDecide(List, List)} at another confidence. */
    public static OptionalInt forksToDecide(List<Double> baseline, List<Double> contender, double confidence) {
        SummaryStatistics sa = stats(baseline);
        SummaryStatistics sb = stats(contender);
        double varianceA = baseline.size() >= 2 ? sa.getVariance() : sb.getVariance();
        double varianceB = contender.size() >= 2 ? sb.getVariance() : sa.getVariance();
        double diff = Math.abs(sb.getMean() - sa.getMean());
        if (baseline.size() < 2 && contender.size() < 2 || diff == 0 || varianceA + varianceB == 0) {
            return OptionalInt.empty();
        }
        int from = Math.max(baseline.size(), contender.size()) + 1;
        for (int forks = Math.max(2, from); forks <= MOST_FORKS_TO_DECIDE; forks++) {
            if (decided(diff, varianceA, forks, varianceB, forks, confidence)) {
                return OptionalInt.of(forks);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * Whether Welch's test (Welch-Satterthwaite degrees of freedom) calls a difference of two means of samples of these
     * variances and sizes a difference at {@code confidence}, two-sided.
     */
    private static boolean decided(
            double diff, double varianceA, long nA, double varianceB, long nB, double confidence) {
        double a = varianceA / nA;
        double b = varianceB / nB;
        double df = (a + b) * (a + b) / (a * a / (nA - 1) + b * b / (nB - 1));
        double t = Math.abs(diff) / Math.sqrt(a + b);
        return 2 * new TDistribution(null, df).cumulativeProbability(-t) < 1 - confidence;
    }

    private static SummaryStatistics stats(List<Double> values) {
        SummaryStatistics stats = new SummaryStatistics();
        values.forEach(stats::addValue);
        return stats;
    }
}
