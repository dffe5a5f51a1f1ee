package io.rtbench.report;

import static io.rtbench.report.Html.escape;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import java.net.URI;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The report as one self-contained HTML file: styles inline, charts as PNG {@code data:} URIs, no script, no external
 * reference, so it opens offline and can be mailed. Every string from a result file is escaped.
 */
final class HtmlReport {

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;\
            color:#222;padding:0 1em}
            h1{margin-bottom:.2em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
            table{border-collapse:collapse;margin:.5em 0 1em;font-size:.9em}
            th,td{border:1px solid #ddd;padding:.25em .5em;text-align:right;vertical-align:top}
            th{background:#f4f4f4}td.l,th.l{text-align:left}th.l,td.nw{white-space:nowrap}
            table.summary{font-size:.82em}table.summary th,table.summary td{padding:.2em .35em}
            th.group{text-align:center}
            figure{margin:1em 0}figcaption{font-weight:600;margin-bottom:.3em}img{max-width:100%;height:auto}
            .note{color:#555;font-size:.9em}.bad{color:#b00020;font-weight:600}
            .pair{display:flex;flex-wrap:wrap;gap:0 1.5em}.pair figure,.pair>div{flex:1 1 440px;min-width:0}
            .warn{background:#fff4e5;border-left:4px solid #f0a020;padding:.5em 1em}
            """;

    private final InstantSource clock;
    private final Optional<URI> guide;

    HtmlReport(InstantSource clock) {
        this(clock, ReadingGuide.find());
    }

    /** @param guide docs/REPORTS.md to link to, when this machine has it */
    HtmlReport(InstantSource clock, Optional<URI> guide) {
        this.clock = clock;
        this.guide = guide;
    }

    Rendered render(List<ReportedRun> runs) {
        List<Figure> figures = new ArrayList<>();
        StringBuilder out = new StringBuilder(1 << 16);
        String labels = runs.stream().map(ReportedRun::label).collect(Collectors.joining(" vs "));
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>rtbench report: ")
                .append(escape(labels))
                .append("</title>\n<style>\n")
                .append(STYLE)
                .append("</style>\n</head>\n<body>\n<h1>rtbench report</h1>\n");
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        out.append("<p class=\"note\">")
                .append(runs.size() == 1 ? "1 result file" : runs.size() + " result files side by side")
                .append(", generated ")
                .append(escape(now.toString()))
                .append(". How to read each chart: ")
                .append(guide.map(uri -> "<a href=\"" + escape(uri.toString()) + "\">" + ReadingGuide.NAME + "</a>")
                        .orElse(ReadingGuide.NAME))
                .append(" in the rtbench repository.</p>\n");
        RunTables.header(out, runs);
        StatementSection.html(out, runs);
        RunTables.summaries(out, runs);
        charts(out, runs, figures);
        RunTables.allLatencies(out, runs);
        out.append("</body>\n</html>\n");
        return new Rendered(out.toString(), figures);
    }

    private static void charts(StringBuilder out, List<ReportedRun> runs, List<Figure> figures) {
        List<ReportedRun> pipelines =
                runs.stream().filter(run -> !run.statementsOnly()).toList();
        if (!pipelines.isEmpty()) {
            latencyVersusRate(out, pipelines, figures);
            stages(out, pipelines, figures);
            distributions(out, pipelines, figures);
            overTime(out, pipelines, figures);
        }
        readsUnderLoad(out, runs, figures);
    }

    /** Workload mixed only: the read latency per window of each step (ReadWindowCharts). */
    private static void readsUnderLoad(StringBuilder out, List<ReportedRun> runs, List<Figure> figures) {
        if (runs.stream().noneMatch(ReadWindowCharts::hasReads)) {
            return;
        }
        out.append("<h2 id=\"reads\">Reads under write load</h2>\n")
                .append("<p class=\"note\">Per window: ")
                .append(escape(Metrics.SELECT))
                .append(" p50 and p99 (a read's intended time in the open-loop schedule → its last row) and ")
                .append(escape(Metrics.DATA))
                .append(" p99. A window where both rise is the target busy with both. Beside it, where the step ")
                .append("measured it, the target's CPU in each second, on the same time axis.</p>\n");
        for (ReportedRun run : runs) {
            for (ReportedStep step : run.steps()) {
                if (step.step().reads() != null) {
                    // read latency per window beside what the target's CPU did meanwhile
                    out.append("<div class=\"pair\">\n");
                    figure(out, figures, ReadWindowCharts.perWindow(run, step));
                    if (UtilisationCharts.measured(step)) {
                        figure(out, figures, UtilisationCharts.cpuOverTime(run, step));
                    }
                    out.append("</div>\n");
                }
            }
        }
    }

    private static void latencyVersusRate(StringBuilder out, List<ReportedRun> runs, List<Figure> figures) {
        out.append("<h2 id=\"latency-vs-rate\">Data latency versus ingest rate</h2>\n")
                .append("<p class=\"note\">One point per step. A line that bends upwards marks where the target ")
                .append("stops keeping up. Every chart here has the same axes, from zero.</p>\n");
        ReportCharts.Extent extent = ReportCharts.Extent.of(runs);
        if (runs.size() > 1) {
            figure(out, figures, ReportCharts.latencyVersusRate(runs, "p99", LatencySummary::p99));
        }
        for (ReportedRun run : runs) {
            figure(out, figures, ReportCharts.percentilesVersusRate(run, extent));
            if (run.steps().stream().anyMatch(step -> step.step().repetitions() != null)) {
                figure(out, figures, ForkErrorBars.chart(run));
            }
        }
    }

    private static void stages(StringBuilder out, List<ReportedRun> runs, List<Figure> figures) {
        out.append("<h2 id=\"stages\">Where the time goes</h2>\n")
                .append("<p class=\"note\">Per step: ")
                .append(escape(Metrics.PRODUCE_ACK))
                .append(" (intended send → broker ack), ")
                .append(escape(Metrics.KAFKA_HOP))
                .append(" (event time → sink received), ")
                .append(escape(Metrics.SINK_WRITE))
                .append(" (one target write), ")
                .append(escape(Metrics.QUERY))
                .append(" (probe round trip) and ")
                .append(escape(Metrics.DATA))
                .append(" (end to end). The stages overlap, so the bars do not add up. The axis is logarithmic: ")
                .append("each grid line is ten times the one below.</p>\n");
        for (ReportedRun run : runs) {
            figure(out, figures, ReportCharts.stages(run, "p50", LatencySummary::p50));
            figure(out, figures, ReportCharts.stages(run, "p99", LatencySummary::p99));
        }
    }

    private static void distributions(StringBuilder out, List<ReportedRun> runs, List<Figure> figures) {
        out.append("<h2 id=\"distribution\">Percentile distribution of data latency</h2>\n")
                .append("<p class=\"note\">Each step's interval histograms merged (never averaged percentiles); ")
                .append("the x axis counts nines: 90 %, 99 %, 99.9 %…</p>\n");
        for (ReportedRun run : runs) {
            figure(out, figures, ReportCharts.distribution(run));
        }
    }

    private static void overTime(StringBuilder out, List<ReportedRun> runs, List<Figure> figures) {
        out.append("<h2 id=\"over-time\">Data latency over time</h2>\n")
                .append("<p class=\"note\">p50 and p99 of each second of each step, from the step's histogram log. ")
                .append("A rising line means a growing backlog; spikes are stalls. Beside it, where the step ")
                .append("measured it, the CPU in each second of the target, of the harness (rtbench, Kafka, Connect) ")
                .append("and of the whole machine (100 % = one core busy; the machine at its cores × 100 % is full).")
                .append(
                        runs.stream()
                                        .flatMap(run -> run.steps().stream())
                                        .anyMatch(reported -> reported.step().faults() != null)
                                ? " Shaded: the window of a fault (run --fault), labelled with its kind."
                                : "")
                .append(
                        runs.stream().flatMap(run -> run.steps().stream()).anyMatch(BacklogCharts::measured)
                                ? " Under it, where the step had a sink, the sink's backlog in events in each second"
                                        + " (its consumer group's lag), on the same x axis."
                                : "")
                .append("</p>\n");
        for (ReportedRun run : runs) {
            for (ReportedStep step : run.steps()) {
                // side by side, on the same x axis: a latency spike and the target's CPU in that second; under the
                // latency, the backlog the sink had then
                out.append("<div class=\"pair\">\n");
                if (BacklogCharts.measured(step)) {
                    out.append("<div>\n");
                    figure(out, figures, OverTimeCharts.overTime(run, step));
                    figure(out, figures, BacklogCharts.overTime(run, step));
                    out.append("</div>\n");
                } else {
                    figure(out, figures, OverTimeCharts.overTime(run, step));
                }
                if (UtilisationCharts.measured(step)) {
                    figure(out, figures, UtilisationCharts.cpuOverTime(run, step));
                }
                out.append("</div>\n");
            }
        }
    }

    private static void figure(StringBuilder out, List<Figure> figures, Figure figure) {
        figures.add(figure);
        out.append("<figure>\n<figcaption>").append(escape(figure.title())).append("</figcaption>\n");
        if (figure.drawn()) {
            out.append("<img alt=\"")
                    .append(escape(figure.title()))
                    .append("\" width=\"")
                    .append(ChartImages.WIDTH)
                    .append("\" height=\"")
                    .append(ChartImages.HEIGHT)
                    .append("\" src=\"")
                    .append(figure.pngDataUri())
                    .append("\">\n");
        }
        if (figure.note() != null) {
            out.append("<p class=\"note\">").append(escape(figure.note())).append("</p>\n");
        }
        out.append("</figure>\n");
    }

    /** Whether the run finished all its steps, was interrupted, or never wrote its end. */
    static String status(RunResult result) {
        int steps = result.steps().size();
        String finished = steps + (steps == 1 ? " step" : " steps");
        if (result.complete() == null) {
            return "not stated (" + finished + ")";
        }
        if (result.complete()) {
            return "complete (" + finished + ")";
        }
        return result.finishedAt() == null
                ? "unfinished: " + finished + " written, the run was still going or was killed"
                : "interrupted after " + finished;
    }

    /** The document and the figures in it, drawn or not. */
    record Rendered(String html, List<Figure> figures) {}
}
