package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Defaults;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench run}: one scenario — start → prefill → per step (rate × batch size) warmup, measured phase, audit →
 * result file.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        defaultValueProvider = Defaults.class,
        showDefaultValues = true,
        sortOptions = false,
        description = "Run one scenario (YAML file and/or flags): servers, prefill, warmup, measured step(s), audit,"
                + " result file.")
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RunOptions options;

    @Override
    public Integer call() {
        RunSpec run = resolve(spec, options.resolved(spec), "run");
        RunLauncher.launch(run, options, spec.commandLine().getOut(), RunLauncher.planned(run));
        return CommandLines.OK;
    }

    /** The run the flags and scenario describe; a usage error (exit 2) naming the setting otherwise. */
    static RunSpec resolve(CommandLine.Model.CommandSpec command, RunSpecBuilder builder, String name) {
        try {
            return builder.build(defaultResult(name));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(command.commandLine(), e.getMessage(), e);
        }
    }

    static String defaultResult(String command) {
        return "rtbench-out/" + command + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".json";
    }
}
