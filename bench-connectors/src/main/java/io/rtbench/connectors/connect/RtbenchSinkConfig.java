package io.rtbench.connectors.connect;

import io.rtbench.connectors.writes.InFlightWrites;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.Width;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.sink.SinkConnector;

/**
 * The settings of rtbench's Kafka Connect sink, parsed once per connector and per task.
 *
 * <p>Credentials never go into the connector config (it is stored in a Kafka topic and shown by the REST API): the
 * task reads them on its worker, from {@value #CREDENTIALS_FILE} (a properties file with {@code user},
 * {@code password}, {@code api.key}) or else from the worker's environment ({@code RTBENCH_TARGET_USER},
 * {@code RTBENCH_TARGET_PASSWORD}, {@code RTBENCH_TARGET_API_KEY}). Settings whose names look like secrets are
 * rejected.
 *
 * @param target the driver's configuration, credentials resolved
 * @param createCollection whether each task creates the index or table at start (idempotent)
 * @param batchSize events per {@code Target.write} call at most; a larger {@code put} is split
 * @param maxInFlight {@code Target.write} calls in flight per task: {@code put} hands batches to writers and returns;
 *     {@code preCommit} offers only offsets whose every earlier batch was acknowledged
 * @param retryBackoff how long the task waits before it writes a batch the target failed to take again
 * @param retryTimeout how long the task keeps retrying a failing target before it fails (state FAILED)
 * @param metricsDir where each task appends its HdrHistogram interval log; empty: no log
 * @param metricsInterval how often a task appends an interval to its log
 * @param connectorName the connector's name (file names of the interval logs)
 * @param taskId the task's number, or -1 in the connector
 */
public record RtbenchSinkConfig(
        TargetConfig target,
        boolean createCollection,
        int batchSize,
        int maxInFlight,
        Duration retryBackoff,
        Duration retryTimeout,
        Optional<Path> metricsDir,
        Duration metricsInterval,
        String connectorName,
        int taskId) {

    public static final String TARGET_KIND = "target.kind";
    public static final String TARGET_URL = "target.url";
    public static final String TARGET_COLLECTION = "target.collection";
    public static final String TARGET_TIMEOUT_MS = "target.timeout.ms";
    /** Prefix of driver options: {@code target.option.refresh.interval=1s} is the driver's {@code refresh.interval}. */
    public static final String TARGET_OPTION_PREFIX = "target.option.";

    public static final String CREDENTIALS_FILE = "target.credentials.file";
    public static final String CREATE_COLLECTION = "target.create.collection";
    public static final String BATCH_SIZE = "target.batch.size";
    public static final String MAX_IN_FLIGHT = "target.max.in.flight";
    public static final String RETRY_BACKOFF_MS = "target.retry.backoff.ms";
    public static final String RETRY_TIMEOUT_MS = "target.retry.timeout.ms";
    public static final String METRICS_DIR = "rtbench.metrics.dir";
    public static final String METRICS_INTERVAL_MS = "rtbench.metrics.interval.ms";
    /** Set by the connector in each task's config. */
    static final String TASK_ID = "rtbench.task.id";

    static final String CONNECTOR_NAME = "name";
    static final int DEFAULT_BATCH_SIZE = 500;
    static final int MAX_IN_FLIGHT_LIMIT = 64;

    private static final String BYTE_ARRAY_CONVERTER = "org.apache.kafka.connect.converters.ByteArrayConverter";

    public RtbenchSinkConfig {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(metricsDir, "metricsDir");
        if (batchSize < 1) {
            throw new ConfigException(BATCH_SIZE, batchSize, "must be at least 1");
        }
        if (maxInFlight < 1 || maxInFlight > MAX_IN_FLIGHT_LIMIT) {
            throw new ConfigException(MAX_IN_FLIGHT, maxInFlight, "must be between 1 and " + MAX_IN_FLIGHT_LIMIT);
        }
        requirePositive(RETRY_BACKOFF_MS, retryBackoff);
        requirePositive(RETRY_TIMEOUT_MS, retryTimeout);
        requirePositive(METRICS_INTERVAL_MS, metricsInterval);
        connectorName = connectorName == null || connectorName.isBlank() ? "rtbench-sink" : connectorName;
    }

    private static void requirePositive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new ConfigException(name, value.toMillis(), "must be positive");
        }
    }

    /** The connector's settings, for Connect's REST validation and documentation. */
    public static ConfigDef configDef() {
        String target = "Target";
        String writes = "Writes";
        String metrics = "Metrics";
        return new ConfigDef()
                .define(
                        TARGET_KIND,
                        Type.STRING,
                        ConfigDef.NO_DEFAULT_VALUE,
                        new SettingValidators.KnownKind(),
                        Importance.HIGH,
                        "The target driver: one of " + String.join(", ", Targets.kinds()) + ".",
                        target,
                        1,
                        Width.SHORT,
                        "Target kind")
                .define(
                        TARGET_URL,
                        Type.STRING,
                        null,
                        new SettingValidators.UrlWithoutPassword(),
                        Importance.HIGH,
                        "The target's address, e.g. http://127.0.0.1:9200 or postgresql://host:5432/db. Never with"
                                + " user or password in it.",
                        target,
                        2,
                        Width.LONG,
                        "Target URL")
                .define(
                        TARGET_COLLECTION,
                        Type.STRING,
                        TargetConfig.DEFAULT_COLLECTION,
                        new SettingValidators.CollectionName(),
                        Importance.MEDIUM,
                        "Index or table the events are written to.",
                        target,
                        3,
                        Width.MEDIUM,
                        "Collection")
                .define(
                        TARGET_TIMEOUT_MS,
                        Type.LONG,
                        TargetConfig.DEFAULT_TIMEOUT.toMillis(),
                        ConfigDef.Range.atLeast(1),
                        Importance.MEDIUM,
                        "Upper bound of any single call to the target, in milliseconds.",
                        target,
                        4,
                        Width.SHORT,
                        "Target timeout (ms)")
                .define(
                        CREDENTIALS_FILE,
                        Type.STRING,
                        null,
                        Importance.MEDIUM,
                        "A properties file on each worker with the keys user, password, api.key. Without it the task"
                                + " reads RTBENCH_TARGET_USER, RTBENCH_TARGET_PASSWORD and RTBENCH_TARGET_API_KEY from"
                                + " the worker's environment. Passwords never go into the connector config.",
                        target,
                        5,
                        Width.LONG,
                        "Credentials file")
                .define(
                        CREATE_COLLECTION,
                        Type.BOOLEAN,
                        true,
                        Importance.LOW,
                        "Whether each task creates the index or table at start unless it exists.",
                        target,
                        6,
                        Width.SHORT,
                        "Create collection")
                .define(
                        BATCH_SIZE,
                        Type.INT,
                        DEFAULT_BATCH_SIZE,
                        ConfigDef.Range.atLeast(1),
                        Importance.MEDIUM,
                        "Events per target write call at most; the records of one put are split into such batches.",
                        writes,
                        1,
                        Width.SHORT,
                        "Batch size")
                .define(
                        MAX_IN_FLIGHT,
                        Type.INT,
                        InFlightWrites.DEFAULT_MAX_IN_FLIGHT,
                        ConfigDef.Range.between(1, MAX_IN_FLIGHT_LIMIT),
                        Importance.MEDIUM,
                        "Target write calls in flight per task. put hands batches to writers and returns; while this"
                                + " many are in flight the task waits, then pauses its partitions. Offsets are"
                                + " committed only up to the first batch not yet acknowledged.",
                        writes,
                        2,
                        Width.SHORT,
                        "Writes in flight")
                .define(
                        RETRY_BACKOFF_MS,
                        Type.LONG,
                        1_000L,
                        ConfigDef.Range.atLeast(1),
                        Importance.LOW,
                        "How long the task waits before it writes a batch the target failed to take again.",
                        writes,
                        3,
                        Width.SHORT,
                        "Retry backoff (ms)")
                .define(
                        RETRY_TIMEOUT_MS,
                        Type.LONG,
                        300_000L,
                        ConfigDef.Range.atLeast(1),
                        Importance.LOW,
                        "How long a task keeps retrying a failing target before it stops with state FAILED. Offsets"
                                + " of records the target did not take are never committed.",
                        writes,
                        4,
                        Width.SHORT,
                        "Retry timeout (ms)")
                .define(
                        METRICS_DIR,
                        Type.STRING,
                        "",
                        Importance.MEDIUM,
                        "Directory on each worker where every task appends an HdrHistogram interval log"
                                + " <connector>-task<N>.hlog (kafkaHop, sinkWrite, microseconds). Empty: no log.",
                        metrics,
                        1,
                        Width.LONG,
                        "Metrics directory")
                .define(
                        METRICS_INTERVAL_MS,
                        Type.LONG,
                        1_000L,
                        ConfigDef.Range.atLeast(10),
                        Importance.LOW,
                        "How often a task appends an interval to its log, in milliseconds.",
                        metrics,
                        2,
                        Width.SHORT,
                        "Metrics interval (ms)");
    }

    /**
     * Parses and validates connector or task settings.
     *
     * @param env the worker's environment, for credentials when there is no credentials file
     * @throws ConfigException naming the setting and what is wrong
     */
    public static RtbenchSinkConfig parse(Map<String, String> settings, Map<String, String> env) {
        rejectSecrets(settings);
        AbstractConfig parsed = new AbstractConfig(configDef(), settings, false);
        String credentialsFile = parsed.getString(CREDENTIALS_FILE);
        Credentials credentials;
        try {
            credentials = credentialsFile == null || credentialsFile.isBlank()
                    ? Credentials.fromEnvironment(env)
                    : Credentials.fromFile(Path.of(credentialsFile));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(CREDENTIALS_FILE, credentialsFile, e.getMessage());
        }
        String url = parsed.getString(TARGET_URL);
        TargetConfig target;
        try {
            target = new TargetConfig(
                    parsed.getString(TARGET_KIND).trim(),
                    url == null || url.isBlank() ? null : URI.create(url.trim()),
                    parsed.getString(TARGET_COLLECTION),
                    credentials,
                    Duration.ofMillis(parsed.getLong(TARGET_TIMEOUT_MS)),
                    options(settings));
            Targets.requireOptions(Targets.provider(target.kind()), target.options());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid target settings: " + e.getMessage());
        }
        String metricsDir = parsed.getString(METRICS_DIR);
        return new RtbenchSinkConfig(
                target,
                parsed.getBoolean(CREATE_COLLECTION),
                parsed.getInt(BATCH_SIZE),
                parsed.getInt(MAX_IN_FLIGHT),
                Duration.ofMillis(parsed.getLong(RETRY_BACKOFF_MS)),
                Duration.ofMillis(parsed.getLong(RETRY_TIMEOUT_MS)),
                metricsDir == null || metricsDir.isBlank() ? Optional.empty() : Optional.of(Path.of(metricsDir)),
                Duration.ofMillis(parsed.getLong(METRICS_INTERVAL_MS)),
                settings.get(CONNECTOR_NAME),
                taskId(settings));
    }

    private static Map<String, String> options(Map<String, String> settings) {
        Map<String, String> options = new LinkedHashMap<>();
        settings.forEach((name, value) -> {
            if (name.startsWith(TARGET_OPTION_PREFIX) && name.length() > TARGET_OPTION_PREFIX.length()) {
                options.put(name.substring(TARGET_OPTION_PREFIX.length()), value);
            }
        });
        return options;
    }

    private static int taskId(Map<String, String> settings) {
        String id = settings.get(TASK_ID);
        try {
            return id == null ? -1 : Integer.parseInt(id);
        } catch (NumberFormatException e) {
            throw new ConfigException(TASK_ID, id, "must be an integer");
        }
    }

    /** A connector config is stored in Kafka and shown by the REST API: no secret may be in it. */
    static void rejectSecrets(Map<String, String> settings) {
        List<String> secrets = secretLookingSettings(settings);
        if (!secrets.isEmpty()) {
            throw new ConfigException(secretMessage(secrets.get(0)));
        }
    }

    /** rtbench settings whose names look like they hold a secret (password, token, API key …). */
    static List<String> secretLookingSettings(Map<String, String> settings) {
        List<String> secrets = new ArrayList<>();
        for (String name : settings.keySet()) {
            String lower = name.toLowerCase(Locale.ROOT);
            boolean ours = lower.startsWith("target.") || lower.startsWith("rtbench.");
            if (ours
                    && (lower.contains("password")
                            || lower.contains("secret")
                            || lower.contains("api.key")
                            || lower.contains("apikey")
                            || lower.contains("token"))) {
                secrets.add(name);
            }
        }
        return secrets;
    }

    static String secretMessage(String name) {
        return name + " looks like a secret; secrets never go into the connector config: use " + CREDENTIALS_FILE
                + " (a properties file on the worker) or the worker's environment (RTBENCH_TARGET_USER,"
                + " RTBENCH_TARGET_PASSWORD, RTBENCH_TARGET_API_KEY)";
    }

    /**
     * A connector config for this sink: the connector class, byte-array converters (the sink reads the documents as
     * produced), the topics and the target's settings. Credentials are left out on purpose (see the class comment).
     */
    public static Map<String, String> connectorConfig(String topics, TargetConfig target) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("connector.class", RtbenchSinkConnector.class.getName());
        config.put(SinkConnector.TOPICS_CONFIG, topics);
        config.put("key.converter", BYTE_ARRAY_CONVERTER);
        config.put("value.converter", BYTE_ARRAY_CONVERTER);
        // A delete of workload dml is a tombstone whose document is in a header: read it as produced, too.
        config.put("header.converter", BYTE_ARRAY_CONVERTER);
        config.put(TARGET_KIND, target.kind());
        if (target.url() != null) {
            config.put(TARGET_URL, target.url().toString());
        }
        config.put(TARGET_COLLECTION, target.collection());
        config.put(TARGET_TIMEOUT_MS, Long.toString(target.timeout().toMillis()));
        target.options().forEach((name, value) -> config.put(TARGET_OPTION_PREFIX + name, value));
        return config;
    }
}
