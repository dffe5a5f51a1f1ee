package io.rtbench.report;

import static io.rtbench.report.Html.escape;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.ForkStatistics.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** The comparison as a text table for the terminal and as a self-contained HTML page. */
final class CompareTables {

    /** The columns before it (run, step, metric, statistic) are text. */
    private static final int FIRST_FIGURE = 4;

    private CompareTables() {}

    /**
     * A note for the terminal when an error is wider than its score, as the HTML's error bars say it: few forks make
     * the 99.9 % interval wide. Empty when no error is.
     */
    static Optional<String> wideErrorNote(List<ReportedRun> runs, List<Comparison.Row> rows) {
        boolean wide = rows.stream()
                .anyMatch(row -> wider(row.baselineErrorMs(), row.baselineMs())
                        || wider(row.contenderErrorMs(), row.contenderMs()));
        return runs.stream()
                .flatMap(run -> run.steps().stream())
                .map(step -> step.step().repetitions())
                .filter(Objects::nonNull)
                .mapToInt(repetitions -> repetitions.forks())
                .min()
                .stream()
                .filter(forks -> wide)
                .mapToObj(forks -> "some errors are wider than their scores: " + ForkStatistics.wideErrorNote(forks))
                .findFirst();
    }

    private static boolean wider(Double errorMs, double scoreMs) {
        return errorMs != null && errorMs > Math.abs(scoreMs);
    }

    /**
     * What the "forks to decide" column means, for the terminal, when a row has a figure in it; empty when none does.
     */
    static Optional<String> forksToDecideNote(List<Comparison.Row> rows) {
        return rows.stream()
                .filter(row -> !forksToDecide(row).isEmpty())
                .findAny()
                .map(row -> "forks to decide: how many forks each run would need for that difference to read faster or"
                        + " slower at the forks' measured spread (>" + ForkStatistics.MOST_FORKS_TO_DECIDE
                        + ": too small a difference to chase); docs/MEASUREMENT.md, \"Comparing runs\"");
    }

    /** The forks each run would need to decide an undecided row; empty for a decided row or an unknown spread. */
    private static String forksToDecide(Comparison.Row row) {
        if (row.verdict() == Verdict.FASTER || row.verdict() == Verdict.SLOWER || !row.scored()) {
            return "";
        }
        if (row.forksToDecide().isPresent()) {
            return String.valueOf(row.forksToDecide().getAsInt());
        }
        boolean spreadKnown = row.baselineErrorMs() != null || row.contenderErrorMs() != null;
        return spreadKnown && row.diffMs() != 0 ? ">" + ForkStatistics.MOST_FORKS_TO_DECIDE : "";
    }

    /** Columns as wide as their widest cell (a score with a wide error is long); text left, figures right. */
    static String text(String baseline, List<Comparison.Row> rows, double confidence) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {
            "contender",
            "step",
            "metric",
            "",
            "baseline ms",
            "contender ms",
            "diff ms",
            "diff %",
            "forks to decide",
            "verdict (" + level(confidence) + ")"
        });
        for (Comparison.Row row : rows) {
            cells.add(new String[] {
                clip(row.run(), 22),
                clip(row.step(), 16),
                clip(row.metric(), 14),
                row.statistic(),
                withError(row.baselineMs(), row.baselineErrorMs(), row.baselineMissing()),
                withError(row.contenderMs(), row.contenderErrorMs(), row.contenderMissing()),
                diff(row),
                percent(row.diffPercent()),
                forksToDecide(row),
                row.verdictLabel()
            });
        }
        int[] widths = new int[cells.get(0).length];
        cells.forEach(line -> {
            for (int column = 0; column < line.length; column++) {
                widths[column] = Math.max(widths[column], line[column].length());
            }
        });
        StringBuilder out = new StringBuilder();
        out.append("baseline: ").append(baseline).append('\n');
        for (String[] line : cells) {
            StringBuilder text = new StringBuilder();
            for (int column = 0; column < line.length; column++) {
                boolean figure = column >= FIRST_FIGURE && column < line.length - 1;
                String cell = column == line.length - 1 ? line[column] : pad(line[column], widths[column], figure);
                text.append(column == 0 ? "" : column == line.length - 1 ? "  " : " ")
                        .append(cell);
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    static String html(String baseline, List<Comparison.Row> rows, Instant generated, double confidence) {
        StringBuilder out = new StringBuilder(1 << 14);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>rtbench compare: ")
                .append(escape(baseline))
                .append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;")
                .append("padding:0 1em}table{border-collapse:collapse;font-size:.9em}")
                .append("th,td{border:1px solid #ddd;padding:.25em .5em;text-align:right}th{background:#f4f4f4}")
                .append("td.l,th.l{text-align:left}.faster{color:#1b7f2a;font-weight:600}")
                .append(".slower{color:#b00020;font-weight:600}.note{color:#555;font-size:.9em}\n")
                .append("</style>\n</head>\n<body>\n<h1>rtbench compare</h1>\n<p>Baseline: <b>")
                .append(escape(baseline))
                .append("</b>. Scores are the mean of the forks' values ± the 99.9 % Student-t half-width; the verdict")
                .append(" is Welch's t-test on the per-fork values at ")
                .append(level(confidence))
                .append("; where it is undecided, \"forks to decide\" says how many forks each run would need to")
                .append(" decide it at the forks' measured spread (docs/MEASUREMENT.md). Lower latency is")
                .append(" faster")
                .append(
                        rows.stream().anyMatch(row -> row.metric().equals(RecoveryComparison.METRIC))
                                ? ", and so is a shorter time to recover from a fault (timeToRecover, per fork; a fork"
                                        + " that did not recover leaves its run without a score and the verdict"
                                        + " unknown)"
                                : "")
                .append(". Generated ")
                .append(escape(generated.toString()))
                .append(".</p>\n<table>\n<tr><th class=\"l\">contender</th><th class=\"l\">step</th>")
                .append("<th class=\"l\">metric</th><th></th><th>baseline ms</th><th>contender ms</th>")
                .append("<th>diff ms</th><th>diff %</th><th>forks to decide</th><th class=\"l\">verdict</th></tr>\n");
        for (Comparison.Row row : rows) {
            String css = row.verdict() == Verdict.FASTER ? "faster" : row.verdict() == Verdict.SLOWER ? "slower" : "";
            out.append("<tr><td class=\"l\">")
                    .append(escape(row.run()))
                    .append("</td><td class=\"l\">")
                    .append(escape(row.step()))
                    .append("</td><td class=\"l\">")
                    .append(escape(row.metric()))
                    .append("</td><td>")
                    .append(escape(row.statistic()))
                    .append("</td><td>")
                    .append(escape(withError(row.baselineMs(), row.baselineErrorMs(), row.baselineMissing())))
                    .append("</td><td>")
                    .append(escape(withError(row.contenderMs(), row.contenderErrorMs(), row.contenderMissing())))
                    .append("</td><td>")
                    .append(diff(row))
                    .append("</td><td>")
                    .append(percent(row.diffPercent()))
                    .append("</td><td>")
                    .append(escape(forksToDecide(row)))
                    .append("</td><td class=\"l ")
                    .append(css)
                    .append("\">")
                    .append(escape(row.verdictLabel()))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n</body>\n</html>\n");
        return out.toString();
    }

    /** A confidence as the tables write it: {@code 95 %}, {@code 99.9 %}. */
    static String level(double confidence) {
        return DmlSettings.percent(confidence).replace("%", " %");
    }

    /** A score with its error; {@code missing} in its place when there is none (a fork that did not recover). */
    private static String withError(double score, Double error, String missing) {
        if (missing != null) {
            return missing;
        }
        return error == null
                ? String.format(Locale.ROOT, "%.2f", score)
                : String.format(Locale.ROOT, "%.2f ± %.2f", score, error);
    }

    private static String diff(Comparison.Row row) {
        return row.scored() ? String.format(Locale.ROOT, "%+.2f", row.diffMs()) : "-";
    }

    private static String percent(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%+.1f", value);
    }

    /** Figures right-aligned, text left, to {@code width} (which may be 0: a column of empty cells). */
    private static String pad(String cell, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - cell.length()));
        return right ? spaces + cell : cell + spaces;
    }

    private static String clip(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }
}
