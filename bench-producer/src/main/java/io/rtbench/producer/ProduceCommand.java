package io.rtbench.producer;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.Given;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.MixedInput;
import io.rtbench.cli.support.OneStepSummary;
import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.ResultOptions;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.WorkloadOptions;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.RunPlan;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import io.rtbench.core.workload.Workload;
import io.rtbench.producer.KafkaDestination.KeyMode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench produce} and {@code java -jar bench-producer.jar}: events into Kafka (or straight into a target, or
 * nowhere) at a precise rate; docs/GUIDE.md has every option.
 */
@Command(
        name = "produce",
        description = "Generate stamped JSON events into Kafka (or straight into a target, or nowhere) at a precise,"
                + " open-loop rate, and record produceAck and scheduleDelay.")
public final class ProduceCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    PacingOptions pacing;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    WorkloadOptions changes;

    @Option(
            names = "--destination",
            paramLabel = "kafka|null|target",
            description = "Where events go: Kafka (default), nowhere (the generator alone), or straight into the"
                    + " --target (the direct pipeline).")
    String destination;

    /** The older spelling: {@code --sink null|kafka|KIND}, where KIND meant {@code --destination target --target KIND}. */
    @Option(names = "--sink", hidden = true, paramLabel = "null|KIND")
    String legacySink;

    @Mixin
    TargetOptions target;

    @Option(
            names = "--events",
            defaultValue = Defaults.EVENTS,
            paramLabel = "N",
            description = "Stop after this many measured events (0: no limit).")
    long maxEvents;

    @Option(
            names = "--key",
            defaultValue = Defaults.KEY,
            paramLabel = "id|generator|none",
            converter = KeyConverter.class,
            description = "Kafka record key: the event's _id, its generator, or none.")
    KeyMode key;

    @Mixin
    ValueFormatOptions values;

    @Option(
            names = "--partitions",
            defaultValue = Defaults.PARTITIONS,
            paramLabel = "N",
            description = "Partitions of the topic if rtbench creates it.")
    int partitions;

    @Option(
            names = "--announce-topic",
            defaultValue = Defaults.ANNOUNCE_TOPIC,
            paramLabel = "TOPIC",
            description = "Where generators announce themselves for evaluators.")
    String announceTopic;

    @Mixin
    StartOptions start;

    @Mixin
    ResultOptions output;

    @Override
    public Integer call() {
        printSummary(run(settings(), output.result(), StatusLine.onStdout()));
        return CommandLines.OK;
    }

    /** The producer alone through the engine: prefill, warmup, one measured step; the result written if asked. */
    static RunResult run(ProducerSettings settings, Path resultFile, StatusLine status) {
        PacingSettings pacing = settings.pacing();
        Step step =
                new Step(1, pacing.rate(), pacing.batchSize(), pacing.warmup(), pacing.duration(), pacing.maxEvents());
        RunPlan plan = new RunPlan(
                ProducerScenario.of(settings),
                resultFile,
                pacing.prefillEvents(),
                pacing.batchSize(),
                settings.generator().docSizeBytes(),
                StepSource.of(List.of(step)));
        String runId = UUID.randomUUID().toString();
        return Engine.run(
                plan,
                status,
                run -> run.add(new ProducerStage(settings, EpochClock.SYSTEM, runId).onGenerators(ids -> {
                    if (!(settings.destination() instanceof Destination.Discard)) {
                        run.note(generatorsNote(ids, settings.destination()));
                    }
                })));
    }

    /**
     * The generator ids, which {@code rtbench evaluate --generator-ids} takes, and where they are announced: said
     * where the events land somewhere an evaluator can probe (not for {@code --destination null}).
     */
    static String generatorsNote(List<Long> ids, Destination destination) {
        String list = ids.stream().map(String::valueOf).collect(Collectors.joining(","));
        String announced =
                destination instanceof KafkaDestination kafka ? "announced on " + kafka.announceTopic() + "; " : "";
        return "generators " + list + " (" + announced + "rtbench evaluate --generator-ids " + list + ")";
    }

    ProducerSettings settings() {
        try {
            PacingSettings pacingSettings = new PacingSettings(
                    pacing.rate(),
                    pacing.batchSize(),
                    pacing.generators(),
                    pacing.duration(),
                    pacing.prefill(),
                    maxEvents,
                    pacing.warmup());
            GeneratorSettings generator = new GeneratorSettings(pacing.seed(), pacing.docSize());
            if (MixedInput.MIXED.equalsIgnoreCase(
                    String.valueOf(changes.workload()).strip())) {
                throw new IllegalArgumentException(MixedInput.ONLY_UNDER_PIPELINE_COMMANDS);
            }
            DmlSettings dml = WorkloadOptions.resolve(
                    changes.workload(),
                    changes.updates(),
                    changes.deletes(),
                    changes.updateMode(),
                    changes.minRowAge());
            Destination to = destination();
            if (dml != null && to instanceof Destination.Direct direct) {
                Targets.provider(direct.target().kind())
                        .dmlRefusal(dml.updateMode())
                        .ifPresent(reason -> {
                            throw new IllegalArgumentException("--workload dml: " + reason);
                        });
                to = new Destination.Direct(direct.target().forDml(dml.updateMode()));
            }
            return new ProducerSettings(
                    pacingSettings, generator, to, dml == null ? Workload.INGEST : new Workload.Dml(dml));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** The flags of one destination are a usage error with another: they would be ignored. */
    private void refuseFlagsOfOtherDestinations(String where) {
        List<String> targetFlags =
                List.of("--target", "--target-url", "--collection", "--target-option", "--credentials-file");
        List<String> kafkaFlags = List.of(
                "--bootstrap-servers",
                "--topic",
                "--kafka-config",
                "--partitions",
                "--key",
                "--announce-topic",
                "--value-format");
        List<String> ignored = switch (where) {
            case "kafka" -> targetFlags;
            case "target" -> kafkaFlags;
            case "null" ->
                Stream.concat(targetFlags.stream(), kafkaFlags.stream()).toList();
            default -> List.of();
        };
        Given given = Given.of(spec);
        for (String flag : ignored) {
            if (given.onCommandLine(flag)) {
                throw new IllegalArgumentException(flag + " does nothing with --destination " + where + " (it is "
                        + (targetFlags.contains(flag) ? "--destination target's" : "--destination kafka's") + ")");
            }
        }
    }

    private Destination destination() {
        String legacy = legacySink == null ? null : legacySink.toLowerCase(Locale.ROOT);
        boolean legacyTarget = legacy != null && !legacy.equals("kafka") && !legacy.equals("null");
        String where = destination != null
                ? destination.toLowerCase(Locale.ROOT)
                : legacyTarget ? "target" : legacy != null ? legacy : "kafka";
        Destination chosen = destination(where, legacyTarget ? legacy : null);
        refuseFlagsOfOtherDestinations(where);
        return chosen;
    }

    /**
     * The destination {@code where} names, with what it needs of its flags.
     *
     * @param legacyKind the target kind of the old spelling {@code --sink KIND}; null without it
     */
    private Destination destination(String where, String legacyKind) {
        switch (where) {
            case "kafka" -> {
                if (kafka.bootstrapServers() == null) {
                    throw new IllegalArgumentException(
                            "--bootstrap-servers is required (or --destination null|target)");
                }
                return new KafkaDestination(
                        kafka.bootstrapServers(),
                        kafka.topic(),
                        key,
                        kafka.clientConfig(),
                        partitions,
                        announceTopic,
                        start.connectTimeout(),
                        values.valueFormat(),
                        start.connectTimeout());
            }
            case "null" -> {
                return new Destination.Discard();
            }
            case "target" -> {
                String kind =
                        target.kind() != null ? target.kind() : legacyKind != null ? legacyKind : target.requireKind();
                if (target.url() == null && Targets.provider(kind).server().isPresent()) {
                    throw new IllegalArgumentException("--destination target needs --target-url");
                }
                return new Destination.Direct(target.config(kind, start.connectTimeout()));
            }
            default ->
                throw new IllegalArgumentException(
                        "--destination must be kafka, null or target, got '" + destination + "'");
        }
    }

    private void printSummary(RunResult outcome) {
        PrintWriter out = spec.commandLine().getOut();
        OneStepSummary.print(outcome, output.result(), out, (ending, step) -> printStep(ending, step, out));
    }

    private void printStep(String ending, StepResult step, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%s: %,d events in %.1f s: %,.0f events/s, %.2f MB/s; documents %.0f bytes (%d-%d)%n",
                ending,
                step.events().produced(),
                step.durationSec(),
                step.rate().achievedEventsPerSec(),
                step.rate().achievedBytesPerSec() / 1e6,
                step.docBytes().mean(),
                step.docBytes().min(),
                step.docBytes().max());
        Schedule schedule = step.schedule();
        if (schedule != null && schedule.behind()) {
            out.printf(
                    Locale.ROOT,
                    "  not sustained: %,d of %,d events due were not sent (%.3f s behind schedule) when the run ended"
                            + " on time; the rate above is what the producer reached, not --rate %s%n",
                    schedule.eventsBehind(),
                    schedule.eventsDue(),
                    schedule.lagMs() / 1000,
                    pacing.rate());
        }
        step.latencyMs()
                .forEach((metric, summary) -> out.printf(
                        Locale.ROOT,
                        "  %-14s p50 %8.3f  p99 %8.3f  p99.9 %8.3f  max %8.3f ms  (%,d samples)%n",
                        metric,
                        summary.p50(),
                        summary.p99(),
                        summary.p999(),
                        summary.max(),
                        summary.count()));
    }

    static final class KeyConverter implements CommandLine.ITypeConverter<KeyMode> {
        @Override
        public KeyMode convert(String value) {
            for (KeyMode mode : KeyMode.values()) {
                if (mode.name().equalsIgnoreCase(value.strip())) {
                    return mode;
                }
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a key; use id, generator or none");
        }
    }
}
