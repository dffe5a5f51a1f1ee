package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.rtbench.core.metrics.LatencySummary;
import java.util.List;
import java.util.Map;

/**
 * A step measured JMH-style (docs/MEASUREMENT.md, "Repetitions"): {@code forks} fresh pipelines, each measuring
 * {@code iterations} windows of {@code iterationSec} after {@code warmupIterations} discarded ones. The step's own
 * {@code latencyMs} are then the pooled percentiles of the merged histogram of every measured iteration of every fork;
 * this section adds the score of each metric across forks and every iteration's own summary.
 *
 * @param forks the forks that measured this step
 * @param iterations measured iterations per fork
 * @param warmupIterations discarded iterations before them, per fork
 * @param iterationSec the planned length of one iteration
 * @param scores by metric name: the score of its p50 and p99 across forks
 * @param iterationResults every measured iteration, fork by fork, in order
 */
public record StepRepetitions(
        int forks,
        int iterations,
        int warmupIterations,
        double iterationSec,
        Map<String, MetricScores> scores,
        List<Iteration> iterationResults) {

    public StepRepetitions {
        scores = Map.copyOf(scores);
        iterationResults = List.copyOf(iterationResults);
    }

    /** The scores of one latency metric. */
    public record MetricScores(Score p50, Score p99) {}

    /**
     * JMH's score of one statistic (e.g. data p50) in milliseconds: the mean across forks of each fork's value, where a
     * fork's value is that statistic of the merged histogram of the fork's measured iterations.
     *
     * @param scoreError the half-width of the 99.9 % Student-t confidence interval of the mean across forks (df = forks
     *     − 1); absent with a single fork, where no spread is known
     * @param scoreConfidence {@code [score − scoreError, score + scoreError]}; absent with {@code scoreError}
     * @param perFork each fork's value, fork 1 first
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Score(double score, Double scoreError, List<Double> scoreConfidence, List<Double> perFork) {
        public Score {
            scoreConfidence = scoreConfidence == null ? null : List.copyOf(scoreConfidence);
            perFork = List.copyOf(perFork);
        }

        /** Whether the interval reaches below zero: too few forks for their spread ({@link ForkStatistics#wideErrorNote}). */
        @JsonIgnore
        public boolean errorWiderThanScore() {
            return scoreError != null && scoreError > score;
        }
    }

    /**
     * One measured iteration: its summaries and its own interval log.
     *
     * @param fork 1, 2, … the fork it belongs to
     * @param iteration 1, 2, … within the fork, warmup iterations not counted
     * @param durationSec its measured length
     * @param histogramLog its HdrHistogram interval log, relative to the result file; absent without a result file
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Iteration(
            int fork, int iteration, double durationSec, Map<String, LatencySummary> latencyMs, String histogramLog) {
        public Iteration {
            latencyMs = Map.copyOf(latencyMs);
        }
    }
}
