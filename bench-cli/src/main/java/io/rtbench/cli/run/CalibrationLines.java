package io.rtbench.cli.run;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.metrics.Metrics.Change;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Calibration;
import io.rtbench.core.result.StepResult;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What {@code rtbench calibrate} says of its result (docs/MEASUREMENT.md, "Calibration"): each error against its bar,
 * and where the rate itself decides the figure, by how much. A probe reads the newest visible event (or change), which
 * is older than its own latency by up to the time between two of them: at a low rate that spacing, not the harness,
 * can be what misses the bar, and the line says so rather than leave the user to blame the machine.
 */
final class CalibrationLines {

    private CalibrationLines() {}

    static void print(RunResult outcome, PrintWriter out) {
        Calibration calibration = outcome.calibration();
        if (calibration == null
                || calibration.p50ErrorMs() == null
                || outcome.steps().isEmpty()) {
            out.println("calibration: no result (the run was interrupted or nothing was measured)");
            return;
        }
        StepResult step = outcome.steps().get(0);
        Map<String, LatencySummary> latencies = step.latencyMs();
        double bar = CalibrateCommand.barMs(latencies.get(Metrics.TRUTH).p50());
        out.printf(
                Locale.ROOT,
                "calibration: data p50 is %+.2f ms from the truth (bar ±%.1f ms: %s), p99 %+.2f ms%n",
                calibration.p50ErrorMs(),
                bar,
                verdict(calibration.p50ErrorMs(), bar),
                calibration.p99ErrorMs());
        OptionalDouble burstMs = burstIntervalMs(outcome, step);
        if (Math.abs(calibration.p50ErrorMs()) > bar && burstMs.isPresent() && burstMs.getAsDouble() > bar) {
            out.printf(
                    Locale.ROOT,
                    "calibration: at this rate a generator's events become visible in bursts %.1f ms apart, wider"
                            + " than the bar: the newest visible event is up to that old when probed. To measure the"
                            + " harness rather than that spacing, calibrate at a higher --rate or a smaller"
                            + " --batch-size%n",
                    burstMs.getAsDouble());
        }
        change(out, Change.UPDATE, calibration.updateProbeP50ErrorMs(), calibration.updateP50ErrorMs(), outcome, step);
        change(out, Change.DELETE, calibration.deleteProbeP50ErrorMs(), calibration.deleteP50ErrorMs(), outcome, step);
        out.flush();
    }

    /**
     * @param probeError the metric against what it should have read at the probes' instants: judged by the bar
     * @param changeError the metric against the changes' own latency: said beside, with the spacing behind it
     */
    private static void change(
            PrintWriter out, Change kind, Double probeError, Double changeError, RunResult outcome, StepResult step) {
        if (probeError == null) {
            return;
        }
        double bar =
                CalibrateCommand.barMs(step.latencyMs().get(kind.visibleTruth()).p50());
        out.printf(
                Locale.ROOT,
                "calibration: %s p50 is %+.2f ms from %s, its exact reading at the probes' instants"
                        + " (bar ±%.1f ms: %s)%n",
                kind.visible(),
                probeError,
                kind.visibleTruth(),
                bar,
                verdict(probeError, bar));
        if (changeError == null) {
            return;
        }
        OptionalDouble gapMs = changeGapMs(outcome, step, kind);
        out.printf(
                Locale.ROOT,
                "calibration: %s p50 is %+.2f ms from %s, the %ss' own latency: the newest visible %s is that"
                        + " much older, as a generator's %ss come %s (no bar)%n",
                kind.visible(),
                changeError,
                kind.ownTruth(),
                kind.noun(),
                kind.noun(),
                kind.noun(),
                gapMs.isPresent()
                        ? String.format(Locale.ROOT, "%.1f ms apart on average", gapMs.getAsDouble())
                        : "only so often");
    }

    /** A generator's burst of {@code batchSize} events every batchSize × generators / rate. */
    private static OptionalDouble burstIntervalMs(RunResult outcome, StepResult step) {
        Integer generators = outcome.scenario().generators();
        if (step.rate() == null || step.batchSize() == null || generators == null) {
            return OptionalDouble.empty();
        }
        return perGenerator(step.rate().achievedEventsPerSec() / step.batchSize(), generators);
    }

    /** The mean time between a generator's changes of one kind: its share of the events, at the achieved rate. */
    private static OptionalDouble changeGapMs(RunResult outcome, StepResult step, Change kind) {
        Integer generators = outcome.scenario().generators();
        if (step.rate() == null || step.events() == null || step.events().operations() == null || generators == null) {
            return OptionalDouble.empty();
        }
        StepResult.Operations ops = step.events().operations();
        long all = ops.inserts() + ops.updates() + ops.deletes();
        long some = kind == Change.UPDATE ? ops.updates() : ops.deletes();
        return all == 0
                ? OptionalDouble.empty()
                : perGenerator(step.rate().achievedEventsPerSec() * some / all, generators);
    }

    private static OptionalDouble perGenerator(double perSec, int generators) {
        return perSec <= 0 ? OptionalDouble.empty() : OptionalDouble.of(1_000.0 * generators / perSec);
    }

    private static String verdict(double errorMs, double barMs) {
        return Math.abs(errorMs) <= barMs ? "within" : "OUTSIDE";
    }
}
