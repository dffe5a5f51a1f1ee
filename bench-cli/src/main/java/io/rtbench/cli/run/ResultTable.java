package io.rtbench.cli.run;

import io.rtbench.core.engine.RanOut;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.Verdicts;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/** The table a run prints at the end: one line per step, data latency first (the RockBench paper's figures 4–9). */
final class ResultTable {

    private ResultTable() {}

    static void print(RunResult result, PrintWriter out) {
        header(result, out);
        result.steps().forEach(step -> step(step, out));
        notes(result, out);
        scores(result, out);
        out.flush();
    }

    private static void header(RunResult result, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%n%s on %s via %s%s%n",
                result.complete() ? "Finished" : "Interrupted",
                result.scenario().target(),
                result.scenario().pipeline(),
                result.environment().targetVersion() == null
                        ? ""
                        : " (" + result.environment().targetVersion() + ")");
        out.printf(
                Locale.ROOT,
                "%-10s %-10s %5s | %9s %9s %9s | %9s %9s %9s | %-22s %s%n",
                "rate",
                "achieved",
                "batch",
                "data p50",
                "p95",
                "p99",
                "ack p50",
                "hop p50",
                "write p50",
                "landed/produced",
                "sustained");
    }

    /** One step's line, and below it what the step has beyond latencies: changes, reads, CPU, faults. */
    private static void step(StepResult step, PrintWriter out) {
        Double target = step.rate() == null ? null : step.rate().targetBytesPerSec();
        out.printf(
                Locale.ROOT,
                "%-10s %-10s %5s | %9s %9s %9s | %9s %9s %9s | %-22s %s%n",
                target == null ? "max" : megabytes(target),
                step.rate() == null ? "-" : megabytes(step.rate().achievedBytesPerSec()),
                step.batchSize(),
                ms(step, Metrics.DATA, Percentile.P50),
                ms(step, Metrics.DATA, Percentile.P95),
                ms(step, Metrics.DATA, Percentile.P99),
                ms(step, Metrics.PRODUCE_ACK, Percentile.P50),
                ms(step, Metrics.KAFKA_HOP, Percentile.P50),
                ms(step, Metrics.SINK_WRITE, Percentile.P50),
                audit(step),
                sustained(step));
        changes(step, out);
        reads(step, out);
        RanOut.cpuLine(step).ifPresent(line -> out.println("  cpu: " + line));
        if (step.faults() != null) {
            step.faults().forEach(fault -> out.println("  " + Verdicts.fault(fault)));
        }
    }

    private static void notes(RunResult result, PrintWriter out) {
        out.println("(latencies in ms; data = probe answer time minus the newest visible event's _event_time)");
        fewSamples(result.steps()).ifPresent(out::println);
        for (int i = 0; i < result.steps().size(); i++) {
            int index = i + 1;
            Verdicts.probesBeforeVisible(result.steps().get(i))
                    .ifPresent(line -> out.println("(step " + index + ": " + line + ")"));
        }
        if (result.scenario().settings().get("notObservable") instanceof List<?> hidden && !hidden.isEmpty()) {
            String inside = result.scenario().pipeline().equals(Pipeline.NATIVE.cliName())
                    ? "inside the database with the native pipeline"
                    : "inside the connector, which reports no per-record timings";
            out.println("(" + hidden.stream().map(Object::toString).collect(Collectors.joining(" and ")) + " happen "
                    + inside + ": not observable, not 0)");
        }
    }

    /** Below this many data samples in a step, its p99 is the largest of them. */
    private static final long TAIL_SAMPLES = 100;

    /**
     * Says so when a step's data p99 is only its slowest probe answer: with n < 100 samples, the 99th percentile is the
     * n-th of n (quickstart's 30 s steps probe 60 times).
     */
    static Optional<String> fewSamples(List<StepResult> steps) {
        LongSummaryStatistics counts = steps.stream()
                .map(step -> step.latencyMs().get(Metrics.DATA))
                .filter(Objects::nonNull)
                .mapToLong(LatencySummary::count)
                .summaryStatistics();
        if (counts.getCount() == 0 || counts.getMin() >= TAIL_SAMPLES) {
            return Optional.empty();
        }
        String range = counts.getMin() == counts.getMax()
                ? String.format(Locale.ROOT, "%,d", counts.getMin())
                : String.format(Locale.ROOT, "%,d to %,d", counts.getMin(), counts.getMax());
        return Optional.of("(data: " + range + " probe answers a step; below " + TAIL_SAMPLES
                + ", p99 is the slowest of them: probe more often or longer for a tail, --probe-interval, --duration)");
    }

    /**
     * With forks: each step's data latency score (the mean of the forks' p50 and p99) ± the 99.9 % error
     * (docs/MEASUREMENT.md, "Repetitions").
     */
    private static void scores(RunResult result, PrintWriter out) {
        for (int i = 0; i < result.steps().size(); i++) {
            StepRepetitions repetitions = result.steps().get(i).repetitions();
            if (repetitions == null || repetitions.scores().get(Metrics.DATA) == null) {
                continue;
            }
            out.println(scoreLine(i + 1, repetitions));
        }
    }

    /** One step's line of {@link #scores}; a second line says why when the error is wider than the score itself. */
    static String scoreLine(int stepNumber, StepRepetitions repetitions) {
        StepRepetitions.MetricScores data = repetitions.scores().get(Metrics.DATA);
        String line = String.format(
                Locale.ROOT,
                "step %d: %d forks x %d iterations; data score p50 %s, p99 %s ms (99.9 %% error across forks)",
                stepNumber,
                repetitions.forks(),
                repetitions.iterations(),
                score(data.p50()),
                score(data.p99()));
        if (data.p50().errorWiderThanScore() || data.p99().errorWiderThanScore()) {
            line += System.lineSeparator() + "  (the error is wider than the score: "
                    + ForkStatistics.wideErrorNote(repetitions.forks()) + ")";
        }
        return line;
    }

    private static String score(StepRepetitions.Score score) {
        return score.scoreError() == null
                ? String.format(Locale.ROOT, "%.2f", score.score())
                : String.format(Locale.ROOT, "%.2f ± %.2f", score.score(), score.scoreError());
    }

    private enum Percentile {
        P50,
        P95,
        P99,
        P999
    }

    private static String ms(StepResult step, String metric, Percentile percentile) {
        LatencySummary summary = step.latencyMs().get(metric);
        if (summary == null) {
            return "-";
        }
        double value = switch (percentile) {
            case P50 -> summary.p50();
            case P95 -> summary.p95();
            case P99 -> summary.p99();
            case P999 -> summary.p999();
        };
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String megabytes(Double bytesPerSecond) {
        return bytesPerSecond == null ? "-" : String.format(Locale.ROOT, "%.2fMB/s", bytesPerSecond / 1e6);
    }

    /** As in the HTML report: {@link Verdicts#sustained}. */
    static String sustained(StepResult step) {
        return Verdicts.sustained(step);
    }

    /**
     * Workload {@code dml}: the change metrics of every read path, and the op counts, on a line of their own under the
     * step (docs/GUIDE.md, "Updates and deletes").
     */
    private static void changes(StepResult step, PrintWriter out) {
        if (step.events() == null || step.events().operations() == null) {
            return;
        }
        StringBuilder line = new StringBuilder("  dml:");
        for (String metric : step.latencyMs().keySet().stream()
                .filter(name -> name.startsWith(Metrics.UPDATE_VISIBLE) || name.startsWith(Metrics.DELETE_VISIBLE))
                .filter(name -> !Metrics.TRUTHS.contains(name)) // calibrate's own lines compare them
                .sorted()
                .toList()) {
            line.append(String.format(
                    Locale.ROOT,
                    " %s p50 %s p99 %s |",
                    metric,
                    ms(step, metric, Percentile.P50),
                    ms(step, metric, Percentile.P99)));
        }
        var ops = step.events().operations();
        line.append(String.format(
                Locale.ROOT,
                " inserts %,d updates %,d deletes %,d | _ids landed %,d/%,d",
                ops.inserts(),
                ops.updates(),
                ops.deletes(),
                step.events().landed(),
                step.events().ids()));
        out.println(line);
    }

    /** Workload {@code mixed}: the reads' latency and counts on a line of their own (docs/GUIDE.md). */
    private static void reads(StepResult step, PrintWriter out) {
        if (step.reads() == null) {
            return;
        }
        var reads = step.reads();
        out.println(String.format(
                Locale.ROOT,
                "  reads (%s): select p50 %s p99 %s p99.9 %s | issued %,d failed %,d skipped %,d not found %,d"
                        + " | writes:reads %s:%,d",
                reads.query(),
                ms(step, Metrics.SELECT, Percentile.P50),
                ms(step, Metrics.SELECT, Percentile.P99),
                ms(step, Metrics.SELECT, Percentile.P999),
                reads.issued(),
                reads.readErrors(),
                reads.skipped(),
                reads.notFound(),
                reads.writes() == null ? "-" : String.format(Locale.ROOT, "%,d", reads.writes()),
                reads.issued()));
    }

    private static String audit(StepResult step) {
        if (step.events() == null) {
            return "-";
        }
        if (step.events().landed() == null) {
            return String.format(Locale.ROOT, "-/%,d", step.events().produced());
        }
        // workload dml counts _ids: landed of all _ids written
        long of = step.events().ids() != null
                ? step.events().ids()
                : step.events().produced();
        String line = String.format(Locale.ROOT, "%,d/%,d", step.events().landed(), of);
        if (step.events().lost() != null && step.events().lost() > 0) {
            line += String.format(Locale.ROOT, " LOST %,d", step.events().lost());
        }
        if (step.events().duplicates() != null && step.events().duplicates() > 0) {
            line += String.format(Locale.ROOT, " dup %,d", step.events().duplicates());
        }
        if (step.events().stale() != null && step.events().stale() > 0) {
            line += String.format(Locale.ROOT, " STALE %,d", step.events().stale());
        }
        if (step.events().resurrected() != null && step.events().resurrected() > 0) {
            line += String.format(Locale.ROOT, " RESURRECTED %,d", step.events().resurrected());
        }
        return line;
    }
}
