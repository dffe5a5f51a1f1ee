package io.rtbench.report;

import picocli.CommandLine.Command;

/** {@code rtbench} as far as this module's commands go, so that their tests see the names and errors users see. */
@Command(
        name = "rtbench",
        subcommands = {ReportCommand.class, CompareCommand.class})
final class ReportCommands {}
