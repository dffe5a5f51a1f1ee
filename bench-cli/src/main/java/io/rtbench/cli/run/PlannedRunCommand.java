package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.FaultOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * A command that runs the steps its scenario plans ({@code run}, {@code sweep}; docs/GUIDE.md): the run options and the
 * faults injected into each step (docs/MEASUREMENT.md, "Freshness under faults"), the run resolved under the command's
 * name, launched. {@code peak} takes no faults: a fault in its search's steps would lower the peak it finds.
 */
abstract class PlannedRunCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RunOptions options;

    @Mixin
    FaultOptions faults;

    @Override
    public final Integer call() {
        RunSpecBuilder builder = builder();
        refuse(builder);
        RunSpec run = RunCommand.resolve(spec, builder, spec.name());
        RunLauncher.requireMeasured(
                RunLauncher.launch(run, options, spec.commandLine().getOut(), RunLauncher.planned(run)), run);
        return CommandLines.OK;
    }

    /** The run the options and faults describe, before its settings are checked together. */
    RunSpecBuilder builder() {
        RunSpecBuilder builder = options.builder();
        builder.faults = faults.faults();
        return builder;
    }

    /** Throws a usage error for a scenario this command cannot run; accepts every one by default. */
    void refuse(RunSpecBuilder builder) {}
}
