package io.rtbench.cli.run;

import io.rtbench.cli.support.BridgeOptions;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.OutputOptions;
import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.ProbeOptions;
import io.rtbench.cli.support.RepetitionOptions;
import io.rtbench.cli.support.WorkloadOptions;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Calibration;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench calibrate}: the whole pipeline against the {@code reference} target, which makes every event visible
 * after a known delay and records when it truly did. The result holds the evaluator's {@code data} beside the
 * {@code truth}, and their difference: how far to trust the harness on this machine (docs/MEASUREMENT.md; the bar:
 * data p50 within max(2 ms, 2 %) of truth p50).
 */
@Command(
        name = "calibrate",
        mixinStandardHelpOptions = true,
        defaultValueProvider = Defaults.class,
        sortOptions = false,
        showDefaultValues = true,
        description = "Measure the harness's own error against a reference target with a known visibility delay.")
public final class CalibrateCommand implements Callable<Integer> {

    /** The bar of docs/MEASUREMENT.md: data p50 within max(2 ms, 2 %) of the truth's p50. */
    static final double BAR_MIN_MS = 2.0;

    static final double BAR_SHARE = 0.02;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--visibility-delay",
            defaultValue = "200ms",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long after a write events become visible.")
    Duration visibilityDelay;

    @Option(
            names = "--jitter",
            defaultValue = "50ms",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Uniform ± jitter of that delay, per write call; at most the delay.")
    Duration jitter;

    @Option(
            names = "--pipeline",
            defaultValue = "kafka-bridge",
            paramLabel = "NAME",
            description = "kafka-bridge or direct.")
    String pipeline;

    @Mixin
    PacingOptions pacing;

    @Mixin
    WorkloadOptions workload;

    @Mixin
    ProbeOptions probe;

    @Mixin
    BridgeOptions bridge;

    @Mixin
    RepetitionOptions repetitions;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        if (visibilityDelay.isNegative() || jitter.isNegative() || jitter.compareTo(visibilityDelay) > 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--visibility-delay must be 0 or more and --jitter between 0 and the delay, got delay "
                            + Durations.format(visibilityDelay) + " and jitter " + Durations.format(jitter));
        }
        if (pipeline.equalsIgnoreCase("kafka-connect")) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--pipeline must be kafka-bridge or direct (the reference target lives in"
                            + " rtbench's own process)");
        }
        RunSpecBuilder builder = new RunSpecBuilder();
        builder.target = "reference";
        builder.pipeline = pipeline;
        builder.targetUrl = "reference://calibrate";
        builder.targetOptions = Map.of(
                "visibility.delay", Durations.format(visibilityDelay), "visibility.jitter", Durations.format(jitter));
        builder.rate = pacing.rate().toString();
        builder.batchSize = pacing.batchSize();
        builder.generators = pacing.generators();
        builder.docSize = pacing.docSize();
        builder.seed = pacing.seed();
        builder.prefill = pacing.prefill();
        builder.duration = Durations.format(pacing.duration());
        builder.warmup = Durations.format(pacing.warmup());
        builder.probeInterval = Durations.format(probe.interval());
        builder.probeTimeout = Durations.format(probe.timeout());
        builder.bridgeBatchSize = bridge.batchSize();
        builder.bridgeLinger = Durations.format(bridge.linger());
        builder.bridgeThreads = bridge.threads();
        builder.result = output.result() == null ? null : output.result().toString();
        builder.forks = repetitions.forks();
        builder.iterations = repetitions.iterations();
        builder.iterationTime =
                repetitions.iterationTime() == null ? null : Durations.format(repetitions.iterationTime());
        builder.warmupIterations = repetitions.warmupIterations();
        builder.forkServers = repetitions.forkServers();
        builder.workload = workload.workload();
        builder.updates = workload.updates();
        builder.deletes = workload.deletes();
        builder.updateMode = workload.updateMode();
        builder.minRowAge = workload.minRowAge();
        // workload mixed names its read rate, so that the refusal is the reference target's: it has no reads
        builder.readRate = workload.mixed().readRate();
        builder.readShare = workload.mixed().readShare();
        RunSpec run = RunCommand.resolve(spec, builder, "calibrate");
        Step only =
                RunLauncher.step(run, 1, run.rates().get(0), run.batchSizes().get(0));
        StepSource steps = new StepSource() {
            @Override
            public Optional<Step> next(List<StepResult> finished) {
                return finished.isEmpty() ? Optional.of(only) : Optional.empty();
            }

            @Override
            public RunResult conclude(RunResult result) {
                return result.steps().isEmpty()
                        ? result
                        : result.withCalibration(calibration(result.steps().get(0), visibilityDelay, jitter));
            }
        };
        RunResult outcome = RunLauncher.launch(
                run,
                output.prometheusHost(),
                output.prometheusPort(),
                spec.commandLine().getOut(),
                steps);
        print(outcome, spec.commandLine().getOut());
        return CommandLines.OK;
    }

    static Calibration calibration(StepResult step, Duration delay, Duration jitter) {
        return new Calibration(
                delay.toNanos() / 1e6,
                jitter.toNanos() / 1e6,
                p50Error(step, Metrics.DATA, Metrics.TRUTH),
                p99Error(step),
                p50Error(step, Metrics.UPDATE_VISIBLE, Metrics.UPDATE_TRUTH),
                p50Error(step, Metrics.DELETE_VISIBLE, Metrics.DELETE_TRUTH),
                p50Error(step, Metrics.UPDATE_VISIBLE, Metrics.UPDATE_VISIBLE_TRUTH),
                p50Error(step, Metrics.DELETE_VISIBLE, Metrics.DELETE_VISIBLE_TRUTH));
    }

    private static Double p50Error(StepResult step, String measured, String truth) {
        LatencySummary probe = step.latencyMs().get(measured);
        LatencySummary real = step.latencyMs().get(truth);
        return probe == null || real == null ? null : probe.p50() - real.p50();
    }

    private static Double p99Error(StepResult step) {
        LatencySummary data = step.latencyMs().get(Metrics.DATA);
        LatencySummary truth = step.latencyMs().get(Metrics.TRUTH);
        return data == null || truth == null ? null : data.p99() - truth.p99();
    }

    /** The bar of docs/MEASUREMENT.md for a truth whose p50 is {@code truthP50Ms}. */
    static double barMs(double truthP50Ms) {
        return Math.max(BAR_MIN_MS, BAR_SHARE * truthP50Ms);
    }

    static void print(RunResult outcome, PrintWriter out) {
        Calibration calibration = outcome.calibration();
        if (calibration == null
                || calibration.p50ErrorMs() == null
                || outcome.steps().isEmpty()) {
            out.println("calibration: no result (the run was interrupted or nothing was measured)");
            return;
        }
        Map<String, LatencySummary> latencies = outcome.steps().get(0).latencyMs();
        double bar = barMs(latencies.get(Metrics.TRUTH).p50());
        out.printf(
                Locale.ROOT,
                "calibration: data p50 is %+.2f ms from the truth (bar ±%.1f ms: %s), p99 %+.2f ms%n",
                calibration.p50ErrorMs(),
                bar,
                verdict(calibration.p50ErrorMs(), bar),
                calibration.p99ErrorMs());
        printChange(out, "update", calibration.updateProbeP50ErrorMs(), calibration.updateP50ErrorMs(), latencies);
        printChange(out, "delete", calibration.deleteProbeP50ErrorMs(), calibration.deleteP50ErrorMs(), latencies);
        out.flush();
    }

    /**
     * @param probeError the metric against what it should have read at the probes' instants: judged by the bar
     * @param changeError the metric against the changes' own latency: said beside, with why it is larger
     */
    private static void printChange(
            PrintWriter out,
            String kind,
            Double probeError,
            Double changeError,
            Map<String, LatencySummary> latencies) {
        if (probeError == null) {
            return;
        }
        String metric = kind + "Visible";
        double bar = barMs(latencies.get(metric + "Truth").p50());
        out.printf(
                Locale.ROOT,
                "calibration: %s p50 is %+.2f ms from %sTruth, its exact reading at the probes' instants"
                        + " (bar ±%.1f ms: %s)%n",
                metric,
                probeError,
                metric,
                bar,
                verdict(probeError, bar));
        if (changeError != null) {
            out.printf(
                    Locale.ROOT,
                    "calibration: %s p50 is %+.2f ms from %sTruth, the %ss' own latency: the newest visible %s is"
                            + " that much older, as %ss become visible only every few ms (no bar)%n",
                    metric,
                    changeError,
                    kind,
                    kind,
                    kind,
                    kind);
        }
    }

    private static String verdict(double errorMs, double barMs) {
        return Math.abs(errorMs) <= barMs ? "within" : "OUTSIDE";
    }
}
