package io.rtbench.cli.support;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.target.TargetConfig;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults of the command line in the user's grammar ({@code 60s}, {@code 1MB}), and picocli's default provider of
 * every command. An option's default is its declaration's {@code defaultValue}, one of the constants here (picocli takes
 * it wherever this provider gives none), so that a new option is declared with its default in one place; {@code --help}
 * shows them. The provider gives what lies above them: a scenario file's values (defaults < scenario < flags; a
 * {@link ScenarioLayer} command's file is asked first), and a command's own default for an option ({@code calibrate}
 * runs at a low rate; {@link #BY_COMMAND}); everything else is the same under every command.
 */
public final class Defaults implements CommandLine.IDefaultValueProvider {

    public static final String RATE = "1MB";
    public static final String BATCH_SIZE = "50";
    public static final String GENERATORS = "1";
    public static final String DOC_SIZE = "1250";
    public static final String SEED = "1";
    public static final String PREFILL = "0";

    /**
     * {@code quickstart} writes this many events before its first step, to warm up the OpenSearch it has just started:
     * without them its first step measured a cold node, whose refreshes took seconds (data p99 6.7-8.9 s at 1 MB/s, the
     * sink catching up; with them 1.7-3.0 s; docs/GUIDE.md, "rtbench quickstart").
     */
    public static final String QUICKSTART_PREFILL = "100000";

    public static final String DURATION = "60s";
    /** Before each measured step of a pipeline run; {@code produce} on its own measures from its start. */
    public static final String WARMUP = "10s";

    /** docs/GUIDE.md, "Updates and deletes". */
    public static final String WORKLOAD = "ingest";

    public static final String UPDATES = "10%";
    public static final String DELETES = "2%";
    public static final String UPDATE_MODE = "replace";
    /** Longer than a search engine's default refresh (1 s) and the pipeline before it; see DmlSettings. */
    public static final String MIN_ROW_AGE = "2s";

    /** docs/GUIDE.md, "Reads under write load": the keyspace, read age and window. */
    public static final String USERS = "10000000";

    public static final String READ_AGE = "30m";
    public static final String READ_QUERY = "point";
    public static final String WINDOW = "60s";

    public static final String TARGET = "opensearch";
    public static final String PIPELINE = "kafka-bridge";
    public static final String SERVERS = "local";
    public static final String COLLECTION = TargetConfig.DEFAULT_COLLECTION;
    public static final String TOPIC = "rtbench.events";
    public static final String ANNOUNCE_TOPIC = "rtbench.generators";
    public static final String KEY = "id";
    public static final String EVENTS = "0";
    public static final String PARTITIONS = "4";
    public static final String VALUE_FORMAT = "json";
    public static final String CONNECTOR = "rtbench";
    public static final String CONNECT_TIMEOUT = "10s";

    public static final String PROBE_INTERVAL = "1s";

    /** {@code rtbench compare}'s verdict (docs/MEASUREMENT.md, "Comparing runs"). */
    public static final String COMPARE_CONFIDENCE = DmlSettings.percent(ForkStatistics.COMPARE_CONFIDENCE);

    public static final String PROBE_TIMEOUT = "5s";
    public static final String AUDIT_TIMEOUT = "60s";
    public static final String DRAIN_TIMEOUT = "60s";

    public static final String BRIDGE_BATCH_SIZE = "500";
    public static final String BRIDGE_LINGER = "5ms";
    public static final String BRIDGE_THREADS = "1";
    /** Chosen by measurement (docs/BENCHMARKS.md, "Sinks and the plain parallel writer"). */
    public static final String BRIDGE_MAX_IN_FLIGHT = "4";

    /** One fork of one iteration lasting --duration: a run as it was before repetitions (docs/MEASUREMENT.md). */
    public static final String FORKS = "1";

    public static final String ITERATIONS = "1";
    public static final String WARMUP_ITERATIONS = "0";

    public static final String TARGET_TIMEOUT = "10s";
    /**
     * A pipeline run's target calls: longer than {@code bridge}'s, as a database's first calls (a ClickHouse CREATE
     * TABLE) take seconds while the run's producer and broker load the machine.
     */
    public static final String PIPELINE_TARGET_TIMEOUT = "30s";

    public static final String RETRY_TIMEOUT = "2m";

    public static final String PROMETHEUS_PORT = "9464";

    /** {@code servers start connect --workers N}: one worker, as before Connect clusters (docs/CONNECT.md). */
    public static final String SERVER_WORKERS = "1";

    public static final String PROMETHEUS_HOST = "127.0.0.1";

    /** No default under this command: the option's absence means something (run until Ctrl-C, a required kind). */
    private static final String NONE = "";

    /**
     * Where a command's default differs from the option's own (its declaration's {@code defaultValue}, one of the
     * constants above), by command name; {@link #NONE} where the option has no default under the command.
     */
    private static final Map<String, Map<String, String>> BY_COMMAND = Map.of(
            "produce", Map.of("--warmup", "0s", "--target", NONE),
            "bridge", Map.of("--duration", NONE, "--target", NONE),
            "start", Map.of("--workers", SERVER_WORKERS),
            // a value made from the verdict's own constant, which an annotation cannot hold
            "compare", Map.of("--confidence", COMPARE_CONFIDENCE),
            "evaluate", Map.of("--target", NONE),
            "quickstart", Map.of("--prefill", QUICKSTART_PREFILL),
            "dml",
                    Map.of(
                            "--target", NONE,
                            "--prefill", "1000000",
                            "--repeat", "100",
                            "--insert-batches", "1,10,100,1000",
                            "--visibility-timeout", "60s"),
            "calibrate",
                    Map.of(
                            "--rate", "2000/s",
                            // bursts 1 ms apart and 50 probes a second: neither the spacing of the events nor
                            // the probes' sampling noise may take up the bar (docs/MEASUREMENT.md, "Calibration")
                            "--batch-size", "2",
                            "--duration", "30s",
                            "--warmup", "5s",
                            "--probe-interval", "20ms",
                            "--bridge-linger", "1ms",
                            "--prometheus-port", "0"));

    /** A command's own default of an option ({@link #BY_COMMAND}); null where it has none of its own. */
    public static String of(String command, String option) {
        String own = BY_COMMAND.getOrDefault(command, Map.of()).get(option);
        return NONE.equals(own) ? null : own;
    }

    /**
     * Takes the declared default away from the options that have none under {@code command} ({@link #NONE}): picocli
     * falls back to an option's {@code defaultValue} wherever this provider gives none.
     */
    static void withoutDeclaredDefaults(CommandSpec command) {
        BY_COMMAND.getOrDefault(command.name(), Map.of()).forEach((name, value) -> {
            OptionSpec option = command.findOption(name);
            if (NONE.equals(value) && option != null && option.defaultValue() != null) {
                TailoredOptions.replace(command, name, builder -> builder.defaultValue(null));
            }
        });
    }

    @Override
    public String defaultValue(ArgSpec argSpec) {
        if (!(argSpec instanceof OptionSpec option) || option.hidden()) {
            // a hidden option is an older spelling: it must not overwrite the current option with a default
            return null;
        }
        String scenario = ScenarioLayer.of(argSpec.command())
                .map(layer -> layer.scenarioValue(option))
                .orElse(null);
        if (scenario != null) {
            return scenario;
        }
        // null: picocli takes the option's own default, its declaration's defaultValue
        return of(argSpec.command().name(), option.longestName());
    }
}
