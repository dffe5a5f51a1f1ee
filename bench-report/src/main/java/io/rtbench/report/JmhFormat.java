package io.rtbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepRepetitions.Iteration;
import io.rtbench.core.result.StepRepetitions.Score;
import io.rtbench.core.time.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * {@code rtbench report --format jmh}: the results in JMH's JSON result format ({@code -rf json}), so that JMH's viewers
 * render them (docs/REPORTS.md). One benchmark per result, step and latency metric, named
 * {@code rtbench.<target>.<pipeline>.<metric>} with the step's rate and batch size as params; the primary metric is the
 * p50 score across forks (JMH's score: the mean of the forks' p50, {@code scoreError} the 99.9 % Student-t half-width),
 * the secondary metric {@code p99} likewise; {@code rawData} holds each fork's iterations' values, as JMH's does.
 */
final class JmhFormat {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The percentiles JMH writes in {@code scorePercentiles}, of the raw data. */
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    private static final String UNIT = "ms";

    /** The name of a fault's time to recover among the data benchmark's secondary metrics, before the fault's kind. */
    static final String RECOVERY_PREFIX = "·timeToRecover.";

    private JmhFormat() {}

    static String render(List<ReportedRun> runs) {
        ArrayNode all = JSON.createArrayNode();
        for (ReportedRun run : runs) {
            for (ReportedStep step : run.steps()) {
                for (String metric : MetricOrder.present(List.of(run))) {
                    if (step.latency(metric) != null) {
                        all.add(benchmark(run, step, metric));
                    }
                }
            }
        }
        try {
            return JSON.writeValueAsString(all) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode benchmark(ReportedRun run, ReportedStep step, String metric) {
        StepRepetitions repetitions = step.step().repetitions();
        RunEnvironment environment = run.result().environment();
        String jvm = environment == null || environment.jvm() == null ? "" : environment.jvm();
        ObjectNode node = JSON.createObjectNode();
        node.put("jmhVersion", "rtbench " + run.result().tool().version());
        node.put("benchmark", "rtbench." + run.target() + "." + run.scenario().pipeline() + "." + metric);
        node.put("mode", "sample");
        node.put(
                "threads",
                run.scenario().generators() == null ? 1 : run.scenario().generators());
        node.put("forks", repetitions == null ? 1 : repetitions.forks());
        node.put("jvm", jvm);
        node.putArray("jvmArgs");
        node.put("jdkVersion", jvm);
        node.put("vmName", jvm);
        node.put("vmVersion", jvm);
        String iterationTime = time(repetitions == null ? step.step().durationSec() : repetitions.iterationSec());
        Warmup warmup = Warmup.of(run, repetitions, iterationTime);
        node.put("warmupIterations", warmup.iterations());
        node.put("warmupTime", warmup.perIteration());
        node.put("warmupBatchSize", 1);
        node.put("measurementIterations", repetitions == null ? 1 : repetitions.iterations());
        node.put("measurementTime", iterationTime);
        node.put("measurementBatchSize", 1);
        ObjectNode params = node.putObject("params");
        params.put("step", Integer.toString(step.number()));
        params.put("rate", step.rateLabel());
        params.put("batchSize", step.batchSize() == null ? "" : step.batchSize().toString());
        node.set("primaryMetric", metric(step, metric, StepRepetitions.MetricScores::p50, LatencySummary::p50));
        ObjectNode secondary = node.putObject("secondaryMetrics");
        secondary.set("p99", metric(step, metric, StepRepetitions.MetricScores::p99, LatencySummary::p99));
        if (metric.equals(Metrics.DATA)) {
            timesToRecover(secondary, step);
        }
        return node;
    }

    private static ObjectNode metric(
            ReportedStep step,
            String metric,
            Function<StepRepetitions.MetricScores, Score> statistic,
            Function<LatencySummary, Double> value) {
        StepRepetitions repetitions = step.step().repetitions();
        List<List<Double>> raw = new ArrayList<>();
        Score score;
        if (repetitions == null || repetitions.scores().get(metric) == null) {
            double pooled = value.apply(step.latency(metric));
            raw.add(List.of(pooled));
            score = ForkStatistics.score(List.of(pooled));
        } else {
            score = statistic.apply(repetitions.scores().get(metric));
            for (Iteration iteration : repetitions.iterationResults()) {
                while (raw.size() < iteration.fork()) {
                    raw.add(new ArrayList<>());
                }
                LatencySummary summary = iteration.latencyMs().get(metric);
                if (summary != null) {
                    raw.get(iteration.fork() - 1).add(value.apply(summary));
                }
            }
        }
        return scoreNode(score, raw, UNIT);
    }

    /**
     * {@code rtbench run --fault}: each fault's time to recover as a secondary metric of the data latency's benchmark,
     * named as JMH's profilers name theirs ({@code ·timeToRecover.target-pause}), in seconds, a fork's value its raw
     * data; none for a fault some fork did not recover from (docs/REPORTS.md).
     */
    private static void timesToRecover(ObjectNode secondary, ReportedStep step) {
        for (StepFaults.Slot slot : StepFaults.slots(step.step())) {
            slot.timesToRecoverSec()
                    .ifPresent(seconds -> secondary.set(
                            RECOVERY_PREFIX + slot.kind() + (slot.index() == 0 ? "" : "#" + (slot.index() + 1)),
                            scoreNode(
                                    ForkStatistics.score(seconds),
                                    seconds.stream().map(List::of).toList(),
                                    "s")));
        }
    }

    private static ObjectNode scoreNode(Score score, List<List<Double>> raw, String unit) {
        ObjectNode node = JSON.createObjectNode();
        node.put("score", score.score());
        ArrayNode confidence;
        if (score.scoreError() == null) {
            // as JMH writes an unknown error: "NaN", and the interval collapsed onto the score
            node.put("scoreError", "NaN");
            confidence = node.putArray("scoreConfidence").add(score.score()).add(score.score());
        } else {
            node.put("scoreError", score.scoreError());
            confidence = node.putArray("scoreConfidence");
            score.scoreConfidence().forEach(confidence::add);
        }
        node.set("scorePercentiles", percentiles(raw));
        node.put("scoreUnit", unit);
        ArrayNode rawData = node.putArray("rawData");
        raw.forEach(fork -> {
            ArrayNode values = rawData.addArray();
            fork.forEach(values::add);
        });
        return node;
    }

    private static ObjectNode percentiles(List<List<Double>> raw) {
        double[] values = raw.stream()
                .flatMap(List::stream)
                .mapToDouble(Double::doubleValue)
                .toArray();
        ObjectNode node = JSON.createObjectNode();
        Percentile percentile = new Percentile();
        for (double p : PERCENTILES) {
            double at = values.length == 0 ? Double.NaN : p == 0.0 ? min(values) : percentile.evaluate(values, p);
            node.put(Double.toString(p), at);
        }
        return node;
    }

    private static double min(double[] values) {
        double least = Double.POSITIVE_INFINITY;
        for (double value : values) {
            least = Math.min(least, value);
        }
        return least;
    }

    /** JMH's time format: {@code "5 s"}. */
    /**
     * JMH's warmup: {@code warmupTime} is the length of one warmup iteration, JMH's whole warmup {@code
     * warmupIterations × warmupTime}. rtbench warms up in two ways: the step's {@code --warmup} phase, continuous, then
     * {@code --warmup-iterations} discarded windows of the iteration's length (docs/MEASUREMENT.md, "Repetitions").
     * Without warmup windows, the warmup phase is JMH's one warmup iteration: a 2-s {@code --warmup} with 0 warmup
     * iterations is 1 × "2 s" (it was written 0 × "3 s", the iteration time: a warmup no one ran, and the one that ran
     * missing). With warmup windows, they are JMH's warmup iterations; the phase before them has no JMH field. A result
     * that names no warmup phase (the parts on their own) has none: 0 × "0 s".
     */
    record Warmup(int iterations, String perIteration) {
        static Warmup of(ReportedRun run, StepRepetitions repetitions, String iterationTime) {
            if (repetitions != null && repetitions.warmupIterations() > 0) {
                return new Warmup(repetitions.warmupIterations(), iterationTime);
            }
            Object phase = run.scenario().settings().get("warmup");
            double seconds;
            try {
                seconds = phase == null ? 0 : Durations.parse(phase.toString()).toNanos() / 1e9;
            } catch (IllegalArgumentException e) {
                seconds = 0; // not a duration rtbench wrote: no warmup said
            }
            return seconds > 0 ? new Warmup(1, JmhFormat.time(seconds)) : new Warmup(0, JmhFormat.time(0));
        }
    }

    private static String time(double seconds) {
        return (seconds == Math.rint(seconds)
                        ? String.format(Locale.ROOT, "%.0f", seconds)
                        : String.format(Locale.ROOT, "%.3f", seconds))
                + " s";
    }
}
