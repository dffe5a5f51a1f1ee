package io.rtbench.core.engine;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.Counts;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.Iteration;
import io.rtbench.core.result.StepRepetitions.MetricScores;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.result.Sums;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Step N of every fork merged into step N of the result (docs/MEASUREMENT.md, "Repetitions"). Latencies are the pooled
 * percentiles of the histogram merged from every measured iteration of every fork, never an average of percentiles;
 * each metric's p50 and p99 get JMH's score across forks; counts add up; a step is sustained only if every fork
 * sustained it; the target's utilisation series follow one another, as do the forks' faults. A run without repetitions keeps its one fork's step as it is.
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
            return first.toBuilder()
                    .durationSec(
                            forks.stream().mapToDouble(StepResult::durationSec).sum())
                    .rate(rate())
                    .events(events())
                    .probeErrors(Sums.orAbsent(forks, StepResult::probeErrors))
                    .probesBeforeVisible(Counts.total(forks, StepResult::probesBeforeVisible))
                    .backlog(worst(StepResult::backlog, Comparator.comparingDouble(Backlog::slopeEventsPerSec)))
                    .schedule(worst(StepResult::schedule, Comparator.comparingLong(Schedule::eventsBehind)))
                    .sustained(sustained())
                    .replaceLatencies(latencies)
                    .histogramLog(null)
                    .faults(forks.stream()
                            .map(StepResult::faults)
                            .filter(Objects::nonNull)
                            .flatMap(List::stream)
                            .toList())
                    .utilisation(Utilisation.concat(
                            forks.stream().map(StepResult::utilisation).toList(),
                            forks.stream().map(StepResult::durationSec).toList()))
                    .host(HostUtilisation.concat(
                            forks.stream().map(StepResult::host).toList(),
                            forks.stream().map(StepResult::durationSec).toList()))
                    .repetitions(new StepRepetitions(
                            forks.size(),
                            repetitions.iterations(),
                            repetitions.warmupIterations(),
                            iterationSec,
                            scores,
                            iterations))
                    .build();
        }

        /** The achieved rates averaged over the forks (each measured the same planned length); targets as planned. */
        private StepRate rate() {
            if (forks.stream().anyMatch(step -> step.rate() == null)) {
                return forks.get(0).rate();
            }
            StepRate first = forks.get(0).rate();
            double events = forks.stream()
                    .mapToDouble(step -> step.rate().achievedEventsPerSec())
                    .average()
                    .orElseThrow();
            boolean bytes = forks.stream().allMatch(step -> step.rate().achievedBytesPerSec() != null);
            Double achievedBytes = bytes
                    ? forks.stream()
                            .mapToDouble(step -> step.rate().achievedBytesPerSec())
                            .average()
                            .orElseThrow()
                    : null;
            return new StepRate(first.targetEventsPerSec(), first.targetBytesPerSec(), events, achievedBytes);
        }

        private EventCounts events() {
            if (forks.stream().anyMatch(step -> step.events() == null)) {
                return forks.get(0).events();
            }
            return EventCounts.total(forks.stream().map(StepResult::events).toList());
        }

        private <T> T worst(Function<StepResult, T> field, Comparator<T> order) {
            return forks.stream().map(field).filter(Objects::nonNull).max(order).orElse(null);
        }

        private Boolean sustained() {
            if (forks.stream().allMatch(step -> step.sustained() == null)) {
                return null;
            }
            return forks.stream().noneMatch(step -> !Boolean.TRUE.equals(step.sustained()));
        }
    }
}
