package io.rtbench.report;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.UsageException;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.dml.DmlSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rtbench compare BASELINE.json CONTENDER.json… [--html FILE]} (docs/GUIDE.md, docs/MEASUREMENT.md). */
@Command(
        name = "compare",
        description = {
            "Compares runs with the baseline, step by step and metric by metric (p50 and p99): baseline, contender,"
                    + " diff, diff %%, and whether the contender is faster, slower or indistinguishable at 95 %%"
                    + " confidence (--confidence; Welch's t-test on the per-fork values: run both with --forks 3 or"
                    + " more);"
                    + " where undecided, how many forks each run would need to decide it at the measured spread.",
            "Prints a table and writes it as HTML too."
        })
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASELINE.json", description = "The result to compare with.")
    Path baseline;

    @Parameters(
            index = "1..*",
            arity = "1..*",
            paramLabel = "CONTENDER.json",
            description = "One or more results compared with the baseline.")
    List<Path> contenders;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "HTML page to write (default: the baseline's name with .compare.html).")
    Path html;

    @Option(
            names = "--confidence",
            paramLabel = "PERCENT",
            description = "The verdict's confidence: at most 100 %% minus this of comparisons of equal runs read faster"
                    + " or slower, e.g. 99.9%% for fewer false alarms at the price of power (docs/MEASUREMENT.md).")
    String confidence;

    @Override
    public Integer call() {
        double level = confidence(confidence);
        List<Path> files = new ArrayList<>();
        files.add(baseline);
        files.addAll(contenders);
        Path page = html != null ? html : ReportRequest.sibling(baseline, ".compare.html");
        if (files.stream()
                .anyMatch(file -> file.toAbsolutePath()
                        .normalize()
                        .equals(page.toAbsolutePath().normalize()))) {
            throw new UsageException("the HTML page would overwrite its input " + page);
        }
        List<ReportedRun> runs = new ResultLoader().load(files);
        List<Comparison.Row> rows = Comparison.rows(runs.get(0), runs.subList(1, runs.size()), level);
        if (rows.isEmpty()) {
            throw new BenchmarkException("nothing to compare: " + Comparison.whyNoRows(runs));
        }
        String label = runs.get(0).label();
        Reports.writeAtomically(page, CompareTables.html(label, rows, Instant.now(), level));
        PrintWriter out = spec.commandLine().getOut();
        out.print(CompareTables.text(label, rows, level));
        for (ReportedRun contender : runs.subList(1, runs.size())) {
            if (contender.steps().size() != runs.get(0).steps().size()) {
                out.printf(
                        "note: %s has %d steps, %s %d: the first %d are compared%n",
                        label,
                        runs.get(0).steps().size(),
                        contender.label(),
                        contender.steps().size(),
                        Math.min(runs.get(0).steps().size(), contender.steps().size()));
            }
        }
        Comparison.unlikeSteps(runs.get(0), runs.subList(1, runs.size())).forEach(note -> out.println("note: " + note));
        List<String> unlike = RunTables.differing(runs, true);
        if (!unlike.isEmpty()) {
            out.println("note: not like for like, these differ between the runs: " + String.join("; ", unlike));
        }
        CompareTables.wideErrorNote(runs, rows).ifPresent(note -> out.println("note: " + note));
        CompareTables.forksToDecideNote(rows).ifPresent(note -> out.println("note: " + note));
        out.println("html: " + page.toAbsolutePath());
        out.flush();
        return CommandLines.OK;
    }

    /** {@code --confidence} as a fraction; a usage error unless it lies between 50 % and 100 % (both excluded). */
    static double confidence(String text) {
        double share;
        try {
            share = DmlSettings.parseShare(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--confidence: " + e.getMessage());
        }
        if (!(share > 0.5 && share < 1)) {
            throw new UsageException("--confidence must lie between 50% and 100%, e.g. 95% or 99.9%; got " + text);
        }
        return share;
    }
}
