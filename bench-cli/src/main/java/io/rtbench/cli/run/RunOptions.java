package io.rtbench.cli.run;

import io.rtbench.cli.support.AuditOptions;
import io.rtbench.cli.support.BridgeOptions;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.Given;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.MixedOptions;
import io.rtbench.cli.support.OutputOptions;
import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.ProbeOptions;
import io.rtbench.cli.support.RepetitionOptions;
import io.rtbench.cli.support.ScenarioLayer;
import io.rtbench.cli.support.ScenarioPart;
import io.rtbench.cli.support.SettingChecks;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.WorkloadOptions;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.time.Durations;
import io.rtbench.producer.ValueFormatOptions;
import io.rtbench.servers.connect.ConnectorDefinition;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The options of the pipeline commands ({@code run}, {@code sweep}, {@code peak}): a scenario file and a flag for
 * every one of its settings. The file is the middle layer of picocli's defaults ({@link ScenarioFile}, defaults <
 * scenario < flags), so that each option below holds what the user meant, typed, and {@link #builder} turns them into a
 * run in one place.
 */
public final class RunOptions implements ScenarioLayer {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Parameters(arity = "0..1", paramLabel = "SCENARIO.yaml", description = "A scenario file (see scenarios/).")
    Path scenario;

    /** The scenario file read, for {@link #scenario}; read once, when picocli first asks for a default. */
    private Loaded loaded;

    @Mixin
    TargetOptions target;

    @Option(
            names = "--pipeline",
            defaultValue = Defaults.PIPELINE,
            paramLabel = "NAME",
            description = "kafka-bridge, kafka-connect, direct or native (the database reads Kafka itself).")
    String pipeline;

    @Option(
            names = "--servers",
            defaultValue = Defaults.SERVERS,
            paramLabel = "local|external",
            description = "Start the servers here (local) or use the given addresses (external).")
    String servers;

    @Mixin
    KafkaOptions kafka;

    @Option(names = "--connect-url", paramLabel = "URL", description = "Kafka Connect's REST address (external).")
    String connectUrl;

    @Option(
            names = "--connector",
            defaultValue = Defaults.CONNECTOR,
            paramLabel = "rtbench|FILE",
            description = "kafka-connect: rtbench's sink plugin or a connector JSON config file.")
    String connector;

    @Mixin
    ValueFormatOptions values;

    @Mixin
    PacingOptions pacing;

    @Mixin
    WorkloadOptions workload;

    @Mixin
    MixedOptions mixed;

    @Option(
            names = "--rates",
            split = ",",
            paramLabel = "RATE",
            converter = Converters.RateConverter.class,
            description = "One step per rate, e.g. 1MB,2MB,4MB.")
    List<Rate> rates;

    @Option(names = "--batch-sizes", split = ",", paramLabel = "N", description = "One set of steps per batch size.")
    List<Integer> batchSizes;

    @Mixin
    ProbeOptions probe;

    @Option(
            names = "--drain-timeout",
            defaultValue = Defaults.DRAIN_TIMEOUT,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long to wait between steps for the sink to catch up.")
    Duration drainTimeout;

    @Mixin
    StartOptions start;

    @Option(
            names = "--target-timeout",
            defaultValue = Defaults.PIPELINE_TARGET_TIMEOUT,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Upper bound of one target call.")
    Duration targetTimeout;

    @Mixin
    AuditOptions audit;

    @Option(
            names = "--retry-timeout",
            defaultValue = Defaults.RETRY_TIMEOUT,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long a broker or target that stops answering mid-run is waited for (the producer's"
                    + " sends, the sink's writes) before the run gives up.")
    Duration retryTimeout;

    @Mixin
    BridgeOptions bridge;

    @Option(
            names = "--workers",
            paramLabel = "N",
            description = "Run on N hosts: `rtbench worker` processes produce and probe the generators, this command"
                    + " coordinates through Kafka (needs --servers external; docs/GUIDE.md, \"Several hosts\")."
                    + " Default: this host alone.")
    Integer workers;

    @Mixin
    RepetitionOptions repetitions;

    @Mixin
    OutputOptions output;

    /**
     * The run these options describe, before its settings are checked together ({@link RunSpecBuilder#build}): each
     * option group's settings are made and checked there, so that a value out of range is a usage error of the build.
     */
    RunSpecBuilder builder() {
        if (scenario != null && loaded().refused() != null) {
            throw loaded.refused();
        }
        FlagConflicts.refuse(command);
        RunSpecBuilder builder = new RunSpecBuilder(this);
        builder.rates = steps(rates, "--rates", "--rate", pacing.rate());
        builder.batchSizes = steps(batchSizes, "--batch-sizes", "--batch-size", pacing.batchSize());
        return builder;
    }

    /** The options of {@code rtbench run} given nothing: every setting at its default under a pipeline command. */
    static RunOptions defaults() {
        RunCommand run = new RunCommand();
        CommandLines.commandLine(run).parseArgs();
        return run.options;
    }

    /** This command's own settings as given (a pipeline or servers it does not know are refused now), checked by {@link Settings#checked} when the run is built. */
    Settings settings() {
        return new Settings(
                Settings.pipeline(pipeline),
                Settings.local(servers),
                connectUrl,
                connector,
                drainTimeout,
                targetTimeout,
                retryTimeout,
                audit.timeout());
    }

    /**
     * The pipeline commands' own settings, checked: the pipeline, where its servers are, the Connect worker and
     * connector, and the run's timeouts.
     *
     * @param localServers start the servers the run needs on this machine ({@code --servers local}), or use the given
     *     addresses ({@code external})
     * @param connector for {@code kafka-connect}: {@code rtbench} (rtbench's own sink plugin) or the path of a
     *     connector JSON config (any third-party sink, e.g. the Debezium JDBC sink)
     * @param drainTimeout how long to wait between steps for the sink to catch up
     * @param targetTimeout the upper bound of one call of the target (a write, a probe, a statement)
     * @param retryTimeout how long a broker or target that stops answering mid-run is waited for before the run gives
     *     up: the producer's sends (Kafka's {@code max.block.ms}), the bridge's broker watch and write retries,
     *     rtbench's Connect sink's retries
     * @param auditTimeout how long a step's audit waits for the events still on their way into the target before it
     *     counts the rest as lost
     */
    public record Settings(
            Pipeline pipeline,
            boolean localServers,
            String connectUrl,
            String connector,
            Duration drainTimeout,
            Duration targetTimeout,
            Duration retryTimeout,
            Duration auditTimeout)
            implements ScenarioPart {

        /** These settings, when every value is within its range; {@link IllegalArgumentException} naming the flag otherwise. */
        public Settings checked() {
            SettingChecks.duration("--drain-timeout", drainTimeout, true);
            SettingChecks.duration("--retry-timeout", retryTimeout, false);
            SettingChecks.duration("--target-timeout", targetTimeout, false);
            SettingChecks.duration("--audit-timeout", auditTimeout, false);
            if (pipeline == Pipeline.KAFKA_CONNECT && !connector.equals(Defaults.CONNECTOR)) {
                SettingChecks.named("--connector", () -> ConnectorDefinition.read(Path.of(connector)));
            }
            return this;
        }

        /** The pipeline of {@code --pipeline}. */
        static Pipeline pipeline(String cliName) {
            return SettingChecks.named("--pipeline", () -> Pipeline.fromCliName(cliName));
        }

        /** {@code --servers local} (true) or {@code external}. */
        static boolean local(String servers) {
            return switch (servers.toLowerCase(Locale.ROOT)) {
                case "local" -> true;
                case "external" -> false;
                default ->
                    throw new IllegalArgumentException("--servers must be local or external, got '" + servers + "'");
            };
        }

        /** Whether a connector other than rtbench's own sink plugin lands the events ({@code kafka-connect}, docs/CONNECT.md). */
        public boolean thirdPartyConnector() {
            return pipeline == Pipeline.KAFKA_CONNECT && !connector.equals(Defaults.CONNECTOR);
        }

        /** With the pipeline of {@code --pipeline} {@code cliName}. */
        public Settings withPipeline(String cliName) {
            return new Settings(
                    pipeline(cliName),
                    localServers,
                    connectUrl,
                    connector,
                    drainTimeout,
                    targetTimeout,
                    retryTimeout,
                    auditTimeout);
        }

        public Settings withServers(String value) {
            return new Settings(
                    pipeline,
                    local(value),
                    connectUrl,
                    connector,
                    drainTimeout,
                    targetTimeout,
                    retryTimeout,
                    auditTimeout);
        }

        public Settings withConnectUrl(String value) {
            return new Settings(
                    pipeline, localServers, value, connector, drainTimeout, targetTimeout, retryTimeout, auditTimeout);
        }

        public Settings withConnector(String value) {
            return new Settings(
                    pipeline, localServers, connectUrl, value, drainTimeout, targetTimeout, retryTimeout, auditTimeout);
        }

        public Settings withAuditTimeout(Duration value) {
            return new Settings(
                    pipeline, localServers, connectUrl, connector, drainTimeout, targetTimeout, retryTimeout, value);
        }

        public Settings withDrainTimeout(Duration value) {
            return new Settings(
                    pipeline, localServers, connectUrl, connector, value, targetTimeout, retryTimeout, auditTimeout);
        }

        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("servers", localServers ? "local" : "external");
            settings.put("retryTimeout", Durations.format(retryTimeout));
            settings.put("targetTimeout", Durations.format(targetTimeout));
            settings.put("auditTimeout", Durations.format(auditTimeout));
            if (pipeline == Pipeline.NATIVE || thirdPartyConnector()) {
                // inside the database, or a connector that reports no per-record timings: absent from the steps, not 0
                settings.put("notObservable", List.of(Metrics.KAFKA_HOP, Metrics.SINK_WRITE));
            }
            if (pipeline == Pipeline.KAFKA_CONNECT) {
                settings.put("connector", connector);
            }
        }
    }

    /**
     * The list of a step setting ({@code --rates}), null when neither the flags nor the scenario give one: a one-step
     * flag ({@code --rate}) overrides the scenario's list, as every flag overrides the file.
     */
    private <T> List<T> steps(List<T> list, String listFlag, String oneFlag, T one) {
        Given given = Given.of(command);
        return given.onCommandLine(oneFlag) && !given.onCommandLine(listFlag) ? List.of(one) : list;
    }

    /**
     * The scenario's value of {@code option}; null without one. The command asks this for its defaults, and the
     * options' mixins (the mixee of {@link WorkloadOptions} is this one) for what the user said. A file that cannot be
     * read, or a value the option refuses, is said by {@link #builder}, after picocli has said what is wrong with the
     * flags ({@code run --bogus x} is an unknown option, not a missing scenario {@code x}).
     */
    @Override
    public String scenarioValue(OptionSpec option) {
        if (scenario == null) {
            return null;
        }
        if (loaded().refused() != null) {
            return null;
        }
        try {
            return loaded.read().valueOf(option);
        } catch (ParameterException e) {
            loaded = new Loaded(scenario, null, e);
            return null;
        }
    }

    private Loaded loaded() {
        if (loaded == null || !loaded.file().equals(scenario)) {
            loaded = Loaded.of(scenario, command);
        }
        return loaded;
    }

    /** The scenario file as read, or why it could not be used. */
    private record Loaded(Path file, ScenarioFile read, ParameterException refused) {
        static Loaded of(Path file, CommandSpec command) {
            try {
                return new Loaded(file, ScenarioFile.read(file, command), null);
            } catch (ParameterException e) {
                return new Loaded(file, null, e);
            }
        }
    }

    /** {@code --workers}: the number of worker hosts; null for a run on this host alone. */
    Integer workers() {
        return workers;
    }

    int prometheusPort() {
        return output.prometheusPort();
    }

    String prometheusHost() {
        return output.prometheusHost();
    }
}
