package io.rtbench.evaluator;

import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.cli.support.AuditOptions;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.OneStepSummary;
import io.rtbench.cli.support.OutputOptions;
import io.rtbench.cli.support.ProbeOptions;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.Bounds;
import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.RunPlan;
import io.rtbench.core.engine.RunResources;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.Verdicts;
import io.rtbench.core.time.Durations;
import io.rtbench.core.time.EpochClock;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench evaluate} and {@code java -jar bench-evaluator.jar}: probes a target for data latency on its own;
 * docs/GUIDE.md has every option.
 */
@Command(
        name = "evaluate",
        description = "Probe a target for the newest event of each generator and record the data latency.")
public final class EvaluateCommand implements Callable<Integer> {

    private static final Duration AUDIT_QUIET = Duration.ofSeconds(10);

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Mixin
    ProbeOptions probe;

    @Option(names = "--generator-ids", split = ",", paramLabel = "ID", description = "Generators to probe.")
    List<Long> generatorIds;

    @Option(
            names = "--generators-from-topic",
            paramLabel = "TOPIC",
            description = "Find the generators on the producers' announcement topic (e.g. rtbench.generators).")
    String announceTopic;

    @Mixin
    KafkaOptions kafka;

    @Option(
            names = "--sink-group",
            paramLabel = "GROUP",
            description =
                    "The sink's consumer group, whose lag is the backlog (e.g. rtbench-bridge-opensearch-rtbench_events).")
    String sinkGroup;

    @Mixin
    StartOptions start;

    @Option(names = "--any-host", description = "Also probe generators of other hosts (only with synchronized clocks).")
    boolean anyHost;

    @Option(
            names = "--duration",
            defaultValue = Defaults.DURATION,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long to evaluate.")
    Duration duration;

    @Mixin
    AuditOptions audit;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        EvaluatorSettings settings = settings();
        RunPlan plan = new RunPlan(
                scenario(settings),
                settings.resultFile(),
                0,
                0,
                0,
                StepSource.of(List.of(Step.observing(settings.duration()))));
        RunResult outcome = Engine.run(plan, StatusLine.onStdout(), run -> open(settings, run));
        print(outcome);
        requireSamples(outcome, settings);
        return CommandLines.OK;
    }

    /**
     * An evaluation that ran its course without one data sample measured nothing: a failure with one line (exit 1),
     * not "done" (the result file, written already, says the same).
     */
    private static void requireSamples(RunResult outcome, EvaluatorSettings settings) {
        if (!outcome.complete() || outcome.steps().isEmpty()) {
            return;
        }
        StepResult step = outcome.steps().get(0);
        if (DataSamples.measured(step)) {
            return;
        }
        String collection = settings.target().kind() + " " + settings.target().collection();
        Optional<String> probedInVain = DataSamples.probedInVain(step, collection);
        String why;
        if (probedInVain.isPresent()) {
            why = probedInVain.get() + "; check --target-url and --collection, and that a sink writes there";
        } else if (settings.announceTopic() != null) {
            why = "no generator to probe produced while it ran (none was announced on " + settings.announceTopic()
                    + " that had not ended or gone silent before it started)";
        } else {
            why = "no generator to probe: those of --generator-ids had ended or gone silent before it started (their"
                    + " announcements on " + Defaults.ANNOUNCE_TOPIC + " say so)";
        }
        throw new BenchmarkException("nothing measured: " + why);
    }

    /** The probe, the discovery of generators, the backlog and the audit from the producers' final counts. */
    private static void open(EvaluatorSettings settings, RunResources run) {
        MeterRegistry registry = PrometheusEndpoint.forRun(run, settings.prometheusHost(), settings.prometheusPort());
        ProbeStage probe = run.add(new ProbeStage(
                settings.target(),
                settings.interval(),
                settings.target().timeout(),
                EpochClock.SYSTEM,
                registry,
                null,
                null));
        // Generators given by id, with Kafka at hand, are followed on the default announcement topic too: one that had
        // ended before the evaluation is not probed, nor one that ends during it (its newest event would only grow
        // older), and one that ends is audited.
        Set<Long> listed = Set.copyOf(settings.generatorIds());
        boolean listedOnly = settings.announceTopic() == null;
        String announcements = !listedOnly
                ? settings.announceTopic()
                : settings.bootstrapServers() != null && !listed.isEmpty() ? Defaults.ANNOUNCE_TOPIC : null;
        if (announcements == null) {
            listed.forEach(probe::probe);
        }
        GeneratorDiscovery discovery = announcements == null
                ? null
                : run.add(new GeneratorDiscovery(
                        settings.bootstrapServers(),
                        settings.kafkaConfig(),
                        announcements,
                        settings.anyHost() || listedOnly
                                ? null
                                : RunEnvironment.detect().host(),
                        settings.eventsTopic(),
                        settings.connectTimeout(),
                        GeneratorAnnouncement.SILENT_AFTER,
                        new AnnouncedProbing(probe, run::note, listed, listedOnly),
                        run::stopRequested));
        if (settings.sinkGroup() != null) {
            BacklogSampler backlog = new BacklogSampler(
                    settings.bootstrapServers(),
                    settings.kafkaConfig(),
                    settings.sinkGroup(),
                    settings.eventsTopic(),
                    Duration.ofSeconds(5));
            run.add(new BacklogStage(backlog, Duration.ZERO, probe.metrics(), null));
            if (backlog.awaitBroker(settings.connectTimeout(), run::stopRequested)) {
                noCommitNote(backlog, settings.sinkGroup(), settings.eventsTopic())
                        .ifPresent(run::note);
            }
        }
        run.add(new AuditStage(
                probe.target(),
                () -> producedCounts(discovery, listedOnly ? listed : null),
                Map::of,
                () -> 0,
                settings.auditTimeout(),
                AUDIT_QUIET,
                probe.metrics(),
                discovery == null ? AuditStage.NO_PRODUCING_TIME : discovery::producingSec,
                run::progress));
    }

    /**
     * A {@code --sink-group} that has committed nothing on the topic (a misspelt group, or a sink that has not run
     * yet) has the whole topic as its backlog: said before the figures, not left to the status line's big number.
     */
    static Optional<String> noCommitNote(BacklogSampler backlog, String group, String topic) {
        try {
            if (backlog.hasCommitted()) {
                return Optional.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (Exception e) { // the backlog stage says so itself, once a second
            return Optional.empty();
        }
        return Optional.of("note: consumer group " + group + " has committed no offset on topic " + topic
                + ", so its backlog counts the topic from its start; check --sink-group"
                + " (a bridge's group is rtbench-bridge-<target>-<collection>) unless its sink has not started yet");
    }

    /**
     * Event counts from the producers' final announcements; generators still producing are left out, and with {@code
     * only}, those not probed.
     */
    private static Map<Long, Long> producedCounts(GeneratorDiscovery discovery, Set<Long> only) {
        Map<Long, Long> produced = new TreeMap<>();
        if (discovery != null) {
            for (GeneratorAnnouncement announcement : discovery.generators().values()) {
                if (announcement.producedEvents() != null
                        && (only == null || only.contains(announcement.generatorId()))) {
                    produced.put(announcement.generatorId(), announcement.producedEvents());
                }
            }
        }
        return produced;
    }

    private static Scenario scenario(EvaluatorSettings settings) {
        Map<String, Object> more = new HashMap<>();
        more.put("interval", Durations.format(settings.interval()));
        more.put("timeout", Durations.format(settings.target().timeout()));
        more.put("duration", Durations.format(settings.duration()));
        more.put("collection", settings.target().collection());
        if (settings.eventsTopic() != null) {
            more.put("topic", settings.eventsTopic());
        }
        return new Scenario(settings.target().kind(), "none", null, null, null, null, null, more);
    }

    EvaluatorSettings settings() {
        try {
            return new EvaluatorSettings(
                    // the probe's timeout is its target's: said with the flag the user gave
                    target.config(Bounds.positive("--probe-timeout", probe.timeout())),
                    generatorIds == null ? List.of() : generatorIds,
                    kafka.bootstrapServers(),
                    kafka.clientConfig(),
                    announceTopic,
                    kafka.topic(),
                    anyHost,
                    sinkGroup,
                    start.connectTimeout(),
                    probe.interval(),
                    duration,
                    output.prometheusHost(),
                    output.prometheusPort(),
                    audit.timeout(),
                    output.result());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private void print(RunResult outcome) {
        PrintWriter out = spec.commandLine().getOut();
        OneStepSummary.print(outcome, output.result(), out, (ending, step) -> printStep(ending, step, out));
    }

    private static void printStep(String ending, StepResult step, PrintWriter out) {
        out.printf(Locale.ROOT, "%s: %.1f s, %d probe errors%n", ending, step.durationSec(), step.probeErrors());
        Verdicts.probesBeforeVisible(step, "an evaluation that starts once the sink has caught up has none")
                .ifPresent(line -> out.println("  " + line));
        for (Map.Entry<String, LatencySummary> metric : step.latencyMs().entrySet()) {
            LatencySummary s = metric.getValue();
            out.printf(
                    Locale.ROOT,
                    "  %-14s p50 %9.3f  p95 %9.3f  p99 %9.3f  max %9.3f ms  (%,d samples)%n",
                    metric.getKey(),
                    s.p50(),
                    s.p95(),
                    s.p99(),
                    s.max(),
                    s.count());
        }
        if (step.events() != null && step.events().landed() != null) {
            out.printf(
                    Locale.ROOT,
                    "  audit: produced %,d  landed %,d  lost %,d  duplicates %,d%n",
                    step.events().produced(),
                    step.events().landed(),
                    step.events().lost(),
                    step.events().duplicates());
        }
        if (step.rate() != null) {
            out.printf(
                    Locale.ROOT,
                    "  %,.0f events/s landed over the time the generators produced%n",
                    step.rate().achievedEventsPerSec());
        }
    }
}
