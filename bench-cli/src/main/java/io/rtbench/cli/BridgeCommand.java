package io.rtbench.cli;

import io.rtbench.cli.support.ClientProperties;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.FailureException;
import io.rtbench.cli.support.StatusLine;
import io.rtbench.cli.support.TargetKinds;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.connectors.bridge.Bridge;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.connectors.bridge.BridgeStats;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.Durations;
import io.rtbench.core.time.EpochClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rtbench bridge}: rtbench's own sink, Kafka topic → target, until Ctrl-C or {@code --duration}. */
@Command(
        name = "bridge",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        showDefaultValues = true,
        description = "Consume events from Kafka and write them to a target in batches (the kafka-bridge pipeline).")
final class BridgeCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT", description = "Kafka brokers.")
    String bootstrapServers;

    @Option(names = "--topic", defaultValue = "rtbench.events", description = "Topic of the events.")
    String topic;

    @Option(
            names = "--target",
            required = true,
            paramLabel = "KIND",
            completionCandidates = TargetKinds.class,
            description = "${COMPLETION-CANDIDATES}.")
    String target;

    @Mixin
    TargetOptions targetOptions;

    @Option(
            names = "--batch-size",
            defaultValue = "" + BridgeSettings.DEFAULT_BATCH_SIZE,
            description = "Events per target write (at most).")
    int batchSize;

    @Option(
            names = "--linger",
            defaultValue = "5ms",
            converter = Converters.DurationConverter.class,
            description = "How long a batch may wait to fill.")
    Duration linger;

    @Option(
            names = "--threads",
            defaultValue = "1",
            description = "Consumers in the group, each writing its partitions.")
    int threads;

    @Option(
            names = "--group-id",
            paramLabel = "GROUP",
            description =
                    "Consumer group (default rtbench-bridge-<target>-<collection>; a new group reads from the earliest offset).")
    String groupId;

    @Option(names = "--consumer-config", paramLabel = "FILE", description = "Kafka client properties (TLS/SASL …).")
    Path consumerConfig;

    @Option(
            names = "--timeout",
            defaultValue = "10s",
            converter = Converters.DurationConverter.class,
            description = "Upper bound of one target call.")
    Duration timeout;

    @Option(
            names = "--retry-timeout",
            defaultValue = "2m",
            converter = Converters.DurationConverter.class,
            description = "How long a batch is retried while the target fails before the bridge gives up.")
    Duration retryTimeout;

    @Option(
            names = "--duration",
            converter = Converters.DurationConverter.class,
            description = "Stop after this long (default: run until Ctrl-C).")
    Duration duration;

    @Option(names = "--result", paramLabel = "FILE", description = "Write kafkaHop and sinkWrite to this result JSON.")
    Path result;

    @Override
    public Integer call() throws InterruptedException {
        BridgeSettings settings = settings();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stop.set(true);
            try {
                finished.await(settings.retryTimeout().toSeconds() + 30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        Instant startedAt = Instant.now();
        try (Target sink = Targets.open(settings.target());
                Bridge bridge = new Bridge(settings, sink, EpochClock.SYSTEM)) {
            bridge.start();
            StatusLine status = StatusLine.onStdout();
            long startNanos = System.nanoTime();
            long endNanos = duration == null ? Long.MAX_VALUE : startNanos + duration.toNanos();
            while (!stop.get() && bridge.failure() == null && System.nanoTime() - endNanos < 0) {
                TimeUnit.SECONDS.sleep(1);
                status.update(statusLine(bridge.stats(), startNanos));
            }
            status.finish();
            bridge.close();
            if (result != null) {
                ResultFiles.write(result, result(settings, bridge.stats(), startedAt, startNanos, sink, stop.get()));
            }
            if (bridge.failure() != null) {
                throw new FailureException("bridge stopped: " + bridge.failure().getMessage(), bridge.failure());
            }
            spec.commandLine()
                    .getOut()
                    .printf(
                            Locale.ROOT,
                            "bridge: %,d events written, %,d failed, %,d retries%n",
                            bridge.stats().written(),
                            bridge.stats().failed(),
                            bridge.stats().retries());
            return bridge.stats().failed() > 0 ? CommandLines.FAILURE : CommandLines.OK;
        } catch (TargetException e) {
            throw new FailureException(e.getMessage(), e);
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and waits for us
            }
        }
    }

    private BridgeSettings settings() {
        try {
            return new BridgeSettings(
                    bootstrapServers,
                    topic,
                    groupId,
                    targetOptions.config(target, timeout),
                    batchSize,
                    linger,
                    threads,
                    ClientProperties.read(consumerConfig, "--consumer-config"),
                    retryTimeout);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private long lastWritten;
    private long lastTickNanos;

    private String statusLine(BridgeStats stats, long startNanos) {
        long now = System.nanoTime();
        long written = stats.written();
        double perSecond = lastTickNanos == 0 ? 0 : (written - lastWritten) * 1e9 / (now - lastTickNanos);
        lastWritten = written;
        lastTickNanos = now;
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "%4ds  written %,d  %,.0f ev/s",
                Math.round((now - startNanos) / 1e9),
                written,
                perSecond));
        for (LatencyRecorder recorder : stats.metrics().all()) {
            Histogram interval = recorder.takeInterval();
            if (interval.getTotalCount() > 0) {
                line.append(String.format(
                        Locale.ROOT,
                        "  %s p50 %.1f p99 %.1f ms",
                        recorder.name(),
                        interval.getValueAtPercentile(50) / 1000.0,
                        interval.getValueAtPercentile(99) / 1000.0));
            }
        }
        if (stats.retries() > 0 || stats.failed() > 0) {
            line.append(String.format(
                    Locale.ROOT, "  retries %d failed %d (%s)", stats.retries(), stats.failed(), stats.lastError()));
        }
        return line.toString();
    }

    private RunResult result(
            BridgeSettings settings,
            BridgeStats stats,
            Instant startedAt,
            long startNanos,
            Target sink,
            boolean interrupted) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        Map<String, Object> more = new TreeMap<>();
        more.put("topic", settings.topic());
        more.put("groupId", settings.groupId());
        more.put("linger", Durations.format(settings.linger()));
        more.put("threads", settings.threads());
        more.put("collection", settings.target().collection());
        Scenario scenario = new Scenario(
                settings.target().kind(), "kafka-bridge", settings.batchSize(), null, null, null, null, more);
        StepResult step = new StepResult(
                new StepRate(null, null, stats.written() / seconds, 0),
                settings.batchSize(),
                seconds,
                null,
                new EventCounts(stats.consumed(), stats.written(), null, null, stats.failed(), null),
                null,
                stats.metrics().summaries(),
                null,
                null,
                null);
        return RunResult.started(
                        UUID.randomUUID().toString(),
                        startedAt,
                        RunEnvironment.detect().withTargetVersion(sink.serverVersion()),
                        scenario)
                .withStep(step)
                .finished(Instant.now(), !interrupted);
    }
}
