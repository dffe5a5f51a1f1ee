package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One mistake, one exit code, one wording, whatever the command (docs/GUIDE.md, "One mistake, one exit code, one
 * wording"): the test walks the whole command tree and makes each kind of mistake with every option it applies to. A
 * missing {@code --kafka-config} was exit 2 under {@code run} and 1 under {@code worker}; "must be 1 or more", "must be
 * at least 1" and "must be between 1 and 256" said the same kind of bound three ways.
 *
 * <p>Every case must be refused before anything is reached: the addresses below are closed ports of 127.0.0.1 and the
 * timeouts short, so a check that is missing shows as a wrong exit code or line, not as a test that waits.
 */
class OneMistakeOneWordingTest {

    private static final String CLOSED = "127.0.0.1:1";

    /** What each command needs besides the mistake, so that the mistake is the only thing wrong with the line. */
    private static final Map<String, List<String>> VALID = Map.ofEntries(
            Map.entry("quickstart", List.of()),
            Map.entry("run", external("--target", "reference")),
            Map.entry("sweep", external("--target", "reference", "--rates", "1MB")),
            Map.entry("peak", external("--target", "reference")),
            Map.entry("calibrate", List.of()),
            Map.entry(
                    "dml",
                    List.of(
                            "--target",
                            "postgres",
                            "--servers",
                            "external",
                            "--target-url",
                            "postgresql://" + CLOSED + "/db")),
            Map.entry("produce", List.of("--bootstrap-servers", CLOSED, "--connect-timeout", "1s")),
            // the credentials are those of a target produced to directly
            Map.entry("produce --credentials-file", List.of("--destination", "target", "--target", "reference")),
            Map.entry("report", List.of("result.json")),
            Map.entry("compare", List.of("a.json", "b.json")),
            Map.entry(
                    "bridge",
                    List.of("--target", "reference", "--bootstrap-servers", CLOSED, "--connect-timeout", "1s")),
            Map.entry("evaluate", List.of("--target", "reference", "--generator-ids", "1", "--connect-timeout", "1s")),
            Map.entry("servers start", List.of("kafka")),
            Map.entry("servers stop", List.of("kafka")),
            Map.entry("worker", List.of("--bootstrap-servers", CLOSED, "--connect-timeout", "1s")));

    /** The smallest value of every whole-number option that has one, by flag: a flag's bounds are the same everywhere. */
    private static final Map<String, Long> AT_LEAST = Map.ofEntries(
            Map.entry("--batch-size", 1L),
            Map.entry("--prefill", 0L),
            Map.entry("--bridge-batch-size", 1L),
            Map.entry("--workers", 1L),
            Map.entry("--forks", 1L),
            Map.entry("--iterations", 1L),
            Map.entry("--warmup-iterations", 0L),
            Map.entry("--max-steps", 1L),
            Map.entry("--tries", 1L),
            Map.entry("--repeat", 1L),
            Map.entry("--events", 0L),
            Map.entry("--partitions", 1L));

    /** Whole-number options with both bounds: {min, max}. */
    private static final Map<String, long[]> BETWEEN = Map.of(
            "--generators", new long[] {1, 1024},
            "--doc-size", new long[] {1226, 1_000_000},
            "--bridge-threads", new long[] {1, 256},
            "--bridge-max-in-flight", new long[] {1, 64},
            "--prometheus-port", new long[] {0, 65535},
            "--port", new long[] {0, 65535});

    /** Whole-number options any value of which is meaningful. */
    private static final Set<String> UNBOUNDED = Set.of("--seed");

    /** Durations that may be 0 (none); every other duration must be positive. */
    private static final Set<String> ZERO_ALLOWED = Set.of(
            "--warmup", "--drain-timeout", "--audit-timeout", "--bridge-linger", "--visibility-delay", "--jitter");

    @TempDir
    Path dir;

    private static List<String> external(String... more) {
        List<String> args = new ArrayList<>(
                List.of("--servers", "external", "--bootstrap-servers", CLOSED, "--connect-timeout", "1s"));
        args.addAll(List.of(more));
        return args;
    }

    @Test
    void anUnknownOptionIsExit2AndNamedTheSameUnderEveryCommand() {
        for (Command command : everyCommand()) {
            assertMistake(command, List.of("--no-such-flag"), "unknown option --no-such-flag");
        }
    }

    @Test
    void aFileThatCannotBeReadIsExit2AndWordedTheSameUnderEveryCommand() {
        Path missing = dir.resolve("missing.properties");
        int checked = 0;
        for (Command command : everyCommand()) {
            for (String flag : List.of("--kafka-config", "--credentials-file")) {
                if (command.has(flag)) {
                    assertMistake(
                            command,
                            List.of(flag, missing.toString()),
                            flag + ": cannot read " + missing + ": no such file");
                    checked++;
                }
            }
        }
        assertThat(checked)
                .as("commands with --kafka-config or --credentials-file")
                .isGreaterThanOrEqualTo(10);
    }

    @Test
    void aWholeNumberOutOfItsBoundsIsExit2AndWordedTheSameUnderEveryCommand() {
        int checked = 0;
        for (Command command : everyCommand()) {
            for (OptionSpec option : command.options(int.class, Integer.class, long.class, Long.class)) {
                String flag = option.longestName();
                if (UNBOUNDED.contains(flag)) {
                    continue;
                }
                Long min = AT_LEAST.get(flag);
                long[] range = BETWEEN.get(flag);
                assertThat(min != null || range != null)
                        .as("%s %s: its bounds belong in this test's tables", command, flag)
                        .isTrue();
                if (min != null) {
                    assertMistake(
                            command,
                            List.of(flag, Long.toString(min - 1)),
                            flag + " must be at least " + min + ", got " + (min - 1));
                } else {
                    assertMistake(
                            command,
                            List.of(flag, Long.toString(range[1] + 1)),
                            flag + " must be between " + range[0] + " and " + range[1] + ", got " + (range[1] + 1));
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(50);
    }

    @Test
    void aDurationThatMustBePositiveIsExit2AndWordedTheSameUnderEveryCommand() {
        int checked = 0;
        for (Command command : everyCommand()) {
            for (OptionSpec option : command.options(Duration.class)) {
                String flag = option.longestName();
                if (!ZERO_ALLOWED.contains(flag)) {
                    assertMistake(command, List.of(flag, "0s"), flag + " must be positive, got 0s");
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(30);
    }

    /**
     * {@code rtbench <command> <valid args> <mistake>} exits 2 with exactly the line {@code wording}; the valid args
     * leave out the flag the mistake gives (a flag given twice is a mistake of its own).
     */
    private static void assertMistake(Command command, List<String> mistake, String wording) {
        String name = String.join(" ", command.path());
        List<String> valid = VALID.getOrDefault(name + " " + mistake.get(0), VALID.getOrDefault(name, List.of()));
        List<String> args = new ArrayList<>(command.path());
        for (int i = 0; i < valid.size(); i++) {
            if (valid.get(i).equals(mistake.get(0))) {
                i++; // and its value
            } else {
                args.add(valid.get(i));
            }
        }
        args.addAll(mistake);
        CommandLine rtbench = CommandLines.commandLine(new RtbenchCommand());
        StringWriter err = new StringWriter();
        rtbench.setOut(new PrintWriter(new StringWriter(), true));
        rtbench.setErr(new PrintWriter(err, true));
        int exit = rtbench.execute(args.toArray(String[]::new));
        String qualified = ("rtbench " + String.join(" ", command.path())).strip();
        assertThat(err.toString().strip()).as("%s", args).isEqualTo(qualified + ": " + wording + " (see --help)");
        assertThat(exit).as("%s", args).isEqualTo(CommandLines.USAGE);
    }

    /** A command of the tree: the words that name it ({@code []} for {@code rtbench}) and its visible options. */
    private record Command(List<String> path, List<OptionSpec> visible) {

        boolean has(String flag) {
            return visible.stream().anyMatch(option -> option.longestName().equals(flag));
        }

        List<OptionSpec> options(Class<?>... types) {
            Set<Class<?>> wanted = Set.of(types);
            return visible.stream()
                    .filter(option -> wanted.contains(option.type()))
                    .toList();
        }

        @Override
        public String toString() {
            return "rtbench " + String.join(" ", path);
        }
    }

    private static List<Command> everyCommand() {
        List<Command> all = new ArrayList<>();
        collect(CommandLines.commandLine(new RtbenchCommand()), List.of(), all);
        Set<String> names = new TreeSet<>();
        all.forEach(command -> names.add(String.join(" ", command.path())));
        assertThat(names).contains("run", "worker", "servers start", "report", "compare");
        return all;
    }

    private static void collect(CommandLine line, List<String> path, List<Command> all) {
        List<OptionSpec> visible = line.getCommandSpec().options().stream()
                .filter(option -> !option.hidden())
                .toList();
        all.add(new Command(path, visible));
        line.getSubcommands().forEach((name, sub) -> {
            if (!name.equals(sub.getCommandName())) {
                return; // an alias (servers list): its command is walked under its own name
            }
            List<String> subPath = new ArrayList<>(path);
            subPath.add(name);
            collect(sub, subPath, all);
        });
    }
}
