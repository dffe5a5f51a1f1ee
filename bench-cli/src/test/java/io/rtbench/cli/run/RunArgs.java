package io.rtbench.cli.run;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.pacing.Rate;
import picocli.CommandLine;

/** A pipeline command's arguments parsed as {@code rtbench} parses them: defaults < scenario file < flags. */
final class RunArgs {

    private RunArgs() {}

    /** The settings of {@code rtbench COMMAND ARGS…} ({@code run}, {@code sweep} or {@code peak}), not yet checked. */
    static RunSpecBuilder parse(String command, String... args) {
        CommandLine line = CommandLines.commandLine(new RtbenchCommand());
        CommandLine.ParseResult parsed = line.parseArgs(with(command, args));
        Object parsedCommand = parsed.subcommand().commandSpec().userObject();
        if (parsedCommand instanceof PeakCommand peak) {
            return peak.builder(Rate.parse(peak.startRate));
        }
        return ((PlannedRunCommand) parsedCommand).builder();
    }

    /** The options of {@code rtbench COMMAND ARGS…} ({@code run} or {@code sweep}) as picocli filled them. */
    static RunOptions options(String command, String... args) {
        CommandLine.ParseResult parsed =
                CommandLines.commandLine(new RtbenchCommand()).parseArgs(with(command, args));
        return ((PlannedRunCommand) parsed.subcommand().commandSpec().userObject()).options;
    }

    private static String[] with(String command, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = command;
        System.arraycopy(args, 0, all, 1, args.length);
        return all;
    }
}
