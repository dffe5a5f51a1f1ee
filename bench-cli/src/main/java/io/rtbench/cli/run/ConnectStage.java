package io.rtbench.cli.run;

import io.rtbench.connectors.connect.RtbenchSinkConfig;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.FileTrees;
import io.rtbench.core.IoReasons;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.engine.Step;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.result.ConnectTasks;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.servers.connect.ConnectRestClient;
import io.rtbench.servers.connect.ConnectorDefinition;
import io.rtbench.servers.connect.ConnectorStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code kafka-connect}: a sink connector deployed on a Kafka Connect worker through its REST API — rtbench's own
 * plugin (whose tasks log kafkaHop and sinkWrite as .hlog files that are followed here), or any connector given as a
 * JSON config (which reports no stage latencies). Removed again at the end. On a cluster of several workers its
 * {@code tasks.max} is at most the topic's partitions, and each step records where its tasks ran (docs/CONNECT.md, "A
 * cluster of several workers").
 */
final class ConnectStage implements Stage {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectStage.class);
    private static final Duration DEPLOY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration METRICS_INTERVAL = Duration.ofSeconds(1);

    private final ConnectRestClient connect;
    private final String name;
    private final String group;
    private final MetricSet metrics = new MetricSet();
    private final Path metricsDir;
    private final HistogramLogTail tail;
    private final TaskPlacements placements;
    private final Integer tasksMax;
    private final Integer partitions;
    /** Why the connector or a task failed, from its status polled every second; null while it runs. */
    private volatile String failure;

    private final ScheduledExecutorService poller =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-connect-metrics"));

    /**
     * @param topic the events topic: its partitions bound {@code tasks.max}, and the connector's group starts at its end
     * @param note where a line about events of earlier runs that the connector passes over goes
     */
    ConnectStage(RunSpec spec, String connectUrl, TargetConfig target, SinkTopic topic, Consumer<String> note) {
        this.connect = new ConnectRestClient(URI.create(connectUrl), Duration.ofSeconds(30));
        try {
            // named for the run's collection, so that a leftover is traced to its run
            this.metricsDir = Files.createTempDirectory(
                    "rtbench-connect-metrics-" + spec.target().collection().replaceAll("[^A-Za-z0-9_.-]", "_") + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.partitions = topic.partitions().orElse(null);
        ConnectorDefinition definition = boundTasks(definition(spec, target, metricsDir), partitions);
        this.name = definition.name();
        this.group = groupOf(definition);
        topic.startAtEnd(group).ifPresent(note);
        this.tasksMax = tasksMax(definition);
        this.tail = new HistogramLogTail(metricsDir, metrics);
        this.placements = new TaskPlacements(name);
        connect.deploy(definition);
        connect.awaitRunning(name, DEPLOY_TIMEOUT);
        poller.scheduleWithFixedDelay(this::poll, 1, 1, TimeUnit.SECONDS);
    }

    /**
     * A sink task beyond the topic's partitions gets none and idles: {@code tasks.max} is cut to the partitions (the
     * topic's, or those rtbench creates it with), and the log says so.
     */
    static ConnectorDefinition boundTasks(ConnectorDefinition definition, Integer partitions) {
        Integer asked = tasksMax(definition);
        int bound = partitions != null ? partitions : RunSpecMapping.TOPIC_PARTITIONS;
        if (asked == null || asked <= bound) {
            return definition;
        }
        LOG.warn(
                "connector {}: tasks.max {} is more than the topic's {} partitions; it gets {} tasks",
                definition.name(),
                asked,
                bound,
                bound);
        return definition.with("tasks.max", Integer.toString(bound));
    }

    private static Integer tasksMax(ConnectorDefinition definition) {
        try {
            String value = definition.config().get("tasks.max");
            return value == null ? null : Integer.valueOf(value.strip());
        } catch (NumberFormatException e) {
            return null; // Connect itself refuses it when deploying, with its own words
        }
    }

    private static ConnectorDefinition definition(RunSpec spec, TargetConfig target, Path metricsDir) {
        if (!spec.run().thirdPartyConnector()) {
            Map<String, String> config = new LinkedHashMap<>(
                    RtbenchSinkConfig.connectorConfig(spec.kafka().topic(), target));
            config.put("tasks.max", Integer.toString(spec.bridge().threads()));
            config.put(
                    RtbenchSinkConfig.BATCH_SIZE, Integer.toString(spec.bridge().batchSize()));
            config.put(
                    RtbenchSinkConfig.MAX_IN_FLIGHT,
                    Integer.toString(spec.bridge().maxInFlight()));
            config.put(
                    RtbenchSinkConfig.RETRY_TIMEOUT_MS,
                    Long.toString(spec.run().retryTimeout().toMillis()));
            config.put(RtbenchSinkConfig.METRICS_DIR, metricsDir.toString());
            config.put(RtbenchSinkConfig.METRICS_INTERVAL_MS, Long.toString(METRICS_INTERVAL.toMillis()));
            if (target.credentials().hasUser() || target.credentials().hasApiKey()) {
                // Never in the connector config (Connect shows it on its REST API): a file only this user can read.
                config.put(
                        RtbenchSinkConfig.CREDENTIALS_FILE,
                        credentialsFile(target.credentials(), metricsDir).toString());
            }
            return new ConnectorDefinition("rtbench-sink-" + target.kind() + "-" + target.collection(), config);
        }
        ConnectorDefinition given = ConnectorDefinition.read(Path.of(spec.run().connector()));
        return given.withPlaceholders(placeholders(spec, target))
                .with("topics", spec.kafka().topic());
    }

    /**
     * What a connector file may refer to as {@code ${rtbench.NAME}}: with {@code --servers local} only the run knows
     * the database's port. E.g. {@code "connection.url":
     * "jdbc:postgresql://${rtbench.target.host}:${rtbench.target.port}/${rtbench.target.database}"}.
     */
    static Map<String, String> placeholders(RunSpec spec, TargetConfig target) {
        URI url = target.url();
        Map<String, String> values = new LinkedHashMap<>();
        values.put("rtbench.topic", spec.kafka().topic());
        values.put("rtbench.collection", target.collection());
        values.put("rtbench.target.url", url.toString());
        values.put("rtbench.target.host", url.getHost() == null ? "" : url.getHost());
        values.put("rtbench.target.port", url.getPort() < 0 ? "" : Integer.toString(url.getPort()));
        values.put(
                "rtbench.target.database",
                url.getPath() == null ? "" : url.getPath().replaceFirst("^/", ""));
        return values;
    }

    private static Path credentialsFile(Credentials credentials, Path dir) {
        Properties properties = new Properties();
        if (credentials.user() != null) {
            properties.setProperty("user", credentials.user());
        }
        if (credentials.password() != null) {
            properties.setProperty("password", credentials.password());
        }
        if (credentials.apiKey() != null) {
            properties.setProperty("api.key", credentials.apiKey());
        }
        Path file = dir.resolve("credentials.properties");
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (Writer out = Files.newBufferedWriter(file)) {
                properties.store(out, null);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the connector's credentials file: " + e.getMessage(), e);
        }
    }

    private void poll() {
        try {
            Optional<ConnectorStatus> status = connect.status(name);
            status.ifPresent(s -> placements.observe(Instant.now(), s));
            failure = status.flatMap(ConnectorStatus::failure).orElse(null);
        } catch (RuntimeException e) {
            LOG.warn("reading the connector's status failed: {}", e.toString());
        }
        try {
            tail.poll();
        } catch (IOException | RuntimeException e) {
            LOG.warn("reading the sink tasks' metrics failed: {}", e.toString());
        }
    }

    @Override
    public String name() {
        return "connector " + name;
    }

    @Override
    public void beginStep(Step step) {
        placements.beginStep(Instant.now());
    }

    /** Where the tasks ran; absent when the connector's status never answered (nobody saw them). */
    @Override
    public void finishStep(StepResult.Builder step) {
        List<ConnectTasks.Placement> seen = placements.step();
        if (!seen.isEmpty()) {
            step.connectTasks(ConnectTasks.of(name, tasksMax, partitions, seen));
        }
    }

    @Override
    public List<LatencyRecorder> recorders() {
        return List.copyOf(metrics.all());
    }

    @Override
    public void resetMetrics() {
        tail.skipUntil(System.currentTimeMillis());
        poll();
        metrics.reset();
    }

    /** The tasks write an interval per second: at a phase's end, wait for the one that holds it, then read it. */
    @Override
    public void endPhase(Phase phase) {
        if (!phase.measured()) {
            return;
        }
        try {
            Thread.sleep(METRICS_INTERVAL.toMillis() + 500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        poll();
    }

    /** The connector's name on the worker. */
    String connector() {
        return name;
    }

    /** The connector's {@code tasks.max} as deployed (at most the topic's partitions); null when it sets none. */
    Integer tasksMax() {
        return tasksMax;
    }

    /** Kafka Connect's consumer group for a sink connector: its lag is the backlog. */
    String consumerGroup() {
        return group;
    }

    /** Connect's own default, {@code connect-<name>}, unless the connector sets its consumer's group itself. */
    static String groupOf(ConnectorDefinition definition) {
        String given = definition.config().get("consumer.override.group.id");
        return given == null || given.isBlank() ? "connect-" + definition.name() : given.strip();
    }

    @Override
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public void close() {
        poller.shutdownNow();
        try {
            connect.delete(name);
        } catch (RuntimeException e) {
            LOG.warn("removing connector {} failed: {}", name, e.toString());
        }
        // The tasks' interval logs have been read, and the credentials file must not outlive the run.
        try {
            FileTrees.delete(metricsDir);
        } catch (IOException e) {
            LOG.warn("removing {} failed: {}", metricsDir, IoReasons.of(e));
        }
    }
}
