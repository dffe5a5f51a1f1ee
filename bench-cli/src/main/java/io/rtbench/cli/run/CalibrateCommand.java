package io.rtbench.cli.run;

import io.rtbench.cli.run.RunSpec.StepPlan;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Calibration;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench calibrate}: the whole pipeline against the {@code reference} target, which makes every event visible
 * after a known delay and records when it truly did. The result holds the evaluator's {@code data} beside the
 * {@code truth}, and their difference: how far to trust the harness on this machine (spec section 4; the bar, section
 * 8: data p50 within max(5 ms, 5 %) of truth p50).
 */
@Command(
        name = "calibrate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        showDefaultValues = true,
        description = "Measure the harness's own error against a reference target with a known visibility delay.")
public final class CalibrateCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--visibility-delay",
            defaultValue = "200ms",
            description = "How long after a write events become visible.")
    String visibilityDelay;

    @Option(names = "--jitter", defaultValue = "50ms", description = "Uniform ± jitter of that delay, per write call.")
    String jitter;

    @Option(names = "--pipeline", defaultValue = "kafka-bridge", description = "kafka-bridge or direct.")
    String pipeline;

    @Option(
            names = "--rate",
            defaultValue = "2000/s",
            description = "A low rate: the bar holds where the sink keeps up.")
    String rate;

    @Option(names = "--batch-size", defaultValue = "10", description = "Events per send burst.")
    int batchSize;

    @Option(names = "--duration", defaultValue = "30s", description = "Measured length.")
    String duration;

    @Option(names = "--probe-interval", defaultValue = "100ms", description = "Time between probes (more samples).")
    String probeInterval;

    @Option(
            names = "--result",
            paramLabel = "FILE",
            description = "The result file (default rtbench-out/calibrate-<time>.json).")
    String result;

    @Option(names = "--prometheus-port", defaultValue = "0", description = "Port of /metrics on 127.0.0.1 (0: none).")
    int prometheusPort;

    @Override
    public Integer call() {
        RunSpecBuilder builder = new RunSpecBuilder();
        builder.target = "reference";
        builder.pipeline = pipeline;
        builder.targetUrl = "reference://calibrate";
        builder.targetOptions = Map.of("visibility.delay", visibilityDelay, "visibility.jitter", jitter);
        builder.rate = rate;
        builder.batchSize = batchSize;
        builder.duration = duration;
        builder.warmup = "5s";
        builder.probeInterval = probeInterval;
        builder.bridgeLinger = "1ms";
        builder.result = result;
        RunSpec run = RunCommand.resolve(spec, builder, "calibrate");
        Duration delay = Durations.parse(visibilityDelay);
        Duration spread = Durations.parse(jitter);
        RunResult outcome =
                RunLauncher.launch(run, prometheusPort, spec.commandLine().getOut(), session -> {
                    StepResult step = session.runStep(new StepPlan(run.rates().get(0), batchSize));
                    if (step != null) {
                        session.update(session.result().withCalibration(calibration(step, delay, spread)));
                    }
                    return session.result();
                });
        print(outcome, spec.commandLine().getOut());
        return CommandLines.OK;
    }

    static Calibration calibration(StepResult step, Duration delay, Duration jitter) {
        LatencySummary data = step.latencyMs().get(Metrics.DATA);
        LatencySummary truth = step.latencyMs().get(Metrics.TRUTH);
        Double p50Error = data == null || truth == null ? null : data.p50() - truth.p50();
        Double p99Error = data == null || truth == null ? null : data.p99() - truth.p99();
        return new Calibration(delay.toNanos() / 1e6, jitter.toNanos() / 1e6, p50Error, p99Error);
    }

    private static void print(RunResult outcome, PrintWriter out) {
        Calibration calibration = outcome.calibration();
        if (calibration == null
                || calibration.p50ErrorMs() == null
                || outcome.steps().isEmpty()) {
            out.println("calibration: no result (the run was interrupted or nothing was measured)");
            return;
        }
        LatencySummary truth = outcome.steps().get(0).latencyMs().get(Metrics.TRUTH);
        double bar = Math.max(5.0, 0.05 * truth.p50());
        out.printf(
                Locale.ROOT,
                "calibration: data p50 is %+.2f ms from the truth (bar ±%.1f ms: %s), p99 %+.2f ms%n",
                calibration.p50ErrorMs(),
                bar,
                Math.abs(calibration.p50ErrorMs()) <= bar ? "within" : "OUTSIDE",
                calibration.p99ErrorMs());
        out.flush();
    }
}
