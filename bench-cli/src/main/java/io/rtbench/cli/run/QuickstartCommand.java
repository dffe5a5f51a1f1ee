package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.PrometheusOptions;
import io.rtbench.cli.support.UsageException;
import io.rtbench.core.Bounds;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.time.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench quickstart}: the README's first command. No arguments, no Docker: a local Kafka broker (in this JVM)
 * and a local OpenSearch (child process), the bridge, the evaluator, a short rate sweep; a table, a result file and a
 * report. About three minutes on two cores.
 */
@Command(
        name = "quickstart",
        description = "A short rate sweep on a local Kafka and a local OpenSearch (no Docker): table, result, report.")
public final class QuickstartCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--rates",
            split = ",",
            defaultValue = "1MB,2MB,4MB",
            paramLabel = "RATE",
            converter = Converters.RateConverter.class,
            description = "The sweep's rates.")
    List<Rate> rates;

    @Option(
            names = "--step-duration",
            defaultValue = "30s",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Measured length of each step.")
    Duration stepDuration;

    @Option(
            names = "--prefill",
            paramLabel = "N",
            description = "Events written first, as fast as possible, not measured: they warm up the freshly started"
                    + " OpenSearch, whose refreshes take seconds in its first minute"
                    + " (docs/GUIDE.md, \"rtbench quickstart\"). 0: none.")
    long prefill;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where the result and report go (default rtbench-out/quickstart-<time>).")
    Path out;

    @Mixin
    PrometheusOptions prometheus;

    @Override
    public Integer call() {
        try {
            // the run's check would name --duration, a flag quickstart does not have
            Bounds.positive("--step-duration", stepDuration);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path dir = out != null
                ? out
                : Path.of(
                        "rtbench-out",
                        "quickstart-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        RunSpecBuilder builder = RunSpecBuilder.defaults()
                .target(target -> target.withKind("opensearch"))
                .run(run -> run.withPipeline("kafka-bridge").withServers("local"))
                .pacing(pacing -> pacing.withDuration(stepDuration)
                        .withWarmup(Duration.ofSeconds(5))
                        .withPrefill(prefill)
                        .withGenerators(2));
        builder.rates = rates;
        builder.result = dir.resolve("result.json");
        RunSpec run = RunCommand.resolve(spec, builder, "quickstart");
        spec.commandLine()
                .getOut()
                .printf(
                        "rtbench quickstart: %s via %s at %s, %s per step; results in %s%n",
                        run.target().kind(),
                        run.pipeline().cliName(),
                        rates.stream().map(Rate::toString).collect(Collectors.joining(", ")),
                        Durations.format(stepDuration),
                        dir);
        RunResult outcome = RunLauncher.launch(
                run,
                prometheus.prometheusHost(),
                prometheus.prometheusPort(),
                spec.commandLine().getOut(),
                RunLauncher.planned(run));
        RunLauncher.requireMeasured(outcome, run);
        return CommandLines.OK;
    }
}
