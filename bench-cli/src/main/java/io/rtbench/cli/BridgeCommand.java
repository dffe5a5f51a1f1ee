package io.rtbench.cli;

import io.rtbench.cli.run.BridgeStage;
import io.rtbench.cli.support.BridgeOptions;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.ResultOptions;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.connectors.bridge.BridgeStats;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.Bounds;
import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.RunInterruptedException;
import io.rtbench.core.engine.RunPlan;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rtbench bridge}: rtbench's own sink, Kafka topic → target, until Ctrl-C or {@code --duration}. */
@Command(
        name = "bridge",
        description = "Consume events from Kafka and write them to a target in batches (the kafka-bridge pipeline).")
final class BridgeCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    TargetOptions target;

    @Mixin
    BridgeOptions bridge;

    @Option(names = "--batch-size", hidden = true)
    void legacyBatchSize(int value) {
        legacy.batchSize = value;
    }

    @Option(names = "--linger", hidden = true, converter = Converters.DurationConverter.class)
    void legacyLinger(Duration value) {
        legacy.linger = value;
    }

    @Option(names = "--threads", hidden = true)
    void legacyThreads(int value) {
        legacy.threads = value;
    }

    /** Values given with the older flag names, which win over the defaults of the new ones. */
    private final Legacy legacy = new Legacy();

    private static final class Legacy {
        Integer batchSize;
        Duration linger;
        Integer threads;
    }

    @Option(
            names = "--group-id",
            paramLabel = "GROUP",
            description =
                    "Consumer group (default rtbench-bridge-<target>-<collection>; a new group reads from the earliest offset).")
    String groupId;

    @Option(
            names = {"--target-timeout"},
            defaultValue = Defaults.TARGET_TIMEOUT,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Upper bound of one target call.")
    Duration targetTimeout;

    @Option(names = "--timeout", hidden = true, converter = Converters.DurationConverter.class)
    void legacyTimeout(Duration value) {
        targetTimeout = value;
    }

    @Mixin
    StartOptions start;

    @Option(
            names = "--retry-timeout",
            defaultValue = Defaults.RETRY_TIMEOUT,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long a batch is retried while the target fails before the bridge gives up.")
    Duration retryTimeout;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Stop after this long (default: run until Ctrl-C).")
    Duration duration;

    @Mixin
    ResultOptions output;

    @Override
    public Integer call() {
        BridgeSettings settings = settings();
        RunPlan plan = new RunPlan(
                scenario(settings), output.result(), 0, 0, 0, StepSource.of(List.of(Step.observing(duration))));
        BridgeStage[] opened = new BridgeStage[1];
        RunResult outcome;
        try {
            outcome = Engine.run(
                    plan,
                    StatusLine.onStdout(),
                    run -> opened[0] = run.add(new BridgeStage(settings, true, run::stopRequested)));
        } catch (RunInterruptedException e) {
            // Ctrl-C is how a bridge without --duration ends: what it wrote is said before the line of the stop
            if (opened[0] != null) {
                printStats(opened[0].stats());
            }
            throw e;
        }
        BridgeStats stats = opened[0].stats();
        printStats(stats);
        if (stats.failed() > 0) {
            return CommandLines.FAILURE;
        }
        if (duration != null && outcome.complete() && stats.written() == 0) {
            // a --topic typo or a group already at the topic's end looks like an idle bridge: say it, not "done"
            throw new BenchmarkException("nothing bridged: no event arrived on topic " + settings.topic() + " in "
                    + Durations.format(duration) + "; check --topic and --bootstrap-servers, and that a producer"
                    + " writes there (group " + settings.groupId() + " reads from its committed offset, a new group"
                    + " from the topic's start)");
        }
        return CommandLines.OK;
    }

    private void printStats(BridgeStats stats) {
        spec.commandLine()
                .getOut()
                .printf(
                        Locale.ROOT,
                        "bridge: %,d events written%s, %,d failed, %,d retries%n",
                        stats.written(),
                        writingRate(stats),
                        stats.failed(),
                        stats.retries());
        spec.commandLine().getOut().flush();
    }

    /**
     * The rate while writing: the result's rate is over the whole run, and a bridge that drained a backlog and then
     * waited for more would show its waiting in it.
     */
    private static String writingRate(BridgeStats stats) {
        OptionalDouble seconds = stats.writingSeconds();
        if (seconds.isEmpty() || seconds.getAsDouble() <= 0) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                " (%,.0f events/s over the %.1f s from the first write's start to the last write's end)",
                stats.written() / seconds.getAsDouble(),
                seconds.getAsDouble());
    }

    private BridgeSettings settings() {
        try {
            if (duration != null) {
                Bounds.positive("--duration", duration);
            }
            return new BridgeSettings(
                    kafka.bootstrapServers(),
                    kafka.topic(),
                    groupId,
                    target.config(targetTimeout),
                    legacy.batchSize != null ? legacy.batchSize : bridge.batchSize(),
                    legacy.linger != null ? legacy.linger : bridge.linger(),
                    legacy.threads != null ? legacy.threads : bridge.threads(),
                    kafka.clientConfig(),
                    retryTimeout,
                    bridge.maxInFlight(),
                    start.connectTimeout());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private static Scenario scenario(BridgeSettings settings) {
        Map<String, Object> more = new TreeMap<>();
        more.put("topic", settings.topic());
        more.put("groupId", settings.groupId());
        more.put("linger", Durations.format(settings.linger()));
        more.put("threads", settings.threads());
        more.put("maxInFlight", settings.maxInFlight());
        more.put("collection", settings.target().collection());
        return new Scenario(
                settings.target().kind(), "kafka-bridge", settings.batchSize(), null, null, null, null, more);
    }
}
