package io.rtbench.cli.support;

import io.rtbench.core.BenchmarkException;
import io.rtbench.core.Causes;
import io.rtbench.core.engine.RunInterruptedException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * Runs a picocli command with rtbench's conventions (docs/GUIDE.md): exit 0 ok, 1 failure, 2 usage error, 130 after
 * Ctrl-C ({@link RunInterruptedException}); every error is one line on stderr naming the problem, never a stack trace
 * (that goes to the log file).
 */
public final class CommandLines {

    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;

    private CommandLines() {}

    /** Configures logging for {@code processName}, runs {@code command} with {@code args} and returns the exit code. */
    public static int execute(String processName, Callable<Integer> command, String... args) {
        LogFiles.configure(processName);
        return commandLine(command).execute(args);
    }

    /**
     * A command line with rtbench's error handling and {@link #conventions}, for callers that add subcommands first.
     */
    public static CommandLine commandLine(Object command) {
        CommandLine commandLine = new CommandLine(command);
        conventions(commandLine);
        Converters.registerConverters(commandLine);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setUsageHelpAutoWidth(true);
        commandLine.setParameterExceptionHandler(CommandLines::usageError);
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> failure(e, cmd));
        return commandLine;
    }

    /**
     * What every rtbench command has, set here once rather than in each {@code @Command} so that no command can miss
     * one: {@code --help} and {@code --version}, its defaults from {@link Defaults} and shown in {@code --help}, its
     * options in the order declared (grouped by topic, as the mixins declare them), and the options a command or mixin
     * tailors to the command ({@link TailoredOptions}).
     */
    private static void conventions(CommandLine line) {
        CommandLine.Model.CommandSpec spec = line.getCommandSpec();
        if (!spec.mixinStandardHelpOptions()) {
            spec.mixinStandardHelpOptions(true);
        }
        spec.versionProvider(new VersionProvider());
        spec.defaultValueProvider(new Defaults());
        Defaults.withoutDeclaredDefaults(spec);
        spec.usageMessage().showDefaultValues(true).sortOptions(false);
        Stream.concat(Stream.of(spec), spec.mixins().values().stream())
                .map(CommandLine.Model.CommandSpec::userObject)
                .filter(TailoredOptions.class::isInstance)
                .forEach(tailored -> ((TailoredOptions) tailored).tailor(spec));
        line.getSubcommands().values().forEach(CommandLines::conventions);
    }

    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + inUsersWords(e) + " (see --help)");
        return USAGE;
    }

    /**
     * picocli's "Invalid value for option '--forks': …" (of a list option: "… '--rates' (RATE): …") and "Missing required
     * option: '--x=HOST'" in rtbench's words.
     */
    private static final Pattern INVALID_VALUE = Pattern.compile(
            "Invalid value for option '([^']+)'(?: at index \\d+)?(?: \\([^)]*\\))?: (.*)", Pattern.DOTALL);

    private static final Pattern MISSING_OPTION = Pattern.compile("Missing required option: '(--[a-z-]+)[^']*'");

    /** picocli's words for a map option's value without '=': "Value for option option '--set' … but was foo". */
    private static final Pattern NOT_A_PAIR = Pattern.compile(
            "Value for option option '(--[\\w-]+)' .* should be in KEY=VALUE.* format but was (.*)", Pattern.DOTALL);

    /**
     * The message of a usage error found while parsing, in the wording every command uses (docs/GUIDE.md, "One
     * mistake, one exit code, one wording"): {@code unknown option --rats}, {@code --forks: 'x' is not a whole
     * number}, {@code --prometheus-port must be between 0 and 65535, got 70000}, {@code --target is required}.
     */
    static String inUsersWords(CommandLine.ParameterException e) {
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched && unmatched.isUnknownOption()) {
            return "unknown option " + unmatched.getUnmatched().get(0);
        }
        CommandLine.Model.CommandSpec command = e.getCommandLine().getCommandSpec();
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched
                && !command.subcommands().isEmpty()) {
            // picocli said "Unmatched argument at index 0: 'nosuch'" for a command name it does not know
            return "unknown command '" + unmatched.getUnmatched().get(0) + "'; one of "
                    + String.join(
                            ", ",
                            command.subcommands().values().stream()
                                    .map(CommandLine::getCommandName)
                                    .distinct()
                                    .toList());
        }
        String message = e.getMessage();
        Matcher invalid = INVALID_VALUE.matcher(message);
        if (invalid.matches()) {
            String why = invalid.group(2);
            return invalid.group(1) + (why.startsWith("must ") ? " " : ": ") + why;
        }
        Matcher notAPair = NOT_A_PAIR.matcher(message);
        if (notAPair.matches()) {
            return notAPair.group(1) + " must be NAME=VALUE, e.g. " + notAPair.group(1) + " name=value; got '"
                    + notAPair.group(2) + "'";
        }
        Matcher missing = MISSING_OPTION.matcher(message);
        if (missing.matches()) {
            return missing.group(1) + " is required";
        }
        return message;
    }

    private static int failure(Exception e, CommandLine cmd) {
        PrintWriter err = cmd.getErr();
        String name = cmd.getCommandSpec().qualifiedName();
        if (e instanceof UsageException) {
            err.println(name + ": " + e.getMessage() + " (see --help)");
            return USAGE;
        }
        Logger log = LoggerFactory.getLogger(CommandLines.class);
        if (e instanceof RunInterruptedException interrupted) {
            // Ctrl-C is the user's wish, not a failure: the line says where the run was and what it wrote
            log.info("{} {}", name, e.getMessage());
            err.println(name + ": " + e.getMessage());
            return interrupted.exitCode();
        }
        if (e instanceof BenchmarkException || e instanceof IllegalArgumentException) {
            log.error("{} failed: {}", name, e.getMessage(), e);
            err.println(name + ": " + e.getMessage());
            return FAILURE;
        }
        // A bug or an unexpected library failure: one line here, the whole story in the log.
        log.error("{} failed unexpectedly", name, e);
        err.println(name + ": " + Causes.oneLine(e) + " (details in " + LogFiles.current() + ")");
        return FAILURE;
    }
}
