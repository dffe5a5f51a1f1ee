package io.rtbench.cli.run;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rtbench sweep --rates R1,R2,…}: data latency at each rate (and batch size), as the paper's figures 4–9. */
@Command(
        name = "sweep",
        description = "Measure data latency at each of a list of rates (p50/p95/p99 versus ingest rate).")
public final class SweepCommand extends PlannedRunCommand {

    @Override
    void refuse(RunSpecBuilder builder) {
        if (builder.rates == null || builder.rates.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--rates is required (or 'rates:' in the scenario), e.g. --rates 1MB,2MB,4MB");
        }
    }
}
