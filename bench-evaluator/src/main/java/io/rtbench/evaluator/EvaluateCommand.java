package io.rtbench.evaluator;

import io.rtbench.cli.support.ClientProperties;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.FailureException;
import io.rtbench.cli.support.StatusLine;
import io.rtbench.cli.support.TargetKinds;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.VersionProvider;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.time.EpochClock;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rtbench evaluate} and {@code java -jar bench-evaluator.jar}: the options of spec section 5. */
@Command(
        name = "evaluate",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        showDefaultValues = true,
        description = "Probe a target for the newest event of each generator and record the data latency.")
public final class EvaluateCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--target",
            required = true,
            paramLabel = "KIND",
            completionCandidates = TargetKinds.class,
            description = "${COMPLETION-CANDIDATES}.")
    String target;

    @Mixin
    TargetOptions targetOptions;

    @Option(names = "--generator-ids", split = ",", paramLabel = "ID", description = "Generators to probe.")
    List<Long> generatorIds = List.of();

    @Option(
            names = "--generators-from-topic",
            paramLabel = "TOPIC",
            description = "Find the generators on the producers' announcement topic (e.g. rtbench.generators).")
    String announceTopic;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT", description = "Kafka, for discovery and backlog.")
    String bootstrapServers;

    @Option(names = "--kafka-config", paramLabel = "FILE", description = "Kafka client properties (TLS/SASL …).")
    Path kafkaConfig;

    @Option(names = "--topic", paramLabel = "TOPIC", description = "The events topic (filters discovery; backlog).")
    String topic;

    @Option(
            names = "--sink-group",
            paramLabel = "GROUP",
            description =
                    "The sink's consumer group, whose lag is the backlog (e.g. rtbench-bridge-opensearch-rtbench_events).")
    String sinkGroup;

    @Option(names = "--any-host", description = "Also probe generators of other hosts (only with synchronized clocks).")
    boolean anyHost;

    @Option(
            names = "--interval",
            defaultValue = "1s",
            converter = Converters.DurationConverter.class,
            description = "Time between two probes of one generator.")
    Duration interval;

    @Option(
            names = "--timeout",
            defaultValue = "5s",
            converter = Converters.DurationConverter.class,
            description = "A probe taking longer counts as failed (and is recorded as at least this).")
    Duration timeout;

    @Option(
            names = "--duration",
            defaultValue = "60s",
            converter = Converters.DurationConverter.class,
            description = "How long to evaluate.")
    Duration duration;

    @Option(
            names = "--audit-timeout",
            defaultValue = "60s",
            converter = Converters.DurationConverter.class,
            description = "How long the final audit waits for events still in flight.")
    Duration auditTimeout;

    @Option(names = "--prometheus-port", defaultValue = "9464", description = "Port of /metrics (0: none).")
    int prometheusPort;

    @Option(names = "--prometheus-host", defaultValue = "127.0.0.1", description = "Address /metrics binds to.")
    String prometheusHost;

    @Option(names = "--result", paramLabel = "FILE", description = "Write the result JSON here.")
    Path result;

    @Override
    public Integer call() throws InterruptedException {
        EvaluationRun run = new EvaluationRun(settings(), StatusLine.onStdout(), EpochClock.SYSTEM);
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stop.set(true);
            try {
                finished.await(90, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try {
            print(run.run(stop));
            return CommandLines.OK;
        } catch (TargetException e) {
            throw new FailureException(e.getMessage(), e);
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook runs and waits for us
            }
        }
    }

    EvaluatorSettings settings() {
        try {
            TargetConfig targetConfig = targetOptions.config(target, timeout);
            return new EvaluatorSettings(
                    targetConfig,
                    generatorIds,
                    bootstrapServers,
                    ClientProperties.read(kafkaConfig, "--kafka-config"),
                    announceTopic,
                    topic,
                    anyHost,
                    sinkGroup,
                    interval,
                    duration,
                    prometheusHost,
                    prometheusPort,
                    auditTimeout,
                    result);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private void print(RunResult outcome) {
        PrintWriter out = spec.commandLine().getOut();
        StepResult step = outcome.steps().get(0);
        out.printf(
                Locale.ROOT,
                "%s: %.1f s, %d probe errors%n",
                outcome.complete() ? "done" : "interrupted",
                step.durationSec(),
                step.probeErrors());
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
        if (step.events().landed() != null) {
            out.printf(
                    Locale.ROOT,
                    "  audit: produced %,d  landed %,d  lost %,d  duplicates %,d%n",
                    step.events().produced(),
                    step.events().landed(),
                    step.events().lost(),
                    step.events().duplicates());
        }
        if (result != null) {
            out.println("  result: " + result.toAbsolutePath());
        }
        out.flush();
    }
}
