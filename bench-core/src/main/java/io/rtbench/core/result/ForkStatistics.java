package io.rtbench.core.result;

import io.rtbench.core.result.StepRepetitions.Score;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Statistics across forks (docs/MEASUREMENT.md, "Repetitions"). The independent samples are the forks, never the
 * iterations inside a fork: those share a collection, a consumer group and a warmed-up JVM, so they are correlated, and
 * treating F × I iterations as independent would make the interval too narrow.
 */
public final class ForkStatistics {

    /** JMH's confidence level for {@code scoreError}. */
    public static final double CONFIDENCE = 0.999;

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

    /** What a comparison of two runs' per-fork values says about the contender. */
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
     * Whether the contender's latency is lower (faster) or higher (slower) than the baseline's at {@link #CONFIDENCE},
     * by Welch's t-test on the per-fork values (two-sided; unequal variances). Welch rather than Mann-Whitney U: with
     * the few forks a run has, a rank test cannot reach 99.9 % at all (3 against 3 forks: its smallest two-sided p is
     * 0.1), see docs/MEASUREMENT.md.
     */
    public static Verdict compare(List<Double> baseline, List<Double> contender) {
        if (baseline.size() < 2 || contender.size() < 2) {
            return Verdict.UNKNOWN;
        }
        double[] a = baseline.stream().mapToDouble(Double::doubleValue).toArray();
        double[] b = contender.stream().mapToDouble(Double::doubleValue).toArray();
        SummaryStatistics sa = stats(a);
        SummaryStatistics sb = stats(b);
        double diff = sb.getMean() - sa.getMean();
        boolean different;
        if (sa.getVariance() == 0 && sb.getVariance() == 0) {
            // No spread on either side: differ only beyond the histograms' resolution (3 significant digits).
            different = Math.abs(diff) > 1e-3 * Math.max(Math.abs(sa.getMean()), Math.abs(sb.getMean()));
        } else {
            different = new TTest().tTest(a, b) < 1 - CONFIDENCE;
        }
        if (!different) {
            return Verdict.INDISTINGUISHABLE;
        }
        return diff < 0 ? Verdict.FASTER : Verdict.SLOWER;
    }

    private static SummaryStatistics stats(double[] values) {
        SummaryStatistics stats = new SummaryStatistics();
        for (double value : values) {
            stats.addValue(value);
        }
        return stats;
    }
}
