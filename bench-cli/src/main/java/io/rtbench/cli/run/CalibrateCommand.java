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
import io.rtbench.core.Bounds;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.metrics.Metrics.Change;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Calibration;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import java.net.URI;
import java.time.Duration;
import java.util.List;
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
            defaultValue = Defaults.PIPELINE,
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
        try {
            Bounds.notNegative("--visibility-delay", visibilityDelay);
            Bounds.notNegative("--jitter", jitter);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (jitter.compareTo(visibilityDelay) > 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--jitter must be at most --visibility-delay (" + Durations.format(visibilityDelay) + "), got "
                            + Durations.format(jitter));
        }
        if (pipeline.equalsIgnoreCase("kafka-connect")) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--pipeline must be kafka-bridge or direct (the reference target lives in"
                            + " rtbench's own process)");
        }
        FlagConflicts.refuse(spec);
        RunSpecBuilder builder = RunSpecBuilder.measuring(pacing, workload, probe, bridge, repetitions, output);
        builder.target(target -> target.withKind("reference")
                        .withUrl(URI.create("reference://calibrate"))
                        .withOptions(Map.of(
                                "visibility.delay",
                                Durations.format(visibilityDelay),
                                "visibility.jitter",
                                Durations.format(jitter))))
                .run(run -> run.withPipeline(pipeline));
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
        CalibrationLines.print(outcome, spec.commandLine().getOut());
        RunLauncher.requireMeasured(outcome, run);
        return CommandLines.OK;
    }

    static Calibration calibration(StepResult step, Duration delay, Duration jitter) {
        return new Calibration(
                delay.toNanos() / 1e6,
                jitter.toNanos() / 1e6,
                p50Error(step, Metrics.DATA, Metrics.TRUTH),
                p99Error(step),
                p50Error(step, Change.UPDATE.visible(), Change.UPDATE.ownTruth()),
                p50Error(step, Change.DELETE.visible(), Change.DELETE.ownTruth()),
                p50Error(step, Change.UPDATE.visible(), Change.UPDATE.visibleTruth()),
                p50Error(step, Change.DELETE.visible(), Change.DELETE.visibleTruth()));
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
}
