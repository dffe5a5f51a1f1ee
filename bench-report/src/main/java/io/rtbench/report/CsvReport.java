package io.rtbench.report;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import java.util.ArrayList;
import java.util.List;

/**
 * The report as CSV (RFC 4180, {@code .} decimals): one record per step per result file. The identifying columns
 * come first in a fixed order, then count and percentiles in milliseconds for every metric that occurs in any of
 * the files, in {@link MetricOrder} order; a step without a metric leaves its cells empty.
 */
final class CsvReport {

    static final List<String> STEP_COLUMNS = List.of(
            "file",
            "runId",
            "target",
            "pipeline",
            "complete",
            "step",
            "batchSize",
            "generators",
            "docSize",
            "docBytesMean",
            "targetEventsPerSec",
            "achievedEventsPerSec",
            "targetMBPerSec",
            "achievedMBPerSec",
            "durationSec",
            "produced",
            "landed",
            "lost",
            "duplicates",
            "failed",
            "probeErrors",
            "probesBeforeVisible",
            "sustained",
            "backlogStartEvents",
            "backlogEndEvents",
            "backlogSlopeEventsPerSec",
            "utilisationSource",
            "targetCpuPercentMean",
            "targetCpuPercentMax",
            "targetRssBytesMax",
            "targetDiskBytesFirst",
            "targetDiskBytesLast",
            "targetCores",
            "harnessCpuPercentMean",
            "harnessCpuPercentMax",
            "harnessRssBytesMax",
            "harnessCores",
            "rtbenchCpuPercentMean",
            "kafkaCpuPercentMean",
            "connectCpuPercentMean",
            "machineCpuPercentMean",
            "machineCpuPercentMax",
            "machineCores");

    static final List<String> SUMMARY_COLUMNS =
            List.of("count", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p999_ms", "max_ms");

    private CsvReport() {}

    static String render(List<ReportedRun> runs) {
        List<String> metrics = MetricOrder.present(runs);
        int faults = FaultColumns.most(runs);
        StringBuilder out = new StringBuilder();
        Csv.appendRecord(out, header(metrics, faults));
        for (ReportedRun run : runs) {
            for (ReportedStep step : run.steps()) {
                List<String> fields = record(run, step, metrics);
                FaultColumns.add(fields, step, faults);
                Csv.appendRecord(out, fields);
            }
        }
        return out.toString();
    }

    /** The columns: the step's, every metric's, then those of {@code faults} faults per fork (none without). */
    static List<String> header(List<String> metrics, int faults) {
        List<String> header = new ArrayList<>(STEP_COLUMNS);
        for (String metric : metrics) {
            for (String column : SUMMARY_COLUMNS) {
                header.add(metric + "_" + column);
            }
        }
        header.addAll(FaultColumns.header(faults));
        return header;
    }

    private static List<String> record(ReportedRun run, ReportedStep reported, List<String> metrics) {
        Scenario scenario = run.scenario();
        StepResult step = reported.step();
        StepRate rate = step.rate();
        DocBytes doc = step.docBytes();
        EventCounts events = step.events();
        Backlog backlog = step.backlog();
        List<String> fields = new ArrayList<>(STEP_COLUMNS.size() + metrics.size() * SUMMARY_COLUMNS.size());
        fields.add(run.source());
        fields.add(run.result().runId());
        fields.add(scenario.target());
        fields.add(scenario.pipeline());
        fields.add(Numbers.plain(run.complete()));
        fields.add(Integer.toString(reported.number()));
        fields.add(Numbers.plain(reported.batchSize()));
        fields.add(Numbers.plain(scenario.generators()));
        fields.add(Numbers.plain(scenario.docSize()));
        fields.add(doc == null ? "" : Numbers.plain(doc.mean(), 1));
        // a step that paced or counted nothing (an evaluator or a bridge on its own) leaves these fields empty
        fields.add(rate == null ? "" : Numbers.plain(rate.targetEventsPerSec(), 3));
        fields.add(rate == null ? "" : Numbers.plain(rate.achievedEventsPerSec(), 3));
        fields.add(rate == null ? "" : Numbers.plain(Numbers.megabytes(rate.targetBytesPerSec()), 6));
        fields.add(rate == null ? "" : Numbers.plain(Numbers.megabytes(rate.achievedBytesPerSec()), 6));
        fields.add(Numbers.plain(step.durationSec(), 3));
        fields.add(events == null ? "" : Long.toString(events.produced()));
        fields.add(events == null ? "" : Numbers.plain(events.landed()));
        fields.add(events == null ? "" : Numbers.plain(events.lost()));
        fields.add(events == null ? "" : Numbers.plain(events.duplicates()));
        fields.add(events == null ? "" : Numbers.plain(events.failed()));
        fields.add(Numbers.plain(step.probeErrors()));
        fields.add(Numbers.plain(step.probesBeforeVisible()));
        fields.add(Numbers.plain(step.sustained()));
        fields.add(backlog == null ? "" : Long.toString(backlog.startEvents()));
        fields.add(backlog == null ? "" : Long.toString(backlog.endEvents()));
        fields.add(backlog == null ? "" : Numbers.plain(backlog.slopeEventsPerSec(), 3));
        addUtilisation(fields, step.utilisation());
        addHost(fields, step.host());
        metrics.forEach(metric -> addSummary(fields, step.latencyMs().get(metric)));
        return fields;
    }

    /** The target's utilisation summary; empty cells where it, or one of its figures, was not measured. */
    private static void addUtilisation(List<String> fields, Utilisation utilisation) {
        Utilisation.Summary summary = utilisation == null ? null : utilisation.summary();
        fields.add(utilisation == null ? "" : utilisation.source());
        fields.add(summary == null ? "" : Numbers.plain(summary.cpuPercentMean(), 1));
        fields.add(summary == null ? "" : Numbers.plain(summary.cpuPercentMax(), 1));
        fields.add(summary == null ? "" : Numbers.plain(summary.rssBytesMax()));
        fields.add(summary == null ? "" : Numbers.plain(summary.diskBytesFirst()));
        fields.add(summary == null ? "" : Numbers.plain(summary.diskBytesLast()));
        fields.add(utilisation == null ? "" : Numbers.plain(utilisation.cores()));
    }

    /**
     * The harness's and the machine's summaries (docs/MEASUREMENT.md, "The harness and the machine"), CPU in percent of
     * one core but the machine's, of all its cores; the Connect workers of a cluster together; empty cells where not
     * measured.
     */
    private static void addHost(List<String> fields, HostUtilisation host) {
        HostUtilisation.Harness harness = host == null ? null : host.harness();
        HostUtilisation.Machine machine = host == null ? null : host.machine();
        Utilisation.Summary summary = harness == null ? null : harness.summary();
        fields.add(summary == null ? "" : Numbers.plain(summary.cpuPercentMean(), 1));
        fields.add(summary == null ? "" : Numbers.plain(summary.cpuPercentMax(), 1));
        fields.add(summary == null ? "" : Numbers.plain(summary.rssBytesMax()));
        fields.add(harness == null ? "" : Numbers.plain(harness.cores()));
        for (String part : List.of("rtbench", "kafka", "connect")) {
            List<Double> means = harness == null
                    ? List.of()
                    : harness.parts().entrySet().stream()
                            .filter(e -> e.getKey().equals(part) || e.getKey().startsWith(part + "-"))
                            .map(e -> e.getValue().summary().cpuPercentMean())
                            .toList();
            boolean all = !means.isEmpty() && means.stream().allMatch(java.util.Objects::nonNull);
            fields.add(
                    all
                            ? Numbers.plain(
                                    means.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .sum(),
                                    1)
                            : "");
        }
        Utilisation.Summary whole = machine == null ? null : machine.summary();
        fields.add(whole == null ? "" : Numbers.plain(whole.cpuPercentMean(), 1));
        fields.add(whole == null ? "" : Numbers.plain(whole.cpuPercentMax(), 1));
        fields.add(machine == null ? "" : Numbers.plain(machine.cores()));
    }

    private static void addSummary(List<String> fields, LatencySummary summary) {
        if (summary == null) {
            SUMMARY_COLUMNS.forEach(column -> fields.add(""));
        } else {
            fields.add(Long.toString(summary.count()));
            fields.add(Numbers.millis(summary.p50()));
            fields.add(Numbers.millis(summary.p90()));
            fields.add(Numbers.millis(summary.p95()));
            fields.add(Numbers.millis(summary.p99()));
            fields.add(Numbers.millis(summary.p999()));
            fields.add(Numbers.millis(summary.max()));
        }
    }
}
