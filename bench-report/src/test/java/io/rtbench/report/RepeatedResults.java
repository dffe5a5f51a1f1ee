package io.rtbench.report;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.Iteration;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Result files of runs with forks × iterations, for the report's and compare's tests. */
final class RepeatedResults {

    private RepeatedResults() {}

    /**
     * A one-step reference run whose data latency is {@code dataP50Ms[fork]} (p99 twice that) in each of its forks' two
     * iterations, written to {@code dir/name}.
     */
    static Path write(Path dir, String name, double... dataP50Ms) {
        return write(dir, name, List.of(), dataP50Ms);
    }

    /** {@link #write(Path, String, double...)} with {@code faults} in its step ({@code rtbench run --fault}). */
    static Path write(Path dir, String name, List<StepFault> faults, double... dataP50Ms) {
        List<Iteration> iterations = new ArrayList<>();
        List<Double> p50s = new ArrayList<>();
        List<Double> p99s = new ArrayList<>();
        for (int fork = 1; fork <= dataP50Ms.length; fork++) {
            double p50 = dataP50Ms[fork - 1];
            p50s.add(p50);
            p99s.add(2 * p50);
            for (int iteration = 1; iteration <= 2; iteration++) {
                iterations.add(new Iteration(
                        fork,
                        iteration,
                        5.0,
                        Map.of(Metrics.DATA, summary(p50)),
                        "x.iteration-" + iteration + ".hlog"));
            }
        }
        double mean = p50s.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        StepRepetitions repetitions = new StepRepetitions(
                dataP50Ms.length,
                2,
                0,
                5.0,
                Map.of(
                        Metrics.DATA,
                        new StepRepetitions.MetricScores(ForkStatistics.score(p50s), ForkStatistics.score(p99s))),
                iterations);
        StepResult step = StepResult.builder()
                .rate(new StepRate(1000.0, 1_250_000.0, 1000.0, 1_250_000.0))
                .batchSize(50)
                .durationSec(10.0 * dataP50Ms.length)
                .events(EventCounts.ofEvents(10_000L * dataP50Ms.length, 10_000L * dataP50Ms.length, 0L, 0L, 0L, true))
                .latencies(Map.of(Metrics.DATA, summary(mean)))
                .sustained(true)
                .repetitions(repetitions)
                .faults(faults)
                .build();
        Scenario scenario = new Scenario("reference", "kafka-bridge", 50, 1, 1250, 1L, 0L, Map.of("rate", "1000/s"));
        RunResult result = RunResult.started(
                        name, Instant.parse("2026-11-25T10:00:00Z"), RunEnvironment.detect(), scenario)
                .withStep(step)
                .finished(Instant.parse("2026-11-25T10:01:00Z"), true);
        Path file = dir.resolve(name);
        ResultFiles.write(file, result);
        return file;
    }

    private static LatencySummary summary(double p50) {
        return new LatencySummary(1_000, p50, p50 * 1.5, p50 * 1.8, p50 * 2, p50 * 2.2, p50 * 3);
    }
}
