package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command and subcommand of {@code rtbench} has the conventions {@link CommandLines} sets once: {@code --help},
 * a {@code --version} that prints the version (it printed nothing under {@code run} while each command set its own
 * attributes), and defaults in the user's grammar.
 */
class CommandConventionsTest {

    /** How picocli shows a default the user never wrote: a Java duration, an empty map or list, a null. */
    private static final Pattern JAVA_GRAMMAR = Pattern.compile("Default: (PT\\w+|\\{}|\\[]|null)");

    /** The words that name each command, {@code []} for {@code rtbench} itself, e.g. {@code [servers, start]}. */
    private static List<List<String>> everyCommand() {
        List<List<String>> all = new ArrayList<>();
        collect(CommandLines.commandLine(new RtbenchCommand()), List.of(), all);
        return all;
    }

    private static void collect(CommandLine line, List<String> path, List<List<String>> all) {
        all.add(path);
        line.getSubcommands().forEach((name, sub) -> {
            List<String> subPath = new ArrayList<>(path);
            subPath.add(name);
            collect(sub, subPath, all);
        });
    }

    /** Runs {@code rtbench <command> <option>} as a user would, from the top command; returns what it printed. */
    private static String run(List<String> command, String option) {
        CommandLine rtbench = CommandLines.commandLine(new RtbenchCommand());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        rtbench.setOut(new PrintWriter(out, true));
        rtbench.setErr(new PrintWriter(err, true));
        List<String> args = new ArrayList<>(command);
        args.add(option);
        assertThat(rtbench.execute(args.toArray(String[]::new)))
                .as("%s: %s", args, err)
                .isZero();
        return out.toString();
    }

    @Test
    void everyCommandPrintsTheVersion() {
        List<List<String>> commands = everyCommand();
        assertThat(commands).hasSizeGreaterThan(15);
        for (List<String> command : commands) {
            assertThat(run(command, "--version"))
                    .as(command.toString())
                    .isEqualTo("rtbench " + RunResult.Tool.current().version() + System.lineSeparator());
        }
    }

    @Test
    void everyCommandsHelpShowsItsDefaultsInTheUsersGrammar() {
        for (List<String> command : everyCommand()) {
            String help = run(command, "--help");
            String name = command.toString();
            assertThat(help).as(name).contains("-h, --help").contains("-V, --version");
            assertThat(JAVA_GRAMMAR.matcher(help).find())
                    .as(name + ":\n" + help)
                    .isFalse();
        }
    }

    @Test
    void optionsStandInTheOrderTheyAreDeclared() {
        String help = run(List.of("report"), "--help");
        String options = help.substring(help.indexOf("RESULT.json...  ")); // the list, not the synopsis
        assertThat(options.indexOf("--html=")).isLessThan(options.indexOf("--csv="));
        assertThat(options.indexOf("--csv=")).isLessThan(options.indexOf("--format="));
    }
}
