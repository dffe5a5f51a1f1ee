package io.rtbench.report;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.UsageException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rtbench report RESULT.json... [--html FILE] [--csv FILE] [--merge]} (docs/GUIDE.md, docs/REPORTS.md). */
@Command(
        name = "report",
        description = {
            "Turns result files into one self-contained HTML report (charts: data latency versus ingest rate, "
                    + "where the time goes, percentile distribution, latency over time) and a CSV with one row per "
                    + "step.",
            "Several files are shown side by side: a comparison of targets, batch sizes or runs."
        })
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULT.json", arity = "1..*", description = "Result files of rtbench runs.")
    List<Path> results;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "HTML report to write (default: the first result's name with .html).")
    Path html;

    @Option(
            names = "--csv",
            paramLabel = "FILE",
            description = "CSV to write (default: the first result's name with .csv).")
    Path csv;

    @Option(
            names = "--merge",
            description = "The results are the hosts of one distributed run (each ran its own generators and "
                    + "evaluator): merge step N of every host into one step, latencies exactly from the hosts' "
                    + "interval logs (.hlog), rates and event counts summed.")
    boolean merge;

    @Option(
            names = "--format",
            paramLabel = "html|jmh",
            defaultValue = "html",
            showDefaultValue = CommandLine.Help.Visibility.ALWAYS,
            description = "html: the HTML report and the CSV; jmh: JMH's JSON result format (for JMH's viewers).")
    String format;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description =
                    "With --format jmh: the JSON file to write (default: the first result's name with .jmh.json).")
    Path jmhOut;

    @Override
    public Integer call() {
        if (format.equalsIgnoreCase("jmh")) {
            if (html != null || csv != null) {
                throw new UsageException((html != null ? "--html" : "--csv") + " is the HTML report's; --format jmh"
                        + " writes JMH's JSON only (to --out)");
            }
            return writeJmh();
        }
        if (!format.equalsIgnoreCase("html")) {
            throw new UsageException("--format must be html or jmh, got '" + format + "'");
        }
        if (jmhOut != null) {
            throw new UsageException(
                    "--out is the file of --format jmh; the HTML report goes to --html, the CSV to" + " --csv");
        }
        ReportRequest request;
        try {
            request = new ReportRequest(results, html, csv, merge);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        WrittenReport written = Reports.write(request);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                "wrote %s (%d %s, %d %s, %d %s) and %s%n",
                written.html(),
                written.results(),
                written.results() == 1 ? "result" : "results",
                written.steps(),
                written.steps() == 1 ? "step" : "steps",
                written.charts(),
                written.charts() == 1 ? "chart" : "charts",
                written.csv());
        written.notes().forEach(note -> out.println("note: " + note));
        out.flush();
        return CommandLines.OK;
    }

    private Integer writeJmh() {
        Path file = jmhOut != null ? jmhOut : ReportRequest.sibling(results.get(0), ".jmh.json");
        if (results.stream()
                .anyMatch(r -> r.toAbsolutePath()
                        .normalize()
                        .equals(file.toAbsolutePath().normalize()))) {
            throw new UsageException("the JMH file would overwrite its input " + file);
        }
        if (merge && results.size() < 2) {
            throw new UsageException("--merge needs the results of two or more hosts");
        }
        List<ReportedRun> runs = new ResultLoader().load(results);
        if (merge) {
            runs = List.of(HostMerge.merge(runs));
        }
        Reports.writeAtomically(file, JmhFormat.render(runs));
        spec.commandLine().getOut().println("wrote " + file);
        spec.commandLine().getOut().flush();
        return CommandLines.OK;
    }
}
