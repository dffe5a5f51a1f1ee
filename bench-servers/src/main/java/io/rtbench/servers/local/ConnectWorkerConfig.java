package io.rtbench.servers.local;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The configuration of a Kafka Connect distributed worker on 127.0.0.1 (alone in its group, or one of a cluster's
 * workers given the same {@link #clusterSettings}), for the in-JVM worker and for the docker
 * provider's worker container (which runs on the host's network, so the same addresses hold inside it).
 */
public final class ConnectWorkerConfig {

    /**
     * How often the worker commits its sink tasks' offsets ({@code offset.flush.interval.ms}): the consumer lag a sink
     * that keeps up shows trails what it wrote by up to this.
     */
    public static final Duration OFFSET_FLUSH_INTERVAL = Duration.ofSeconds(1);

    public static final String BOOTSTRAP_SERVERS = "bootstrap.servers";
    public static final String PLUGIN_PATH = "plugin.path";

    private static final String LISTENERS = "listeners";
    private static final String REST_HOST = "rest.advertised.host.name";
    private static final String REST_PORT = "rest.advertised.port";

    private static final String JSON_CONVERTER = "org.apache.kafka.connect.json.JsonConverter";

    /** Connect waits this long by default for a departed worker to come back before moving its tasks (5 min). */
    public static final String REBALANCE_DELAY = "scheduled.rebalance.max.delay.ms";

    /**
     * rtbench's clusters move a lost worker's tasks after 10 s rather than Connect's 5 minutes: a benchmark step lasts
     * about a minute, and a worker killed in it should show its tasks move within it (docs/CONNECT.md, "A cluster of
     * several workers"). Detecting the loss takes the group's session timeout (10 s) on top.
     */
    static final String REBALANCE_DELAY_MS = "10000";

    private ConnectWorkerConfig() {}

    /** {@code rtbench-connect-} and 8 random hex digits: a group no other worker on the broker is in. */
    public static String newGroupId() {
        return "rtbench-connect-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * What makes workers one cluster: the same group and internal topics, named after the group (docs/CONNECT.md).
     * Every worker of a cluster gets these as settings.
     */
    public static Map<String, String> clusterSettings(String groupId) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("group.id", groupId);
        config.put("config.storage.topic", groupId + "-configs");
        config.put("offset.storage.topic", groupId + "-offsets");
        config.put("status.storage.topic", groupId + "-status");
        config.put(REBALANCE_DELAY, REBALANCE_DELAY_MS);
        return config;
    }

    /**
     * The settings of another worker of the cluster whose worker has {@code config}: all of it but its REST address,
     * which {@link #of} gives each worker its own.
     */
    static Map<String, String> peerSettings(Map<String, String> config) {
        Map<String, String> settings = new LinkedHashMap<>(config);
        settings.keySet().removeAll(List.of(LISTENERS, REST_HOST, REST_PORT));
        return settings;
    }

    /**
     * @param restPort the REST port, {@code http://127.0.0.1:restPort}
     * @param settings must hold {@code bootstrap.servers}; may hold {@code plugin.path}; all are passed through as
     *     worker config and win over the defaults
     * @throws IllegalArgumentException without {@code bootstrap.servers}
     */
    public static Map<String, String> of(int restPort, Map<String, String> settings) {
        String bootstrapServers = settings.get(BOOTSTRAP_SERVERS);
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("Kafka Connect needs the setting " + BOOTSTRAP_SERVERS
                    + " (the Kafka broker's address, e.g. 127.0.0.1:9092)");
        }
        // Workers sharing a broker (tests, several quickstarts) must not join each other's cluster or read each
        // other's connector configs: one group and one set of internal topics per worker.
        // A cluster's workers are given the same group settings (clusterSettings), and win over this.
        Map<String, String> config = new LinkedHashMap<>();
        config.put(LISTENERS, "http://127.0.0.1:" + restPort);
        config.put(REST_HOST, "127.0.0.1");
        config.put(REST_PORT, Integer.toString(restPort));
        config.putAll(clusterSettings(newGroupId()));
        config.put("config.storage.replication.factor", "1");
        config.put("offset.storage.replication.factor", "1");
        config.put("status.storage.replication.factor", "1");
        // The defaults (25 and 5 partitions) only make the worker's start slower on a single broker.
        config.put("offset.storage.partitions", "1");
        config.put("status.storage.partitions", "1");
        config.put("key.converter", JSON_CONVERTER);
        config.put("value.converter", JSON_CONVERTER);
        // rtbench events are plain JSON documents, not Connect's schema envelope.
        config.put("key.converter.schemas.enable", "false");
        config.put("value.converter.schemas.enable", "false");
        // Sink offsets are committed at this interval; 60 s by default would hold back the consumer-lag reading.
        config.put("offset.flush.interval.ms", String.valueOf(OFFSET_FLUSH_INTERVAL.toMillis()));
        // docs/CONNECT.md: plugins declare themselves in META-INF/services; no slow class-path scan.
        config.put("plugin.discovery", "service_load");
        config.putAll(settings);
        return config;
    }
}
