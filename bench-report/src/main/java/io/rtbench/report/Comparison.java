package io.rtbench.report;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.ForkStatistics.Verdict;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.Score;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code rtbench compare}: every contender against the baseline, step by step (by position), metric by metric, for p50
 * and p99. The verdict comes from the per-fork values of both runs by Welch's t-test at 95 % ({@link ForkStatistics},
 * docs/MEASUREMENT.md "Comparing runs"); a run without forks has one value per statistic, so its verdict is unknown.
 */
final class Comparison {

    /**
     * One line of the comparison: lower latency is faster, and a shorter time to recover.
     *
     * @param run the contender's label
     * @param baselineMs the baseline's score (the mean of its forks' values; its pooled value without forks); NaN when
     *     {@code baselineMissing} says why there is none
     * @param contenderMs the contender's
     * @param baselineErrorMs the baseline's scoreError; null when it has fewer than two forks
     * @param contenderErrorMs as above
     * @param forksToDecide where the verdict is indistinguishable or unknown: the forks each run would need for this
     *     difference to be decided at the measured spread ({@link ForkStatistics#forksToDecide}); empty when the spread
     *     or the difference is unknown or too small to chase
     * @param baselineMissing why the baseline has no score (a fork that did not recover); null when it has one
     * @param contenderMissing as above
     */
    record Row(
            String run,
            String step,
            String metric,
            String statistic,
            double baselineMs,
            Double baselineErrorMs,
            double contenderMs,
            Double contenderErrorMs,
            Verdict verdict,
            OptionalInt forksToDecide,
            String baselineMissing,
            String contenderMissing) {

        double diffMs() {
            return contenderMs - baselineMs;
        }

        /** The difference relative to the baseline, in percent; NaN for a baseline of 0. */
        double diffPercent() {
            return baselineMs == 0 ? Double.NaN : 100 * diffMs() / baselineMs;
        }

        /** Whether both sides have a score; not when a fork of either did not recover. */
        boolean scored() {
            return baselineMissing == null && contenderMissing == null;
        }

        /** The verdict in words, saying why it is unknown where a side has no score. */
        String verdictLabel() {
            return scored() ? verdict.label() : "unknown (a fork did not recover)";
        }
    }

    private Comparison() {}

    /**
     * The steps compared by position that ran at different rates, one line each: the table's step column is clipped,
     * and latencies at different rates are not like for like.
     */
    static List<String> unlikeSteps(ReportedRun baseline, List<ReportedRun> contenders) {
        List<String> notes = new ArrayList<>();
        for (ReportedRun contender : contenders) {
            int steps = Math.min(baseline.steps().size(), contender.steps().size());
            for (int i = 0; i < steps; i++) {
                String base = baseline.steps().get(i).rateLabel();
                String other = contender.steps().get(i).rateLabel();
                if (!base.equals(other)) {
                    notes.add(String.format(
                            "step %d ran at %s in %s and at %s in %s: different rates, not like for like",
                            i + 1, base, baseline.label(), other, contender.label()));
                }
            }
        }
        return notes;
    }

    /**
     * Why {@link #rows} found nothing to compare, in words: a run with no finished step (what Ctrl-C before the first
     * step's end leaves), or runs whose steps share no latency (a {@code dml} statements result and a pipeline run's).
     */
    static String whyNoRows(List<ReportedRun> runs) {
        List<String> empty = runs.stream()
                .filter(run -> run.steps().isEmpty())
                .map(ReportedRun::label)
                .toList();
        if (!empty.isEmpty()) {
            return String.join(", ", empty) + (empty.size() == 1 ? " has" : " have")
                    + " no finished step (a run stopped before its first step ended)";
        }
        return "the runs' steps have no latency metric in common ("
                + runs.stream().map(ReportedRun::label).collect(Collectors.joining(", "))
                + "): compare results of the same kind of run";
    }

    /** The rows at {@code confidence} (0.95 by default: {@link ForkStatistics#COMPARE_CONFIDENCE}). */
    static List<Row> rows(ReportedRun baseline, List<ReportedRun> contenders, double confidence) {
        List<Row> rows = new ArrayList<>();
        for (ReportedRun contender : contenders) {
            int steps = Math.min(baseline.steps().size(), contender.steps().size());
            for (int i = 0; i < steps; i++) {
                ReportedStep base = baseline.steps().get(i);
                ReportedStep other = contender.steps().get(i);
                String step =
                        base.label().equals(other.label()) ? base.label() : base.label() + " / " + other.rateLabel();
                for (String metric : MetricOrder.present(List.of(baseline, contender))) {
                    if (base.latency(metric) == null || other.latency(metric) == null) {
                        continue;
                    }
                    rows.add(row(
                            contender.label(),
                            step,
                            metric,
                            "p50",
                            base,
                            other,
                            StepRepetitions.MetricScores::p50,
                            LatencySummary::p50,
                            confidence));
                    rows.add(row(
                            contender.label(),
                            step,
                            metric,
                            "p99",
                            base,
                            other,
                            StepRepetitions.MetricScores::p99,
                            LatencySummary::p99,
                            confidence));
                }
                rows.addAll(RecoveryComparison.rows(contender.label(), step, base, other, confidence));
            }
        }
        return rows;
    }

    private static Row row(
            String contender,
            String step,
            String metric,
            String statistic,
            ReportedStep base,
            ReportedStep other,
            Function<StepRepetitions.MetricScores, Score> score,
            Function<LatencySummary, Double> pooled,
            double confidence) {
        Score baseScore = score(base, metric, score);
        Score otherScore = score(other, metric, score);
        Verdict verdict = baseScore == null || otherScore == null
                ? Verdict.UNKNOWN
                : ForkStatistics.compare(baseScore.perFork(), otherScore.perFork(), confidence);
        OptionalInt forksToDecide = verdict == Verdict.FASTER || verdict == Verdict.SLOWER
                ? OptionalInt.empty()
                : ForkStatistics.forksToDecide(
                        perFork(base, metric, score, pooled), perFork(other, metric, score, pooled));
        return new Row(
                contender,
                step,
                metric,
                statistic,
                baseScore != null ? baseScore.score() : pooled.apply(base.latency(metric)),
                baseScore == null ? null : baseScore.scoreError(),
                otherScore != null ? otherScore.score() : pooled.apply(other.latency(metric)),
                otherScore == null ? null : otherScore.scoreError(),
                verdict,
                forksToDecide,
                null,
                null);
    }

    /** A run's per-fork values of the statistic; a run without forks has one, its pooled value. */
    private static List<Double> perFork(
            ReportedStep step,
            String metric,
            Function<StepRepetitions.MetricScores, Score> statistic,
            Function<LatencySummary, Double> pooled) {
        Score score = score(step, metric, statistic);
        return score != null ? score.perFork() : List.of(pooled.apply(step.latency(metric)));
    }

    private static Score score(
            ReportedStep step, String metric, Function<StepRepetitions.MetricScores, Score> statistic) {
        StepRepetitions repetitions = step.step().repetitions();
        if (repetitions == null || repetitions.scores().get(metric) == null) {
            return null;
        }
        return statistic.apply(repetitions.scores().get(metric));
    }
}
