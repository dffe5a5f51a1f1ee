package io.rtbench.report;

import static io.rtbench.report.Html.cell;
import static io.rtbench.report.Html.escape;

import io.rtbench.core.engine.Sustained;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.Verdicts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The tables of the HTML report: what was run, the step summaries, every latency. */
final class RunTables {

    /**
     * Settings that must match for latencies to be compared fairly: the same machine, document size and load shape.
     * Target, pipeline and batch size are what a comparison usually varies, so they are listed, not flagged.
     */
    private static final Set<String> MUST_MATCH = Set.of("host", "CPUs", "doc size", "generators");

    private RunTables() {}

    /** One column per result: what was run, where, with which versions, and whether it finished. */
    static void header(StringBuilder out, List<ReportedRun> runs) {
        out.append("<h2 id=\"runs\">What was run</h2>\n<table>\n<tr><th class=\"l\"></th>");
        runs.forEach(run ->
                out.append("<th class=\"l\">").append(escape(run.label())).append("</th>"));
        out.append("</tr>\n");
        for (Map.Entry<String, Function<ReportedRun, String>> row : rows().entrySet()) {
            out.append("<tr><th class=\"l\">").append(escape(row.getKey())).append("</th>");
            for (ReportedRun run : runs) {
                String value = row.getValue().apply(run);
                boolean bad = row.getKey().equals("status") && !run.complete();
                out.append(bad ? "<td class=\"l bad\">" : "<td class=\"l\">")
                        .append(escape(value))
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");
        if (runs.size() > 1) {
            differences(out, runs);
        }
    }

    private static Map<String, Function<ReportedRun, String>> rows() {
        Map<String, Function<ReportedRun, String>> rows = new java.util.LinkedHashMap<>();
        rows.put("file", ReportedRun::source);
        rows.put("run id", run -> run.result().runId());
        rows.put("status", run -> HtmlReport.status(run.result()));
        rows.put("target", ReportedRun::target);
        rows.put("target version", run -> env(run, RunEnvironment::targetVersion));
        rows.put("pipeline", run -> run.scenario().pipeline());
        rows.put("batch size", run -> batchSizes(run));
        rows.put("generators", run -> Numbers.plain(run.scenario().generators()));
        rows.put("doc size", run -> Numbers.grouped(bytes(run.scenario().docSize())));
        rows.put("seed", run -> Numbers.plain(run.scenario().seed()));
        rows.put("prefill events", run -> Numbers.grouped(run.scenario().prefillEvents()));
        rows.put("Kafka version", run -> env(run, RunEnvironment::kafkaVersion));
        rows.put("host", run -> env(run, RunEnvironment::host));
        rows.put("CPUs", run -> env(run, e -> Numbers.plain(e.cpus())));
        rows.put("OS", run -> env(run, RunEnvironment::os));
        rows.put("JVM", run -> env(run, RunEnvironment::jvm));
        rows.put(
                "rtbench",
                run -> run.result().tool() == null ? "" : run.result().tool().version());
        rows.put("started", run -> Objects.toString(run.result().startedAt(), ""));
        rows.put("finished", run -> Objects.toString(run.result().finishedAt(), ""));
        rows.put("other settings", RunTables::settings);
        return rows;
    }

    private static Long bytes(Integer docSize) {
        return docSize == null ? null : docSize.longValue();
    }

    private static String env(ReportedRun run, Function<RunEnvironment, String> field) {
        RunEnvironment environment = run.result().environment();
        String value = environment == null ? null : field.apply(environment);
        return value == null ? "" : value;
    }

    private static String batchSizes(ReportedRun run) {
        Set<String> sizes = new LinkedHashSet<>();
        run.steps().forEach(step -> sizes.add(Numbers.plain(step.batchSize())));
        sizes.remove("");
        return sizes.isEmpty() ? Numbers.plain(run.scenario().batchSize()) : String.join(", ", sizes);
    }

    /** {@code batchSizes=50, 500; rates=1MB/s, 2MB/s; warmup=5s}: lists as the user typed them, not {@code [50, 500]}. */
    private static String settings(ReportedRun run) {
        Scenario scenario = run.scenario();
        return scenario.settings().entrySet().stream()
                .map(e -> e.getKey() + "="
                        + (e.getValue() instanceof List<?> list
                                ? list.stream().map(String::valueOf).collect(Collectors.joining(", "))
                                : e.getValue()))
                .collect(Collectors.joining("; "));
    }

    /** What differs between the runs; differences that make latencies incomparable are flagged. */
    private static void differences(StringBuilder out, List<ReportedRun> runs) {
        List<String> flagged = differing(runs, true);
        List<String> other = differing(runs, false);
        if (!flagged.isEmpty()) {
            out.append("<div class=\"warn\"><p>Not like for like — these differ between the runs, ")
                    .append("so their latencies are not a fair comparison:</p>\n<ul>\n");
            flagged.forEach(line -> out.append("<li>").append(escape(line)).append("</li>\n"));
            out.append("</ul></div>\n");
        }
        if (!other.isEmpty()) {
            out.append("<p class=\"note\">Compared: ")
                    .append(escape(String.join("; ", other)))
                    .append("</p>\n");
        }
    }

    /**
     * The rows of {@link #header} whose values differ between the runs, as "name: a / b": those that make their
     * latencies no fair comparison (host, CPUs, doc size, generators) when {@code unlike}, the others otherwise.
     */
    static List<String> differing(List<ReportedRun> runs, boolean unlike) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Function<ReportedRun, String>> row : rows().entrySet()) {
            String name = row.getKey();
            if (Set.of("file", "run id", "status", "started", "finished").contains(name)
                    || MUST_MATCH.contains(name) != unlike) {
                continue;
            }
            Set<String> values = new LinkedHashSet<>();
            runs.forEach(run -> values.add(row.getValue().apply(run)));
            if (values.size() > 1) {
                lines.add(name + ": " + String.join(" / ", values));
            }
        }
        return lines;
    }

    static void summaries(StringBuilder out, List<ReportedRun> runs) {
        out.append("<h2 id=\"summary\">Summary</h2>\n");
        for (ReportedRun run : runs) {
            out.append("<h3>")
                    .append(escape(run.label()))
                    .append(": ")
                    .append(escape(run.target()))
                    .append(" via ")
                    .append(escape(run.scenario().pipeline()))
                    .append("</h3>\n");
            run.notes()
                    .forEach(note -> out.append("<p class=\"note\">")
                            .append(escape(note))
                            .append("</p>\n"));
            out.append("<table class=\"summary\">\n<tr>");
            headers(out, List.of("step"), 2, true);
            headers(out, List.of("batch"), 2, false);
            out.append("<th class=\"group\" colspan=\"2\">achieved</th>");
            headers(out, List.of("seconds"), 2, false);
            out.append("<th class=\"group\" colspan=\"4\">events</th>");
            headers(out, List.of("probe errors", "sustained", "backlog slope /s"), 2, false);
            out.append("<th class=\"group\" colspan=\"5\">data latency (ms)</th></tr>\n<tr>");
            headers(out, List.of("events/s", "MB/s", "produced", "landed", "lost", "dupl."), 1, false);
            headers(out, List.of("p50", "p95", "p99", "max", "samples"), 1, false);
            out.append("</tr>\n");
            run.steps().forEach(step -> stepRow(out, step));
            out.append("</table>\n");
            unsustained(out, run.steps());
            stepNotes(out, run.steps(), Verdicts::probesBeforeVisible);
            stepNotes(out, run.steps(), Verdicts::dmlCounts);
            extras(out, run.result());
            WorkerTables.append(out, run);
            FaultTables.append(out, run);
        }
    }

    private static void headers(StringBuilder out, List<String> names, int rows, boolean left) {
        for (String name : names) {
            out.append("<th")
                    .append(rows > 1 ? " rowspan=\"" + rows + "\"" : "")
                    .append(left ? " class=\"l\"" : "")
                    .append(">")
                    .append(escape(name))
                    .append("</th>");
        }
    }

    /** Numbers as a reader takes them in: counts grouped, latencies as the run's own table prints them. */
    private static void stepRow(StringBuilder out, ReportedStep reported) {
        StepResult step = reported.step();
        EventCounts events = step.events();
        LatencySummary data = reported.latency(Metrics.DATA);
        boolean lost = events != null && events.lost() != null && events.lost() > 0;
        boolean unsustained = Boolean.FALSE.equals(step.sustained());
        // "#1 2 MB/s" on one line; "#2 achieved 11.251 MB/s" (a step at the maximum rate) may break before the rate.
        out.append("<tr><td class=\"l\">")
                .append(escape(reported.label()).replace(" ", "&nbsp;").replace("achieved&nbsp;", "achieved "))
                .append("</td>");
        cell(out, Numbers.plain(reported.batchSize()), false);
        cell(out, step.rate() == null ? "-" : Numbers.grouped(step.rate().achievedEventsPerSec()), false);
        cell(out, Numbers.plain(reported.achievedMegabytesPerSec(), 3), false);
        cell(out, Numbers.plain(step.durationSec(), 1), false);
        cell(out, events == null ? "-" : Numbers.grouped(events.produced()), false);
        cell(out, events == null ? "-" : Numbers.grouped(events.landed()), false);
        cell(out, events == null ? "-" : Numbers.grouped(events.lost()), lost);
        cell(out, events == null ? "-" : Numbers.grouped(events.duplicates()), false);
        cell(out, Numbers.grouped(step.probeErrors()), step.probeErrors() != null && step.probeErrors() > 0);
        cell(out, Verdicts.sustained(step), unsustained);
        cell(out, step.backlog() == null ? "" : Numbers.plain(step.backlog().slopeEventsPerSec(), 2), false);
        cell(out, data == null ? "" : Numbers.readableMillis(data.p50()), false);
        cell(out, data == null ? "" : Numbers.readableMillis(data.p95()), false);
        cell(out, data == null ? "" : Numbers.readableMillis(data.p99()), false);
        cell(out, data == null ? "" : Numbers.readableMillis(data.max()), false);
        cell(out, data == null ? "" : Numbers.grouped(data.count()), false);
        out.append("</tr>\n");
    }

    /** Why each step that was not sustained was not: the table says only "NO". */
    private static void unsustained(StringBuilder out, List<ReportedStep> steps) {
        List<String> lines = new ArrayList<>();
        for (ReportedStep step : steps) {
            if (Boolean.FALSE.equals(step.step().sustained())) {
                List<String> why = Sustained.reasons(step.step());
                // e.g. a result an older rtbench judged by a rule since changed
                lines.add(step.label() + ": "
                        + (why.isEmpty()
                                ? "no reason can be told from the figures in the result"
                                : String.join("; ", why)));
            }
        }
        if (!lines.isEmpty()) {
            out.append("<p class=\"note\">Not sustained:</p>\n<ul class=\"note\">\n");
            lines.forEach(line -> out.append("<li>").append(escape(line)).append("</li>\n"));
            out.append("</ul>\n");
        }
    }

    /**
     * A note under the table for each step {@code note} has something to say about, in the words of the table a run
     * prints (e.g. probes that found nothing visible for a while).
     */
    private static void stepNotes(
            StringBuilder out, List<ReportedStep> steps, Function<StepResult, Optional<String>> note) {
        for (ReportedStep step : steps) {
            note.apply(step.step())
                    .ifPresent(line -> out.append("<p class=\"note\">")
                            .append(escape(step.label() + ": " + line))
                            .append("</p>\n"));
        }
    }

    private static void extras(StringBuilder out, RunResult result) {
        RunResult.Peak peak = result.peak();
        if (peak != null) {
            out.append("<p>Peak sustained: ")
                    .append(escape(Numbers.grouped(peak.sustainedEventsPerSec())))
                    .append(" events/s, ")
                    .append(escape(Numbers.plain(Numbers.megabytes(peak.sustainedBytesPerSec()), 3)))
                    .append(" MB/s");
            if (peak.step() != null) {
                out.append(", step #").append(peak.step());
            }
            if (peak.criterion() != null) {
                out.append(" (").append(escape(peak.criterion())).append(')');
            }
            if (peak.notSustainedAbove() != null) {
                out.append(". Above it, ").append(escape(Sustained.describe(peak.notSustainedAbove())));
            }
            Sustained.peakBound(peak).ifPresent(bound -> out.append(". Note: ").append(escape(bound)));
            out.append("</p>\n");
        }
        RunResult.Calibration calibration = result.calibration();
        if (calibration != null) {
            out.append("<p>Calibration: configured visibility delay ")
                    .append(escape(Numbers.millis(calibration.configuredDelayMs())))
                    .append(" ms ± ")
                    .append(escape(Numbers.millis(calibration.configuredJitterMs())))
                    .append(" ms; error of data against the ground truth: p50 ")
                    .append(escape(Numbers.millis(calibration.p50ErrorMs())))
                    .append(" ms, p99 ")
                    .append(escape(Numbers.millis(calibration.p99ErrorMs())))
                    .append(" ms");
            changeCalibration(out, "update", calibration.updateProbeP50ErrorMs(), calibration.updateP50ErrorMs());
            changeCalibration(out, "delete", calibration.deleteProbeP50ErrorMs(), calibration.deleteP50ErrorMs());
            out.append("</p>\n");
        }
    }

    /** Workload dml: the change metric's p50 error, and its distance from the changes' own latency (not an error). */
    private static void changeCalibration(StringBuilder out, String kind, Double probeErrorMs, Double changeErrorMs) {
        if (probeErrorMs == null) {
            return;
        }
        out.append("; ")
                .append(kind)
                .append("Visible p50 against its exact reading at the probes' instants ")
                .append(escape(Numbers.millis(probeErrorMs)))
                .append(" ms");
        if (changeErrorMs != null) {
            out.append(" (against the ")
                    .append(kind)
                    .append("s' own latency ")
                    .append(escape(Numbers.millis(changeErrorMs)))
                    .append(" ms, their spacing included)");
        }
    }

    /** Every metric of every step, folded away: the numbers behind the charts. */
    static void allLatencies(StringBuilder out, List<ReportedRun> runs) {
        out.append("<h2 id=\"latencies\">Every latency (ms)</h2>\n");
        for (ReportedRun run : runs) {
            out.append("<details><summary>")
                    .append(escape(run.label()))
                    .append("</summary>\n<table>\n<tr><th class=\"l\">step</th><th class=\"l\">metric</th>");
            for (String column : List.of("count", "p50", "p90", "p95", "p99", "p99.9", "max")) {
                out.append("<th>").append(column).append("</th>");
            }
            out.append("</tr>\n");
            for (ReportedStep step : run.steps()) {
                for (String metric : MetricOrder.present(List.of(run))) {
                    LatencySummary summary = step.latency(metric);
                    if (summary == null) {
                        continue;
                    }
                    out.append("<tr><td class=\"l\">")
                            .append(escape(step.label()))
                            .append("</td><td class=\"l\">")
                            .append(escape(metric))
                            .append("</td>");
                    cell(out, Long.toString(summary.count()), false);
                    for (double value : new double[] {
                        summary.p50(), summary.p90(), summary.p95(), summary.p99(), summary.p999(), summary.max()
                    }) {
                        cell(out, Numbers.millis(value), false);
                    }
                    out.append("</tr>\n");
                }
            }
            out.append("</table>\n</details>\n");
        }
    }
}
