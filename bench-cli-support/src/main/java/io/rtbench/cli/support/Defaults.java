package io.rtbench.cli.support;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.target.TargetConfig;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every default of the command line, in one place and in the user's grammar ({@code 60s}, {@code 1MB}), as picocli's
 * default provider of every command: {@code --help} shows them, and a scenario file's values lie between them and the
 * flags (defaults < scenario < flags; a {@link ScenarioLayer} command's file is asked first). A command may have its
 * own default for an option ({@code calibrate} runs at a
 * low rate); everything else is the same under every command.
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

    private static final Map<String, String> COMMON = Map.ofEntries(
            Map.entry("--rate", RATE),
            Map.entry("--batch-size", BATCH_SIZE),
            Map.entry("--generators", GENERATORS),
            Map.entry("--doc-size", DOC_SIZE),
            Map.entry("--seed", SEED),
            Map.entry("--prefill", PREFILL),
            Map.entry("--duration", DURATION),
            Map.entry("--warmup", WARMUP),
            Map.entry("--target", TARGET),
            Map.entry("--workload", WORKLOAD),
            Map.entry("--updates", UPDATES),
            Map.entry("--deletes", DELETES),
            Map.entry("--update-mode", UPDATE_MODE),
            Map.entry("--min-row-age", MIN_ROW_AGE),
            Map.entry("--users", USERS),
            Map.entry("--read-age", READ_AGE),
            Map.entry("--read-query", READ_QUERY),
            Map.entry("--window", WINDOW),
            Map.entry("--pipeline", PIPELINE),
            Map.entry("--servers", SERVERS),
            Map.entry("--collection", COLLECTION),
            Map.entry("--topic", TOPIC),
            Map.entry("--announce-topic", ANNOUNCE_TOPIC),
            Map.entry("--key", KEY),
            Map.entry("--events", EVENTS),
            Map.entry("--partitions", PARTITIONS),
            Map.entry("--value-format", VALUE_FORMAT),
            Map.entry("--connector", CONNECTOR),
            Map.entry("--connect-timeout", CONNECT_TIMEOUT),
            Map.entry("--probe-interval", PROBE_INTERVAL),
            Map.entry("--confidence", COMPARE_CONFIDENCE),
            Map.entry("--probe-timeout", PROBE_TIMEOUT),
            Map.entry("--audit-timeout", AUDIT_TIMEOUT),
            Map.entry("--drain-timeout", DRAIN_TIMEOUT),
            Map.entry("--bridge-batch-size", BRIDGE_BATCH_SIZE),
            Map.entry("--bridge-linger", BRIDGE_LINGER),
            Map.entry("--bridge-threads", BRIDGE_THREADS),
            Map.entry("--bridge-max-in-flight", BRIDGE_MAX_IN_FLIGHT),
            Map.entry("--forks", FORKS),
            Map.entry("--iterations", ITERATIONS),
            Map.entry("--warmup-iterations", WARMUP_ITERATIONS),
            Map.entry("--target-timeout", TARGET_TIMEOUT),
            Map.entry("--retry-timeout", RETRY_TIMEOUT),
            Map.entry("--prometheus-port", PROMETHEUS_PORT));

    /** Where a command's default differs from the common one, by command name. */
    private static final Map<String, Map<String, String>> BY_COMMAND = Map.of(
            "produce", Map.of("--warmup", "0s", "--target", NONE),
            "bridge", Map.of("--duration", NONE, "--target", NONE),
            "start", Map.of("--workers", SERVER_WORKERS),
            "evaluate", Map.of("--target", NONE),
            "quickstart", Map.of("--prefill", QUICKSTART_PREFILL),
            "dml",
                    Map.of(
                            "--target", NONE,
                            "--prefill", "1000000",
                            "--repeat", "100",
                            "--insert-batches", "1,10,100,1000",
                            "--visibility-timeout", "60s"),
            "run", Map.of("--target-timeout", PIPELINE_TARGET_TIMEOUT),
            "sweep", Map.of("--target-timeout", PIPELINE_TARGET_TIMEOUT),
            "peak", Map.of("--target-timeout", PIPELINE_TARGET_TIMEOUT),
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

    /** The default of an option under a command; null where it has none. */
    public static String of(String command, String option) {
        String own = BY_COMMAND.getOrDefault(command, Map.of()).get(option);
        String value = own != null ? own : COMMON.get(option);
        return NONE.equals(value) ? null : value;
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
        return of(argSpec.command().name(), option.longestName());
    }
}
