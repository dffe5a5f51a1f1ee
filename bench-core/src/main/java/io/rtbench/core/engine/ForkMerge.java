package io.rtbench.core.engine;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.PartsMerge;
import io.rtbench.core.result.PartsMerge.Ran;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.Iteration;
import io.rtbench.core.result.StepRepetitions.MetricScores;
import io.rtbench.core.result.StepResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * Step N of every fork merged into step N of the result (docs/MEASUREMENT.md, "Repetitions"). What is a fork's own is
 * here: latencies are the pooled percentiles of the histogram merged from every measured iteration of every fork, never
 * an average of percentiles, and each metric's p50 and p99 get JMH's score across forks. Every other figure merges as
 * the parts of any step do, forks having run one after another ({@link PartsMerge}, {@link Ran#ONE_AFTER_ANOTHER}):
 * counts add up, rates are averaged, a figure some fork lacks is absent. The forks' faults follow one another. A run
 * without repetitions keeps its one fork's step as it is.
 */
final class ForkMerge {

    /**
     * What one fork measured in a step.
     *
     * @param totals by metric: the merged histogram of the fork's measured iterations, in microseconds
     * @param iterations each measured iteration's summaries
     * @param iterationSec the planned length of one iteration
     */
    record ForkStep(StepResult step, Map<String, Histogram> totals, List<Iteration> iterations, double iterationSec) {}

    private final Repetitions repetitions;
    private final List<StepForks> steps = new ArrayList<>();

    ForkMerge(Repetitions repetitions) {
        this.repetitions = repetitions;
    }

    /** Adds fork {@code fork}'s measurement of the step at {@code position} (0-based) and returns the merged step. */
    StepResult add(int position, ForkStep forkStep) {
        if (position == steps.size()) {
            steps.add(new StepForks());
        }
        StepForks step = steps.get(position);
        step.add(forkStep);
        return repetitions.repeated() ? step.merged() : forkStep.step();
    }

    /** The merged steps so far, in order. */
    List<StepResult> merged() {
        return steps.stream()
                .map(step -> repetitions.repeated() ? step.merged() : step.forks.get(0))
                .toList();
    }

    private final class StepForks {
        final List<StepResult> forks = new ArrayList<>();
        final Map<String, Histogram> pooled = new LinkedHashMap<>();
        final Map<String, List<Double>> p50ByFork = new LinkedHashMap<>();
        final Map<String, List<Double>> p99ByFork = new LinkedHashMap<>();
        final List<Iteration> iterations = new ArrayList<>();
        double iterationSec;

        void add(ForkStep fork) {
            iterationSec = fork.iterationSec();
            forks.add(fork.step());
            iterations.addAll(fork.iterations());
            fork.totals().forEach((metric, histogram) -> {
                if (histogram.getTotalCount() == 0) {
                    return;
                }
                pooled.computeIfAbsent(metric, name -> LatencyRecorder.newHistogram())
                        .add(histogram);
                LatencySummary own = LatencySummary.ofMicros(histogram);
                p50ByFork.computeIfAbsent(metric, name -> new ArrayList<>()).add(own.p50());
                p99ByFork.computeIfAbsent(metric, name -> new ArrayList<>()).add(own.p99());
            });
        }

        StepResult merged() {
            Map<String, LatencySummary> latencies = new LinkedHashMap<>();
            Map<String, MetricScores> scores = new LinkedHashMap<>();
            pooled.forEach((metric, histogram) -> {
                latencies.put(metric, LatencySummary.ofMicros(histogram));
                scores.put(
                        metric,
                        new MetricScores(
                                ForkStatistics.score(p50ByFork.get(metric)),
                                ForkStatistics.score(p99ByFork.get(metric))));
            });
            StepResult first = forks.get(0);
            return PartsMerge.step(forks, Ran.ONE_AFTER_ANOTHER)
                    .replaceLatencies(latencies)
                    .faults(forks.stream()
                            .map(StepResult::faults)
                            .filter(Objects::nonNull)
                            .flatMap(List::stream)
                            .toList())
                    .repetitions(new StepRepetitions(
                            forks.size(),
                            repetitions.iterations(),
                            repetitions.warmupIterations(),
                            iterationSec,
                            scores,
                            iterations))
                    // not merged yet: the first fork's (docs/MEASUREMENT.md, "Repetitions")
                    .reads(first.reads())
                    .connectTasks(first.connectTasks())
                    .build();
        }
    }
}
