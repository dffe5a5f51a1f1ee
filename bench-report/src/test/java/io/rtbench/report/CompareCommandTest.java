package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.StepFault;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CompareCommandTest {

    @TempDir
    Path dir;

    @Test
    void saysFasterSlowerOrIndistinguishablePerMetricFromTheForksAndWritesHtml() throws Exception {
        Path baseline = RepeatedResults.write(dir, "base.json", 50.2, 49.9, 50.4);
        Path same = RepeatedResults.write(dir, "same.json", 50.1, 50.5, 49.8);
        Path slow = RepeatedResults.write(dir, "slow.json", 150.3, 149.6, 150.8);

        Run run = compare(baseline.toString(), same.toString(), slow.toString());

        assertThat(run.exit).isEqualTo(CommandLines.OK);
        List<String> data =
                run.out.lines().filter(line -> line.contains(" data ")).toList();
        assertThat(data).hasSize(4);
        assertThat(data.get(0)).contains("same").contains("p50").endsWith("indistinguishable");
        assertThat(data.get(2))
                .contains("slow")
                .contains("p50")
                .contains("+100.07")
                .endsWith("slower");
        assertThat(data.get(3)).contains("slow").contains("p99").endsWith("slower");
        String html = Files.readString(dir.resolve("base.compare.html"));
        assertThat(html).contains("<td class=\"l slower\">slower</td>").contains("indistinguishable");

        Run reverse = compare(
                slow.toString(),
                baseline.toString(),
                "--html",
                dir.resolve("r.html").toString());
        assertThat(reverse.out.lines().filter(line -> line.contains(" data ")))
                .allSatisfy(line -> assertThat(line).endsWith("faster"));
    }

    /** Two forks far apart give an error wider than the score: its cells are long, and the columns still line up. */
    @Test
    void theColumnsLineUpWhateverTheWidthOfTheScores() {
        Path baseline = RepeatedResults.write(dir, "base.json", 50.2, 49.9);
        Path wide = RepeatedResults.write(dir, "wide.json", 40.0, 4000.0);

        Run run = compare(baseline.toString(), wide.toString());

        List<String> table = run.out
                .lines()
                .filter(line -> line.startsWith("contender") || line.startsWith("wide"))
                .toList();
        assertThat(table).hasSizeGreaterThan(2);
        assertThat(table).anySatisfy(line -> assertThat(line).containsPattern("\\d ± \\d{6,}\\.\\d\\d"));
        int verdict = table.get(0).indexOf("verdict");
        assertThat(table)
                .allSatisfy(line -> assertThat(line.indexOf("indistinguishable") == verdict
                                || line.indexOf("faster") == verdict
                                || line.indexOf("slower") == verdict
                                || line.indexOf("verdict") == verdict)
                        .as(line)
                        .isTrue());
        assertThat(run.out)
                .contains("note: some errors are wider than their scores: with 2 forks the interval reaches 636.6"
                        + " standard errors each side; more --forks narrow it");
    }

    /**
     * The complaint: three forks each, a difference the forks' spread cannot decide. Before: indistinguishable,
     * and nothing said what would decide it.
     */
    @Test
    void anUndecidedDifferenceSaysHowManyForksWouldDecideItAtTheMeasuredSpread() throws Exception {
        // data p50 diff 3 ms at a spread of 2 ms: 5 forks each would decide it (ForkStatisticsTest); p99 diff 6 ms at 4
        Path baseline = RepeatedResults.write(dir, "base.json", 100, 102, 104);
        Path close = RepeatedResults.write(dir, "close.json", 103, 105, 107);

        Run run = compare(baseline.toString(), close.toString());

        List<String> table =
                run.out.lines().filter(line -> line.startsWith("contender")).toList();
        assertThat(table.get(0)).contains("forks to decide").endsWith("verdict (95 %)");
        List<String> data =
                run.out.lines().filter(line -> line.contains(" data ")).toList();
        assertThat(data.get(0)).contains("p50").contains("+3.00").endsWith(" 5  indistinguishable");
        assertThat(data.get(1)).contains("p99").contains("+6.00").endsWith(" 5  indistinguishable");
        assertThat(run.out).contains("note: forks to decide: how many forks each run would need");
        assertThat(Files.readString(dir.resolve("base.compare.html")))
                .contains("per-fork values at 95 %;")
                .contains("<th>forks to decide</th><th")
                .contains("<td>5</td><td class=\"l \">indistinguishable</td>");
    }

    @Test
    void confidenceTradesFalseAlarmsForPower() {
        // Welch: t = 3.06, df = 4, p = 0.038 (ForkStatisticsTest)
        Path baseline = RepeatedResults.write(dir, "base.json", 100, 102, 104);
        Path apart = RepeatedResults.write(dir, "apart.json", 105, 107, 109);

        Run usual = compare(baseline.toString(), apart.toString());
        Run strict = compare(baseline.toString(), apart.toString(), "--confidence", "99.9%");

        assertThat(usual.out.lines().filter(line -> line.contains(" data ")).findFirst())
                .hasValueSatisfying(line -> assertThat(line).contains("p50").endsWith("slower"));
        assertThat(strict.out).contains("verdict (99.9 %)");
        assertThat(strict.out.lines().filter(line -> line.contains(" data ")).findFirst())
                .hasValueSatisfying(line -> assertThat(line).contains("p50").endsWith("indistinguishable"));
        for (String bad : List.of("100%", "50", "often")) {
            Run refused = compare(baseline.toString(), apart.toString(), "--confidence", bad);
            assertThat(refused.exit).as(bad).isEqualTo(CommandLines.USAGE);
            assertThat(refused.err.lines())
                    .as(bad)
                    .hasSize(1)
                    .first()
                    .asString()
                    .contains("--confidence");
        }
    }

    @Test
    void runsWithoutForksCompareButTheirVerdictIsUnknown() {
        Path one = Fixtures.copy(Fixtures.OPENSEARCH, dir.resolve("a"));
        Path two = Fixtures.copy(Fixtures.OPENSEARCH, dir.resolve("b"));

        Run run = compare(one.toString(), two.toString());

        assertThat(run.exit).isEqualTo(CommandLines.OK);
        assertThat(run.out).contains("unknown (needs 2+ forks each)").contains("+0.00");
        assertThat(run.out).doesNotContain("note:");
    }

    @Test
    void runsOfDifferentLengthsCompareTheirFirstStepsAndSaySo() {
        Path sweep = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        Path one = RepeatedResults.write(dir, "one.json", 50.0, 51.0);

        Run run = compare(sweep.toString(), one.toString());

        assertThat(run.exit).isEqualTo(CommandLines.OK);
        assertThat(run.out).containsPattern("note: opensearch-sweep has \\d+ steps, one 1: the first 1 are compared");
    }

    @Test
    void stepsAtDifferentRatesAreSaidToBeUnlike() {
        Path sweep = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        Path interrupted = Fixtures.copy(Fixtures.CLICKHOUSE, dir);

        Run run = compare(sweep.toString(), interrupted.toString());

        assertThat(run.exit).isEqualTo(CommandLines.OK);
        assertThat(run.out)
                .doesNotContain("step 1 ran at")
                .contains("note: step 2 ran at 4 MB/s in opensearch-sweep and at achieved 11.251 MB/s in"
                        + " clickhouse-interrupted: different rates, not like for like");
    }

    /** Run on other machines, or with other documents, the latencies are no fair comparison: the report says so too. */
    @Test
    void runsOnDifferentHostsAreSaidToBeUnlike() throws Exception {
        Path here = Fixtures.copy(Fixtures.OPENSEARCH, dir.resolve("a"));
        Path there = Fixtures.copy(Fixtures.OPENSEARCH, dir.resolve("b"));
        Files.writeString(there, Files.readString(there).replace("\"bench-1\"", "\"laptop\""));

        Run run = compare(here.toString(), there.toString());

        assertThat(run.exit).isEqualTo(CommandLines.OK);
        assertThat(run.out).contains("note: not like for like, these differ between the runs: host: bench-1 / laptop");
    }

    @Test
    void aMissingFileIsOneLineAndExit2() {
        Run run = compare(
                dir.resolve("none.json").toString(), dir.resolve("other.json").toString());

        assertThat(run.exit).isEqualTo(CommandLines.USAGE);
        assertThat(run.err.strip())
                .isEqualTo("rtbench compare: result file: cannot read " + dir.resolve("none.json")
                        + ": no such file (see --help)");
    }

    /** What Ctrl-C before the first step's end leaves: a result with no steps. Before: "rtbench compare: %-0s". */
    @Test
    void aResultWithNoFinishedStepIsOneLineAndExit1() throws Exception {
        Path baseline = Fixtures.copy(Fixtures.OPENSEARCH, dir.resolve("a"));
        Path stopped = Fixtures.copy(Fixtures.OPENSEARCH, dir.resolve("b"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode result = (ObjectNode) json.readTree(stopped.toFile());
        result.putArray("steps");
        json.writeValue(stopped.toFile(), result);

        Run run = compare(baseline.toString(), stopped.toString());

        assertThat(run.exit).isEqualTo(CommandLines.FAILURE);
        assertThat(run.err.strip())
                .startsWith("rtbench compare: nothing to compare: ")
                .endsWith(" has no finished step (a run stopped before its first step ended)")
                .doesNotContain("%");
        assertThat(run.out).isEmpty();
        assertThat(dir.resolve("a").resolve("opensearch-sweep.compare.html")).doesNotExist();
    }

    /** A dml statements result has no figure a pipeline run has. Before: "rtbench compare: %-0s". */
    @Test
    void resultsWithNoMetricInCommonAreOneLineAndExit1() {
        Path run = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        Path statements = Fixtures.copy(Fixtures.STATEMENTS, dir);

        Run compared = compare(run.toString(), statements.toString());

        assertThat(compared.exit).isEqualTo(CommandLines.FAILURE);
        assertThat(compared.err.strip())
                .startsWith("rtbench compare: nothing to compare: the runs' steps have no latency metric in common (")
                .endsWith("): compare results of the same kind of run");
    }

    @Test
    void timeToRecoverComparesAsAScoreOfTheForksInMilliseconds() throws Exception {
        Path baseline = RepeatedResults.write(dir, "base.json", pauses(0.52, 0.61, 0.48), 50.2, 49.9, 50.4);
        Path same = RepeatedResults.write(dir, "same.json", pauses(0.55, 0.47, 0.6), 50.1, 50.5, 49.8);
        Path slow = RepeatedResults.write(dir, "slow.json", pauses(3.1, 2.9, 3.3), 50.1, 50.5, 49.8);

        Run run = compare(baseline.toString(), same.toString(), slow.toString());

        assertThat(run.exit).isEqualTo(CommandLines.OK);
        List<String> recovery =
                run.out.lines().filter(line -> line.contains(" timeToRecover ")).toList();
        assertThat(recovery).hasSize(2);
        assertThat(recovery.get(0)).contains("same").contains("target-pause").endsWith("indistinguishable");
        // the baseline's mean 536.67 ms against 3,100 ms: +2,563.33 ms
        assertThat(recovery.get(1))
                .contains("slow")
                .contains("536.67 ± ")
                .contains("3100.00 ± ")
                .contains("+2563.33")
                .endsWith("slower");
        assertThat(Files.readString(dir.resolve("base.compare.html")))
                .contains("<td class=\"l\">timeToRecover</td><td>target-pause</td>")
                .contains("a shorter time to recover");
    }

    /** A fork that did not recover has no time to recover: its run has no score, and nothing is decided. */
    @Test
    void aForkThatDidNotRecoverIsNoNumberAndTheVerdictIsUnknown() throws Exception {
        Path baseline = RepeatedResults.write(dir, "base.json", pauses(0.52, 0.61, 0.48), 50.2, 49.9, 50.4);
        Path stuck = RepeatedResults.write(dir, "stuck.json", pauses(3.1, null, 3.3), 50.1, 50.5, 49.8);

        Run run = compare(baseline.toString(), stuck.toString());

        String line = run.out
                .lines()
                .filter(l -> l.contains(" timeToRecover "))
                .findFirst()
                .orElseThrow();
        assertThat(line)
                .contains("536.67 ± ")
                .contains("not recovered in 1 of 3 forks")
                .doesNotContain("3100")
                .doesNotContain("NaN")
                .doesNotContain(">100")
                .endsWith("unknown (a fork did not recover)");
        Comparison.Row row = Comparison.rows(
                        new ResultLoader().load(List.of(baseline, stuck)).get(0),
                        new ResultLoader().load(List.of(stuck)),
                        0.95)
                .stream()
                .filter(r -> r.metric().equals(RecoveryComparison.METRIC))
                .findFirst()
                .orElseThrow();
        assertThat(row.verdict()).isEqualTo(ForkStatistics.Verdict.UNKNOWN);
        assertThat(row.scored()).isFalse();
    }

    /** Each fork's own fault, in the order the engine writes them: every fork's first fault, then its second. */
    private static List<StepFault> pauses(Double... timeToRecoverSec) {
        List<StepFault> faults = new ArrayList<>();
        for (int fork = 1; fork <= timeToRecoverSec.length; fork++) {
            Double seconds = timeToRecoverSec[fork - 1];
            long start = 1_700_000_000_000L + fork * 60_000L;
            faults.add(new StepFault(
                    "target-pause@5s+4s",
                    fork,
                    5.0,
                    9.0,
                    start + 5_000,
                    start + 9_000,
                    5.0,
                    50.0,
                    100.0,
                    4_100.0,
                    seconds != null,
                    seconds,
                    2_000L,
                    seconds == null ? null : 1_900.0));
        }
        return faults;
    }

    private record Run(int exit, String out, String err) {}

    private static Run compare(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine rtbench = CommandLines.commandLine(new ReportCommands());
        rtbench.setOut(new PrintWriter(out, true));
        rtbench.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        int exit = rtbench.execute(all);
        return new Run(exit, out.toString(), err.toString());
    }
}
