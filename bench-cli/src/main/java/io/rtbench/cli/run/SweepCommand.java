package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Defaults;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code rtbench sweep --rates R1,R2,…}: data latency at each rate (and batch size), as the paper's figures 4–9. */
@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        defaultValueProvider = Defaults.class,
        showDefaultValues = true,
        sortOptions = false,
        description = "Measure data latency at each of a list of rates (p50/p95/p99 versus ingest rate).")
public final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RunOptions options;

    @Override
    public Integer call() {
        RunSpecBuilder builder = options.resolved(spec);
        if (builder.rates == null || builder.rates.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--rates is required (or 'rates:' in the scenario), e.g. --rates 1MB,2MB,4MB");
        }
        RunSpec run = RunCommand.resolve(spec, builder, "sweep");
        RunLauncher.launch(run, options, spec.commandLine().getOut(), RunLauncher.planned(run));
        return CommandLines.OK;
    }
}
