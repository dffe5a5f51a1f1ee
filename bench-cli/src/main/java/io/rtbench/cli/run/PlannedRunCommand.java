package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * A command that runs the steps its scenario plans ({@code run}, {@code sweep}; docs/GUIDE.md): the run options, the
 * run resolved under the command's name, launched.
 */
abstract class PlannedRunCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RunOptions options;

    @Override
    public final Integer call() {
        RunSpecBuilder builder = builder();
        refuse(builder);
        RunSpec run = RunCommand.resolve(spec, builder, spec.name());
        RunLauncher.requireMeasured(
                RunLauncher.launch(run, options, spec.commandLine().getOut(), RunLauncher.planned(run)), run);
        return CommandLines.OK;
    }

    /** The run the options describe, before its settings are checked together. */
    RunSpecBuilder builder() {
        return options.builder();
    }

    /** Throws a usage error for a scenario this command cannot run; accepts every one by default. */
    void refuse(RunSpecBuilder builder) {}
}
