package io.rtbench.cli.run;

import io.rtbench.core.BenchmarkException;
import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.RunPlan;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.evaluator.DataSamples;
import io.rtbench.evaluator.PrometheusEndpoint;
import io.rtbench.hosts.SeveralHosts;
import io.rtbench.report.ReportRequest;
import io.rtbench.report.Reports;
import io.rtbench.report.WrittenReport;
import io.rtbench.servers.Servers;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.kafka.common.KafkaException;

/**
 * What every pipeline command ({@code run}, {@code sweep}, {@code peak}, {@code calibrate}, {@code quickstart}) shares
 * around the engine: the servers' provider, the Prometheus endpoint, the final table and the report.
 */
final class RunLauncher {

    /** Where {@code kafka-connect} finds rtbench's sink plugin; set by the launcher script. */
    static final String CONNECT_PLUGIN_PROPERTY = "rtbench.connect.plugin.path";

    private RunLauncher() {}

    /**
     * Runs the whole pipeline through the engine, then prints the table and writes the report beside the result. A
     * failure is one line (exit 1); the result file holds the steps finished before it.
     */
    static RunResult launch(RunSpec spec, RunOptions options, PrintWriter out, StepSource steps) {
        int workers = WorkersPlan.workers(options.workers(), spec);
        return launch(spec, options.prometheusHost(), options.prometheusPort(), out, steps, workers);
    }

    static RunResult launch(
            RunSpec spec, String prometheusHost, int prometheusPort, PrintWriter out, StepSource steps) {
        return launch(spec, prometheusHost, prometheusPort, out, steps, 0);
    }

    /** @param workers the hosts that produce and probe ({@code --workers}); 0: this host does */
    private static RunResult launch(
            RunSpec spec, String prometheusHost, int prometheusPort, PrintWriter out, StepSource steps, int workers) {
        RunPlan plan = plan(spec, steps, workers);
        PrometheusEndpoint.requireFree(prometheusHost, prometheusPort);
        readAgeNote(spec).ifPresent(out::println);
        out.flush();
        PipelineAssembly assembly = new PipelineAssembly(
                spec, Servers.provider(System.getenv()), connectPluginPath(), prometheusHost, prometheusPort, workers);
        try {
            // the table and the report are the run's too: Ctrl-C while they are written ends the command after them
            return Engine.run(plan, StatusLine.onStdout(), assembly, result -> {
                ResultTable.print(result, out);
                SeveralHosts.printWorkers(result, out);
                out.println("result: " + spec.result().toAbsolutePath());
                writeReport(spec.result(), out);
                out.flush();
            });
        } catch (KafkaException e) {
            throw new BenchmarkException(e.getMessage(), e);
        }
    }

    /**
     * Exit 1 when a finished run measured something a user cannot take as a figure (docs/GUIDE.md, "Reading the
     * results"): the audit found events lost in a step (the pipeline dropped data), or a step has no data-latency sample
     * at all (its probes never found an event: the wrong --target-url or --collection, a sink that writes elsewhere).
     * Called after the command's own lines, so that the table, the result file and the report are all there.
     */
    static void requireMeasured(RunResult result, RunSpec spec) {
        requireNothingLost(result, spec.run().auditTimeout());
        requireDataSamples(result, spec.target().kind() + " " + spec.target().collection());
    }

    /**
     * The audit's half of {@link #requireMeasured}. Events the audit did not find are lost when the sink had caught up;
     * when the sink was at least that many events behind as the phase ended (a target that did not keep up, or one
     * still coming back from a fault), the audit's wait ({@code --audit-timeout}) may have ended before they landed,
     * and the line says that rather than call them lost.
     */
    static void requireNothingLost(RunResult result, Duration auditTimeout) {
        List<String> steps = new ArrayList<>();
        long lost = 0;
        long produced = 0;
        long behind = 0;
        for (int i = 0; i < result.steps().size(); i++) {
            StepResult step = result.steps().get(i);
            StepResult.EventCounts events = step.events();
            if (events != null && events.lost() != null && events.lost() > 0) {
                steps.add(String.valueOf(i + 1));
                lost += events.lost();
                produced += events.produced();
                behind += step.backlog() == null ? 0 : step.backlog().endEvents();
            }
        }
        if (steps.isEmpty()) {
            return;
        }
        String missing = String.format(
                Locale.ROOT,
                "the audit found %,d of the %,d events produced in step%s %s missing from the target",
                lost,
                produced,
                steps.size() > 1 ? "s" : "",
                String.join(", ", steps));
        if (behind >= lost) {
            throw new BenchmarkException(String.format(
                    Locale.ROOT,
                    "%s after waiting %s for them (--audit-timeout), with the sink %,d events behind as the measured"
                            + " phase ended: the target did not keep up, and they were lost or had not landed yet"
                            + " (landed/produced in the table; a lower rate, or a longer --audit-timeout)",
                    missing,
                    Durations.format(auditTimeout),
                    behind));
        }
        throw new BenchmarkException(missing + ": the pipeline lost data (landed/produced in the table)");
    }

    /**
     * The probes' half of {@link #requireMeasured}, for a run that ran its course (an interrupted one says so itself):
     * a step whose probes ran and never found an event of their generator, or failed, measured no freshness. That fails
     * the run when no step of it has a data sample, or when the step was sustained (its events landed, so its probes
     * looked where nothing was written). A step that was not sustained may lack one when another step has one (a target
     * so far behind that nothing of the step landed while it ran: its row says so). A target that shows nothing (the
     * {@code null} target) leaves no trace of its probes, and so no failure.
     *
     * @param where the target's kind and collection
     */
    static void requireDataSamples(RunResult result, String where) {
        List<StepResult> steps = result.steps();
        if (!result.complete()) {
            return;
        }
        boolean anyMeasured = steps.stream().anyMatch(DataSamples::measured);
        for (int i = 0; i < steps.size(); i++) {
            StepResult step = steps.get(i);
            Optional<String> inVain = DataSamples.probedInVain(step, where);
            if (inVain.isPresent() && (!anyMeasured || Boolean.TRUE.equals(step.sustained()))) {
                throw new BenchmarkException(String.format(
                        Locale.ROOT,
                        "step %d measured no data latency: %s (the result file holds what the run did measure)",
                        i + 1,
                        inVain.get()));
            }
        }
    }

    /**
     * Workload {@code mixed}: a read picks an event written at least {@code --read-age} ago and is skipped until there
     * is one, so a step shorter than that skips its reads (at first, or all of them): said before the run, not only
     * in its table's {@code skipped} count afterwards. Empty otherwise.
     */
    static Optional<String> readAgeNote(RunSpec spec) {
        Optional<MixedSettings> mixed = spec.workload().mixed();
        if (mixed.isEmpty()) {
            return Optional.empty();
        }
        Duration step = spec.pacing()
                .warmup()
                .plus(spec.repetitions()
                        .repetitions()
                        .measuredLength(spec.pacing().duration()));
        Duration readAge = mixed.get().readAge();
        if (readAge.compareTo(step) <= 0) {
            return Optional.empty();
        }
        return Optional.of("note: reads pick events written at least " + Durations.format(readAge)
                + " ago (--read-age) and a step lasts " + Durations.format(step) + " (--warmup + --duration):"
                + " reads are skipped, and counted as skipped, until the run's first events are that old");
    }

    /** What the engine runs for {@code spec}: its scenario, prefill and result file, and the given steps. */
    static RunPlan plan(RunSpec spec, StepSource steps) {
        return plan(spec, steps, 0);
    }

    private static RunPlan plan(RunSpec spec, StepSource steps, int workers) {
        return new RunPlan(
                RunSpecMapping.scenario(spec, workers),
                spec.result(),
                spec.pacing().prefill(),
                spec.batchSizes().get(0),
                spec.pacing().docSize(),
                steps,
                spec.repetitions().repetitions());
    }

    /** The planned steps of a run: every rate, for every batch size. */
    static StepSource planned(RunSpec spec) {
        List<Step> steps = new ArrayList<>();
        for (RunSpec.StepPlan plan : spec.steps()) {
            steps.add(step(spec, steps.size() + 1, plan.rate(), plan.batchSize()));
        }
        return StepSource.of(steps);
    }

    /** A measured step of the run at {@code rate}, with the run's warmup and duration. */
    static Step step(RunSpec spec, int index, Rate rate, int batchSize) {
        return new Step(
                index, rate, batchSize, spec.pacing().warmup(), spec.pacing().duration(), 0);
    }

    /**
     * The HTML and CSV report beside the result. A report that cannot be drawn costs the user a chart, not the run: the
     * result file is written already, so the reason is printed and {@code rtbench report} can be run again later.
     */
    static void writeReport(Path result, PrintWriter out) {
        try {
            WrittenReport report = Reports.write(new ReportRequest(List.of(result), null, null));
            out.println("report: " + report.html().toAbsolutePath() + " (csv: "
                    + report.csv().toAbsolutePath() + ")");
            report.notes().forEach(note -> out.println("  " + note));
        } catch (BenchmarkException e) {
            out.println("report: not written (" + e.getMessage() + "); retry with: rtbench report " + result);
        } catch (RuntimeException | LinkageError e) {
            // Java2D without its native font libraries (a JRE image without fontconfig) fails while drawing text.
            out.println("report: not written (cannot draw charts here: " + e
                    + "; install fontconfig and a font); retry with: rtbench report " + result);
        }
    }

    /** Connect's {@code plugin.path}: directories, comma-separated. */
    private static String connectPluginPath() {
        return System.getProperty(CONNECT_PLUGIN_PROPERTY);
    }
}
