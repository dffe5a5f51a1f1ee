package io.rtbench.cli.run;

import io.rtbench.cli.support.Given;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Flags that say the same thing two ways, or of which one would be ignored with the other (docs/GUIDE.md, "Every flag
 * means what it says"): a usage error before anything starts, under every pipeline command that has both. Said by the
 * user means a flag, or a key of the scenario file; a flag overrides the file, so a flag and the other key of the file
 * are no conflict.
 */
final class FlagConflicts {

    /** One pair and why the two do not go together. */
    private record Conflict(String one, String other, String why) {}

    private static final List<Conflict> CONFLICTS = List.of(
            new Conflict("--rates", "--rate", "a step per rate, or one step"),
            new Conflict("--batch-sizes", "--batch-size", "steps per batch size, or one batch size"),
            new Conflict(
                    "--iteration-time",
                    "--duration",
                    "with --iteration-time the measured phase is --iterations windows of it, and --duration plays"
                            + " no part"));

    private FlagConflicts() {}

    /** A usage error naming both flags when the user said two that conflict. */
    static void refuse(CommandSpec command) {
        Given given = Given.of(command);
        for (Conflict conflict : CONFLICTS) {
            if (command.findOption(conflict.one()) == null || command.findOption(conflict.other()) == null) {
                continue;
            }
            boolean bothFlags = given.onCommandLine(conflict.one()) && given.onCommandLine(conflict.other());
            boolean bothInFile = !given.onCommandLine(conflict.one())
                    && !given.onCommandLine(conflict.other())
                    && given.text(conflict.one()) != null
                    && given.text(conflict.other()) != null;
            if (bothFlags || bothInFile) {
                throw new CommandLine.ParameterException(
                        command.commandLine(),
                        "give " + conflict.one() + " or " + conflict.other() + ", not both"
                                + (bothInFile ? " (the scenario file has both)" : "") + ": " + conflict.why());
            }
        }
    }
}
