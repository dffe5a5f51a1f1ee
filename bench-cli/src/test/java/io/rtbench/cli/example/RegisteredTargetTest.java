package io.rtbench.cli.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.target.Targets;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Adding a target is a driver and a services line: every list a user sees comes from the registered providers. This
 * test source set registers {@link ExampleTargetProvider} and nothing else.
 */
class RegisteredTargetTest {

    @Test
    void aRegisteredKindIsListedInTheHelpOfEveryCommandThatTakesATarget() {
        assertThat(Targets.kinds()).contains(ExampleTargetProvider.KIND);
        for (String command : new String[] {"run", "sweep", "peak", "bridge", "evaluate", "produce"}) {
            assertThat(help(command)).as(command).contains(ExampleTargetProvider.KIND);
        }
    }

    @Test
    void anUnregisteredKindIsAUsageErrorThatListsTheRegisteredOnes() {
        StringWriter err = new StringWriter();
        CommandLine command = CommandLines.commandLine(new RtbenchCommand());
        command.setErr(new PrintWriter(err, true));

        int exit = command.execute("run", "--target", "exampel");

        assertThat(exit).isEqualTo(CommandLines.USAGE);
        assertThat(err.toString()).contains("unknown target kind 'exampel'").contains(ExampleTargetProvider.KIND);
    }

    private static String help(String command) {
        StringWriter out = new StringWriter();
        CommandLine commandLine = CommandLines.commandLine(new RtbenchCommand());
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.execute(command, "--help");
        return out.toString();
    }
}
