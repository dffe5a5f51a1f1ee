package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command's {@code --help} offers only what the command takes (docs/GUIDE.md, "One mistake, one exit code, one
 * wording"): {@code calibrate} and {@code produce} listed workload {@code mixed} and its six flags, which they refuse;
 * {@code dml --target} listed {@code null} and {@code questdb}, which have no statements, and was not marked required.
 */
class HelpOffersWhatTheCommandTakesTest {

    private static final List<String> MIXED_FLAGS =
            List.of("--read-rate", "--read-share", "--users", "--read-age", "--read-query", "--window");

    @Test
    void calibrateAndProduceOfferNeitherWorkloadMixedNorItsFlags() {
        for (String command : List.of("calibrate", "produce")) {
            String help = help(command);
            assertThat(help).as(command).contains("--workload=ingest|dml ").doesNotContain("mixed");
            for (String flag : MIXED_FLAGS) {
                assertThat(help).as(command).doesNotContain(flag + "=");
            }
        }
    }

    @Test
    void thePipelineCommandsOfferWorkloadMixedAndItsFlags() {
        for (String command : List.of("run", "sweep", "peak")) {
            String help = help(command);
            assertThat(help).as(command).contains("--workload=ingest|dml|mixed");
            for (String flag : MIXED_FLAGS) {
                assertThat(help).as(command).contains(flag + "=");
            }
            // the tailored --workload stays where its mixin declares it, before the dml flags
            assertThat(help.indexOf("--workload=ingest|dml|mixed  "))
                    .as(command)
                    .isLessThan(help.indexOf("--updates=SHARE  "));
        }
    }

    @Test
    void dmlOffersOnlyTheTargetsWithStatementsAndRequiresOne() {
        String help = help("dml");
        String synopsis = help.substring(0, help.indexOf("INSERT, UPDATE"));
        assertThat(synopsis).contains(" --target=KIND ").doesNotContain("[--target=KIND]");
        String targetLine = help.substring(help.indexOf("--target=KIND  "), help.indexOf("--target-url=URL  "));
        assertThat(targetLine).contains("postgres", "clickhouse", "opensearch").doesNotContain("null", "questdb");
    }

    @Test
    void aFlagLeftOutThatDmlRequiresIsNamed() {
        CommandLineRun run = execute("dml");
        assertThat(run.exit).isEqualTo(CommandLines.USAGE);
        assertThat(run.err.strip()).isEqualTo("rtbench dml: --target is required (see --help)");
    }

    @Test
    void calibrateRefusesWorkloadMixedWithoutOfferingFlagsItLacks() {
        CommandLineRun run = execute("calibrate", "--workload", "mixed");
        assertThat(run.exit).isEqualTo(CommandLines.USAGE);
        assertThat(run.err)
                .contains("--workload mixed runs under run, sweep and peak")
                .doesNotContain("--read-rate");
    }

    private static String help(String command) {
        CommandLineRun run = execute(command, "--help");
        assertThat(run.exit).isZero();
        return run.out;
    }

    private record CommandLineRun(int exit, String out, String err) {}

    private static CommandLineRun execute(String... args) {
        var rtbench = CommandLines.commandLine(new RtbenchCommand());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        rtbench.setOut(new PrintWriter(out, true));
        rtbench.setErr(new PrintWriter(err, true));
        int exit = rtbench.execute(new ArrayList<>(List.of(args)).toArray(String[]::new));
        return new CommandLineRun(exit, out.toString(), err.toString());
    }
}
