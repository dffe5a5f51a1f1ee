package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rtbench sweep --rates R1,R2,…}: data latency at each rate (and batch size), as the paper's figures 4–9. */
@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Measure data latency at each of a list of rates (p50/p95/p99 versus ingest rate).")
public final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--rates", split = ",", paramLabel = "RATE", description = "The rates, e.g. 1MB,2MB,4MB.")
    List<String> rates;

    @Mixin
    RunOptions options;

    @Override
    public Integer call() {
        RunSpecBuilder builder = options.resolved();
        if (rates != null) {
            builder.rates = rates;
        }
        if (builder.rates == null || builder.rates.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--rates is required (or 'rates:' in the scenario), e.g. --rates 1MB,2MB,4MB");
        }
        RunSpec run = RunCommand.resolve(spec, builder, "sweep");
        RunLauncher.launch(
                run, options.prometheusPort, spec.commandLine().getOut(), session -> session.runSteps(run.steps()));
        return CommandLines.OK;
    }
}
