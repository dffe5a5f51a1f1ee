package io.rtbench.servers.local;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The configuration of a single Kafka Connect distributed worker on 127.0.0.1, for the in-JVM worker and for the docker
 * provider's worker container (which runs on the host's network, so the same addresses hold inside it).
 */
public final class ConnectWorkerConfig {

    public static final String BOOTSTRAP_SERVERS = "bootstrap.servers";
    public static final String PLUGIN_PATH = "plugin.path";

    private static final String JSON_CONVERTER = "org.apache.kafka.connect.json.JsonConverter";

    private ConnectWorkerConfig() {}

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
        String groupId = "rtbench-connect-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, String> config = new LinkedHashMap<>();
        config.put("listeners", "http://127.0.0.1:" + restPort);
        config.put("rest.advertised.host.name", "127.0.0.1");
        config.put("rest.advertised.port", Integer.toString(restPort));
        config.put("group.id", groupId);
        config.put("config.storage.topic", groupId + "-configs");
        config.put("offset.storage.topic", groupId + "-offsets");
        config.put("status.storage.topic", groupId + "-status");
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
        config.put("offset.flush.interval.ms", "1000");
        // docs/CONNECT.md: plugins declare themselves in META-INF/services; no slow class-path scan.
        config.put("plugin.discovery", "service_load");
        config.putAll(settings);
        return config;
    }
}
