package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = CommandLines.commandLine(new ReportCommands());
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "report";
        System.arraycopy(args, 0, all, 1, args.length);
        return commandLine.execute(all);
    }

    private String errorLine() {
        String text = err.toString().strip();
        assertThat(text.lines()).as("one line on stderr: %s", text).hasSize(1);
        return text;
    }

    @Test
    void writesHtmlAndCsvNextToTheFirstResultByDefault() {
        Path result = Fixtures.copy(Fixtures.CLICKHOUSE, dir);

        int exit = run(result.toString());

        assertThat(exit).isZero();
        assertThat(dir.resolve("clickhouse-interrupted.html")).isNotEmptyFile();
        assertThat(dir.resolve("clickhouse-interrupted.csv")).isNotEmptyFile();
        assertThat(out.toString())
                .contains("wrote " + dir.resolve("clickhouse-interrupted.html"))
                .contains("(1 result, 2 steps, 4 charts)")
                .contains("note: Data latency over time: clickhouse-interrupted, step #2 achieved 11.251 MB/s: "
                        + "no chart: histogram log missing.hlog not found");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void writesWhereHtmlAndCsvSay() {
        Path a = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        Path b = Fixtures.copy(Fixtures.CLICKHOUSE, dir);

        int exit = run(
                a.toString(),
                b.toString(),
                "--html",
                dir.resolve("cmp/report.html").toString(),
                "--csv",
                dir.resolve("cmp/report.csv").toString());

        assertThat(exit).isZero();
        assertThat(dir.resolve("cmp/report.html")).isNotEmptyFile();
        assertThat(dir.resolve("cmp/report.csv")).content().hasLineCount(6);
        assertThat(dir.resolve("opensearch-sweep.html")).doesNotExist();
    }

    @Test
    void noArgumentsIsAUsageError() {
        assertThat(run()).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .startsWith("rtbench report: Missing required parameter")
                .endsWith("(see --help)");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        Path result = Fixtures.copy(Fixtures.CLICKHOUSE, dir);
        assertThat(run(result.toString(), "--pdf", "x.pdf")).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine()).isEqualTo("rtbench report: unknown option --pdf (see --help)");
    }

    @Test
    void theSameFileForHtmlAndCsvIsAUsageError() {
        Path result = Fixtures.copy(Fixtures.CLICKHOUSE, dir);
        Path same = dir.resolve("r.out");
        assertThat(run(result.toString(), "--html", same.toString(), "--csv", same.toString()))
                .isEqualTo(CommandLines.USAGE);
        assertThat(errorLine()).contains("--html and --csv name the same file");
    }

    @Test
    void aMissingResultFileIsAUsageError() {
        Path missing = dir.resolve("nope.json");
        assertThat(run(missing.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .isEqualTo("rtbench report: result file: cannot read " + missing + ": no such file (see --help)");
        assertThat(dir.resolve("nope.html")).doesNotExist();
    }

    @Test
    void aFileThatIsNotJsonIsAUsageError() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.json"), "this is\nnot json\n");
        assertThat(run(text.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .isEqualTo("rtbench report: " + text + " is not an rtbench result file: not JSON at line 1, column 1"
                        + " (see --help)");
    }

    @Test
    void jsonThatIsNotAResultIsAUsageError() throws IOException {
        Path other = Files.writeString(dir.resolve("package.json"), "{\"name\": \"x\", \"version\": \"1\"}");
        assertThat(run(other.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .isEqualTo("rtbench report: " + other
                        + " is not an rtbench result file: no \"schema\": \"rtbench.result/v1\" (see --help)");
    }

    @Test
    void aResultWithABrokenStepIsAUsageErrorNamingTheStep() throws IOException {
        String broken = Fixtures.text(Fixtures.CLICKHOUSE).replace("\"durationSec\" : 30.5,", "");
        Path file = Files.writeString(dir.resolve("broken.json"), broken);
        assertThat(run(file.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine()).endsWith("is not an rtbench result file: steps[1] has no durationSec (see --help)");
    }

    /** Jackson said "Cannot deserialize value of type `java.lang.Boolean` from String "yes"", naming no field. */
    @Test
    void aValueOfTheWrongTypeIsNamedByItsField() throws IOException {
        String text = Fixtures.text(Fixtures.CLICKHOUSE);
        Path flag = Files.writeString(
                dir.resolve("flag.json"), text.replaceFirst("\"complete\" : false", "\"complete\" : \"yes\""));
        assertThat(run(flag.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .endsWith("is not an rtbench result file: complete must be true or false, got \"yes\" (see --help)");
    }

    /**
     * A bridge or an evaluator on its own writes a step without bytes (and the evaluator without a rate or counts), as
     * the schema allows. The report refused both files as "not an rtbench result file", and then failed on the
     * missing MB/s: their users had a result file and no way to read it.
     */
    @Test
    void theResultsOfABridgeAndAnEvaluatorOnTheirOwnAreReported() throws IOException {
        Path bridge = Fixtures.copy(Fixtures.BRIDGE_ALONE, dir);
        Path evaluator = Fixtures.copy(Fixtures.EVALUATE_ALONE, dir);

        assertThat(run(bridge.toString(), evaluator.toString()))
                .as(err.toString())
                .isEqualTo(CommandLines.OK);

        List<String> rows = Files.readAllLines(dir.resolve("bridge-alone.csv"));
        assertThat(rows).hasSize(3);
        assertThat(rows.get(1)).startsWith("bridge-alone.json,").contains(",2500,,,20,50000,50000,");
        assertThat(rows.get(2)).startsWith("evaluate-alone.json,").contains(",29,61.503,");
        assertThat(out.toString())
                .contains("versus achieved ingest rate, every result: no step has data latency samples and an achieved"
                        + " rate in MB/s");
        assertThat(Files.readString(dir.resolve("bridge-alone.html"))).contains("#1 achieved 2500/s", "#1 no rate");
    }

    @Test
    void aRateWithoutItsEventsPerSecondIsNotAResult() throws IOException {
        String broken = Fixtures.text(Fixtures.BRIDGE_ALONE).replace("\"achievedEventsPerSec\" : 2500.0", "\"x\" : 1");
        Path file = Files.writeString(dir.resolve("broken.json"), broken);
        assertThat(run(file.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .endsWith(
                        "is not an rtbench result file: steps[0] has a rate without achievedEventsPerSec (see --help)");
    }

    @Test
    void aDirectoryIsAUsageError() {
        assertThat(run(dir.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine()).isEqualTo("rtbench report: " + dir + " is a directory, not a result file (see --help)");
    }

    @Test
    void oneBadFileAmongGoodOnesIsAUsageErrorAndWritesNothing() {
        Path good = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        Path missing = dir.resolve("gone.json");
        assertThat(run(good.toString(), missing.toString())).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine()).contains("gone.json: no such file");
        assertThat(dir.resolve("opensearch-sweep.html")).doesNotExist();
        assertThat(dir.resolve("opensearch-sweep.csv")).doesNotExist();
    }

    @Test
    void mergingOneResultIsAUsageError() {
        Path result = Fixtures.copy(Fixtures.CLICKHOUSE, dir);
        assertThat(run(result.toString(), "--merge")).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .isEqualTo("rtbench report: --merge needs the results of two or more hosts (see --help)");
    }

    @Test
    void mergingResultsWithoutTheirLogsFailsWithOneLine() throws IOException {
        Path a = Fixtures.copy(Fixtures.CLICKHOUSE, dir);
        Path b = Fixtures.copy(Fixtures.CLICKHOUSE, dir.resolve("other"));
        Files.writeString(b, Files.readString(b).replace("\"host\" : \"bench-1\"", "\"host\" : \"bench-2\""));
        assertThat(run(a.toString(), b.toString(), "--merge")).isEqualTo(CommandLines.FAILURE);
        assertThat(errorLine())
                .contains("cannot merge the hosts' results: step 1 of")
                .contains("no interval log");
    }

    @Test
    void mergingOneResultWithItselfIsRefusedInsteadOfDoublingEveryCount() {
        Path result = Fixtures.copy(Fixtures.CLICKHOUSE, dir);
        Path copy = Fixtures.copy(Fixtures.CLICKHOUSE, dir.resolve("copy"));

        assertThat(run(result.toString(), result.toString(), "--merge")).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .isEqualTo("rtbench report: --merge takes each host's result once: " + dir.getFileName()
                        + "/clickhouse-interrupted.json is given twice, and merging them would count every event"
                        + " twice (see --help)");
        err.getBuffer().setLength(0);
        assertThat(run(result.toString(), copy.toString(), "--merge")).isEqualTo(CommandLines.USAGE);
        assertThat(errorLine())
                .endsWith("copy/clickhouse-interrupted.json are both run clickhouse \"nightly\", 2 of host bench-1,"
                        + " and merging them would count every event twice (see --help)");
        assertThat(dir.resolve("clickhouse-interrupted.html")).doesNotExist();
    }

    @Test
    void helpDescribesTheCommand() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("RESULT.json", "--html", "--csv", "--merge");
    }
}
