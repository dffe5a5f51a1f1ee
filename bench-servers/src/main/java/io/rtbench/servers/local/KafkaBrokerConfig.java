package io.rtbench.servers.local;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration of the single-node KRaft broker: broker and controller in one process, everything on 127.0.0.1,
 * internal topics with one replica.
 */
final class KafkaBrokerConfig {

    static final String NODE_ID = "1";
    static final String CONTROLLER_LISTENER = "CONTROLLER";

    private KafkaBrokerConfig() {}

    /**
     * @param clientPort the PLAINTEXT port clients bootstrap from
     * @param controllerPort the KRaft controller port, not for clients
     * @param dataDir where the log segments and the metadata log live
     * @param settings passed through as broker config; they win over the defaults
     */
    static Map<String, String> of(int clientPort, int controllerPort, Path dataDir, Map<String, String> settings) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("process.roles", "broker,controller");
        config.put("node.id", NODE_ID);
        // A static one-voter quorum needs no --standalone formatting and no voter directory id.
        config.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort);
        config.put("controller.listener.names", CONTROLLER_LISTENER);
        config.put(
                "listeners",
                "PLAINTEXT://127.0.0.1:" + clientPort + "," + CONTROLLER_LISTENER + "://127.0.0.1:" + controllerPort);
        config.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + clientPort);
        config.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        config.put("inter.broker.listener.name", "PLAINTEXT");
        config.put("log.dirs", dataDir.toString());
        config.put("num.partitions", "4");
        config.put("auto.create.topics.enable", "true");
        // A new consumer group (the bridge, Connect) should start consuming at once, not after 3 s.
        config.put("group.initial.rebalance.delay.ms", "0");
        config.put("offsets.topic.replication.factor", "1");
        // 50 partitions by default: creating them dominates the first group join on a 2-core machine.
        config.put("offsets.topic.num.partitions", "4");
        config.put("transaction.state.log.replication.factor", "1");
        config.put("transaction.state.log.min.isr", "1");
        config.put("transaction.state.log.num.partitions", "4");
        config.put("share.coordinator.state.topic.replication.factor", "1");
        config.put("share.coordinator.state.topic.min.isr", "1");
        // The cleaner zero-fills its dedupe buffer up front (128 MB by default); the compacted topics here are tiny.
        config.put("log.cleaner.dedupe.buffer.size", String.valueOf(16 * 1024 * 1024));
        config.putAll(settings);
        return config;
    }
}
