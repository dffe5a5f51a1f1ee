package io.rtbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.ForkStatistics.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/**
 * {@code rtbench compare}'s false-alarm rate and power over synthetic runs shaped like the reference target's
 * (docs/MEASUREMENT.md, "Comparing runs"). A probe reads the visibility delay, plus its fork's own offset (the
 * JVM-fork effect: normal, {@code forkSpreadMs}), plus the age of the newest burst at a random moment (uniform over the
 * 62.5 ms between bursts at the default 1 MB/s in bursts of 50), plus the pipeline (exponential, 3 ms mean, or 20 ms
 * on a busy machine). An iteration holds 4 to 6 probes (5 s at the default 1 s probe interval); a fork's value is the
 * p50 of its iterations' probes, as HdrHistogram reads it.
 */
class CompareSimulationTest {

    private static final int COMPARISONS = 2000;
    private static final double BURST_GAP_MS = 62.5;
    /** The forks' own spread beyond their probes' sampling in the real runs of MEASUREMENT.md (about 9 ms). */
    private static final double MEASURED_FORK_SPREAD_MS = 9;
    /** The pipeline's mean time, exponential: quiet (3 ms) and on a machine loaded 8 times over (20 ms). */
    private static final double QUIET_PIPELINE_MS = 3;

    private static final double BUSY_PIPELINE_MS = 20;
    /** The forks' own spread on that busy machine, a little above the real runs' 9 ms. */
    private static final double BUSY_FORK_SPREAD_MS = 12;

    @Test
    void runsOfOneScenarioReadFasterOrSlowerAtMostAtTheStatedRateWhateverTheForkEffect() {
        BinomialDistribution atStatedRate =
                new BinomialDistribution(COMPARISONS, 1 - ForkStatistics.COMPARE_CONFIDENCE);
        // a count above this has a chance below 0.1 % when the true rate is the stated one
        int allowed = atStatedRate.inverseCumulativeProbability(0.999);
        SplittableRandom random = new SplittableRandom(46);
        for (double forkSpreadMs : new double[] {0, MEASURED_FORK_SPREAD_MS, 18, 50, 150}) {
            for (int[] shape : new int[][] {{3, 2}, {2, 4}, {5, 3}}) {
                Rates rates = rates(random, new Shape(shape[0], shape[1], forkSpreadMs, QUIET_PIPELINE_MS), 100, 100);
                System.out.printf(
                        Locale.ROOT,
                        "one scenario twice, %d forks x %d iterations, fork spread %.0f ms: faster or slower in %.2f %%%n",
                        shape[0],
                        shape[1],
                        forkSpreadMs,
                        100.0 * rates.decided() / COMPARISONS);
                assertThat(rates.decided())
                        .as(
                                "false alarms, %d forks x %d iterations, fork spread %s ms",
                                shape[0], shape[1], forkSpreadMs)
                        .isLessThanOrEqualTo(allowed);
            }
        }
    }

    @Test
    void theIssuesDifferenceReadsSlowerWithThreeForksOfTwoIterations() {
        SplittableRandom random = new SplittableRandom(4646);
        // delays 100 and 150 ms: a data p50 of about 135 against 185 ms
        Shape measured = new Shape(3, 2, MEASURED_FORK_SPREAD_MS, QUIET_PIPELINE_MS);
        Shape busy = new Shape(3, 2, BUSY_FORK_SPREAD_MS, BUSY_PIPELINE_MS);
        Rates half = rates(random, measured, 100, 150);
        Rates halfQuiet = rates(random, new Shape(3, 2, 3, QUIET_PIPELINE_MS), 100, 150);
        Rates quarter = rates(random, measured, 100, 125);
        Rates quarterFiveForks = rates(random, new Shape(5, 2, MEASURED_FORK_SPREAD_MS, QUIET_PIPELINE_MS), 100, 125);
        Rates halfBusy = rates(random, busy, 100, 150);
        Rates halfBusyFiveForks = rates(random, new Shape(5, 2, BUSY_FORK_SPREAD_MS, BUSY_PIPELINE_MS), 100, 150);
        Rates equalBusy = rates(random, busy, 100, 100);
        report("+50 ms, fork spread 9 ms", 3, half);
        report("+50 ms, fork spread 3 ms", 3, halfQuiet);
        report("+25 ms, fork spread 9 ms", 3, quarter);
        report("+25 ms, fork spread 9 ms", 5, quarterFiveForks);
        report("+50 ms on a busy machine (fork spread 12 ms, pipeline 20 ms)", 3, halfBusy);
        report("+50 ms on a busy machine", 5, halfBusyFiveForks);
        System.out.printf(
                Locale.ROOT,
                "3 forks x 2 iterations, one scenario twice on a busy machine: faster or slower in %.2f %%%n",
                100.0 * equalBusy.decided() / COMPARISONS);

        assertThat(half.faster()).isZero();
        assertThat(half.slower()).as("power at +50 ms").isGreaterThanOrEqualTo(COMPARISONS * 85 / 100);
        assertThat(halfQuiet.slower()).as("power at +50 ms, quiet").isGreaterThanOrEqualTo(COMPARISONS * 95 / 100);
        assertThat(quarter.slower()).as("power at +25 ms").isGreaterThanOrEqualTo(COMPARISONS * 30 / 100);
        assertThat(quarterFiveForks.slower())
                .as("more forks, more power")
                .isGreaterThan(quarter.slower() + COMPARISONS / 10);
        assertThat(halfBusyFiveForks.slower()).isGreaterThan(halfBusy.slower() + COMPARISONS / 10);
        assertThat(equalBusy.decided()).as("false alarms on a busy machine").isLessThanOrEqualTo(allowedFalseAlarms());
    }

    /** A count of false alarms above this has a chance below 0.1 % when the true rate is the stated one. */
    private static int allowedFalseAlarms() {
        return new BinomialDistribution(COMPARISONS, 1 - ForkStatistics.COMPARE_CONFIDENCE)
                .inverseCumulativeProbability(0.999);
    }

    private static void report(String label, int forks, Rates rates) {
        System.out.printf(
                Locale.ROOT,
                "%d forks x 2 iterations, %s: slower in %.1f %%%n",
                forks,
                label,
                100.0 * rates.slower() / COMPARISONS);
    }

    private record Rates(int slower, int faster) {
        int decided() {
            return slower + faster;
        }
    }

    /** How runs are made: forks × iterations, the forks' own spread and the pipeline's mean time. */
    private record Shape(int forks, int iterations, double forkSpreadMs, double pipelineMs) {}

    private static Rates rates(SplittableRandom random, Shape shape, double baselineDelayMs, double contenderDelayMs) {
        int slower = 0;
        int faster = 0;
        for (int i = 0; i < COMPARISONS; i++) {
            Verdict verdict = ForkStatistics.compare(
                    perFork(random, shape, baselineDelayMs), perFork(random, shape, contenderDelayMs));
            slower += verdict == Verdict.SLOWER ? 1 : 0;
            faster += verdict == Verdict.FASTER ? 1 : 0;
        }
        return new Rates(slower, faster);
    }

    /** Each fork's p50 of its probes. */
    private static List<Double> perFork(SplittableRandom random, Shape shape, double delayMs) {
        List<Double> perFork = new ArrayList<>();
        for (int fork = 0; fork < shape.forks(); fork++) {
            double offsetMs = shape.forkSpreadMs() * gaussian(random);
            List<Double> probes = new ArrayList<>();
            for (int iteration = 0; iteration < shape.iterations(); iteration++) {
                int count = 4 + random.nextInt(3);
                for (int probe = 0; probe < count; probe++) {
                    probes.add(delayMs
                            + offsetMs
                            + random.nextDouble() * BURST_GAP_MS
                            - shape.pipelineMs() * Math.log(1 - random.nextDouble()));
                }
            }
            perFork.add(p50(probes));
        }
        return perFork;
    }

    /** HdrHistogram's p50: the value at rank ceil(n / 2). */
    private static double p50(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[(sorted.length + 1) / 2 - 1];
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
