package io.rtbench.producer;

import io.rtbench.cli.support.ClientProperties;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.FailureException;
import io.rtbench.cli.support.StatusLine;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.VersionProvider;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.EpochClock;
import io.rtbench.producer.KafkaDestination.KeyMode;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rtbench produce} and {@code java -jar bench-producer.jar}: the options of spec section 5. */
@Command(
        name = "produce",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        showDefaultValues = true,
        description = "Generate stamped JSON events into Kafka (or straight into a target, or nowhere) at a precise,"
                + " open-loop rate, and record produceAck and scheduleDelay.")
public final class ProduceCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT", description = "Kafka brokers.")
    String bootstrapServers;

    @Option(names = "--topic", defaultValue = KafkaDestination.DEFAULT_TOPIC, description = "Topic of the events.")
    String topic;

    @Option(
            names = "--rate",
            defaultValue = "8000/s",
            converter = Converters.RateConverter.class,
            description = "Total rate: 20MB, 20MB/s, 512KB/s (MB = 10^6 bytes), 8000/s (events) or max.")
    Rate rate;

    @Option(names = "--batch-size", defaultValue = "50", description = "Events per send burst.")
    int batchSize;

    @Option(names = "--generators", defaultValue = "1", description = "Generator threads, each its own identifier.")
    int generators;

    @Option(names = "--doc-size", defaultValue = "1250", description = "Serialized document size in bytes (±3 %%).")
    int docSize;

    @Option(
            names = "--duration",
            defaultValue = "60s",
            converter = Converters.DurationConverter.class,
            description = "Length of the measured phase, e.g. 30s, 5m.")
    Duration duration;

    @Option(names = "--events", defaultValue = "0", description = "Stop after this many measured events (0: no limit).")
    long maxEvents;

    @Option(
            names = "--prefill",
            defaultValue = "0",
            description = "Events written first, as fast as possible, unmeasured.")
    long prefill;

    @Option(
            names = "--warmup",
            defaultValue = "0s",
            converter = Converters.DurationConverter.class,
            description = "Produced at the rate before measuring, then discarded (e.g. 5s).")
    Duration warmup;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the document contents.")
    long seed;

    @Option(names = "--key", defaultValue = "id", description = "Kafka record key: id, generator or none.")
    KeyMode key;

    @Option(
            names = "--value-format",
            defaultValue = "json",
            paramLabel = "json|json-with-schema",
            converter = ValueFormatConverter.class,
            description = "Record value: the JSON document, or the document in Kafka Connect's JSON schema envelope"
                    + " (flat: _id, _event_time, generator_identifier, _seq, doc) for sinks that need a schema, such"
                    + " as the Debezium JDBC sink.")
    ValueFormat valueFormat;

    @Option(
            names = "--producer-config",
            paramLabel = "FILE",
            description = "Kafka client properties (acks, compression, TLS/SASL …).")
    Path producerConfig;

    @Option(names = "--partitions", defaultValue = "4", description = "Partitions of the topic if rtbench creates it.")
    int partitions;

    @Option(
            names = "--announce-topic",
            defaultValue = KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
            description = "Where generators announce themselves for evaluators.")
    String announceTopic;

    @Option(
            names = "--connect-timeout",
            defaultValue = "10s",
            converter = Converters.DurationConverter.class,
            description = "How long to wait for Kafka or the target before giving up.")
    Duration connectTimeout;

    @Option(
            names = "--sink",
            paramLabel = "null|KIND",
            description = "Write straight to a target (direct mode) or nowhere (null) instead of Kafka.")
    String sink;

    @Mixin
    TargetOptions target;

    @Option(names = "--result", paramLabel = "FILE", description = "Write the result JSON here.")
    Path result;

    @Override
    public Integer call() {
        ProducerSettings settings = settings();
        ProducerRun run = new ProducerRun(settings, StatusLine.onStdout(), EpochClock.SYSTEM);
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stop.set(true);
            awaitQuietly(finished);
        });
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try {
            RunResult outcome = run.run(stop);
            printSummary(outcome, run.measuredPhase());
            if (run.stats().hasFailed()) {
                throw new FailureException(run.stats().failureSummary());
            }
            return CommandLines.OK;
        } finally {
            finished.countDown();
            removeHook(onCtrlC);
        }
    }

    ProducerSettings settings() {
        try {
            Workload workload = new Workload(rate, batchSize, generators, duration, prefill, maxEvents, warmup);
            GeneratorSettings generator = new GeneratorSettings(seed, docSize);
            if (sink == null || sink.equals("kafka")) {
                KafkaDestination kafka = new KafkaDestination(
                        bootstrapServers,
                        topic,
                        key,
                        ClientProperties.read(producerConfig, "--producer-config"),
                        partitions,
                        announceTopic,
                        connectTimeout,
                        valueFormat);
                return new ProducerSettings(workload, generator, ProducerSettings.Sink.KAFKA, kafka, null, result);
            }
            if (sink.equals("null")) {
                return new ProducerSettings(workload, generator, ProducerSettings.Sink.NULL, null, null, result);
            }
            if (target.url() == null) {
                throw new IllegalArgumentException("--sink " + sink + " needs --target-url");
            }
            TargetConfig direct = target.config(sink, connectTimeout);
            return new ProducerSettings(workload, generator, ProducerSettings.Sink.DIRECT, null, direct, result);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private void printSummary(RunResult outcome, PhaseOutcome phase) {
        PrintWriter out = spec.commandLine().getOut();
        StepResult step = outcome.steps().get(0);
        out.printf(
                Locale.ROOT,
                "%s: %,d events in %.1f s: %,.0f events/s, %.2f MB/s; documents %.0f bytes (%d-%d)%n",
                outcome.complete() ? "done" : "interrupted",
                step.events().produced(),
                step.durationSec(),
                step.rate().achievedEventsPerSec(),
                step.rate().achievedBytesPerSec() / 1e6,
                step.docBytes().mean(),
                step.docBytes().min(),
                step.docBytes().max());
        if (phase != null && phase.behindSchedule()) {
            out.printf(
                    Locale.ROOT,
                    "  not sustained: %,d of %,d events due were not sent (%.3f s behind schedule) when the run ended"
                            + " on time; the rate above is what the producer reached, not --rate %s%n",
                    phase.eventsBehind(),
                    phase.eventsDue(),
                    phase.scheduleLagMillis() / 1000,
                    rate);
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
        if (result != null) {
            out.println("  result: " + result.toAbsolutePath());
        }
        out.flush();
    }

    static final class ValueFormatConverter implements CommandLine.ITypeConverter<ValueFormat> {
        @Override
        public ValueFormat convert(String value) {
            try {
                return ValueFormat.fromCliName(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting (Ctrl-C): the hook is running and waits for us
        }
    }
}
