package io.rtbench.cli.run;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code rtbench run}: one scenario — start → prefill → per step (rate × batch size) warmup, measured phase, audit →
 * result file.
 */
@Command(
        name = "run",
        description = "Run one scenario (YAML file and/or flags): servers, prefill, warmup, measured step(s), audit,"
                + " result file.")
public final class RunCommand extends PlannedRunCommand {

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
