package io.rtbench.servers.local;

import io.rtbench.servers.ServerKind;
import java.util.Map;

/** Elasticsearch and OpenSearch: the same launch, different names (docs/TARGETS.md). */
public enum SearchEngine {
    /** The integ-test zip carries x-pack security, on by default; rtbench talks plain HTTP on loopback. */
    ELASTICSEARCH(new ServerKind("elasticsearch"), "elasticsearch", "ES", Map.of("xpack.security.enabled", "false")),
    /** The integ-test zip has no security plugin. */
    OPENSEARCH(new ServerKind("opensearch"), "opensearch", "OPENSEARCH", Map.of());

    /**
     * Answers 200 once every index's primary shard is back after a restart (408 until then, within a second): a node
     * that answers {@code _cat/nodes} still fails searches with 503 "all shards failed" before (docs/MEASUREMENT.md,
     * "Freshness under faults").
     */
    public static final String PRIMARIES_BACK_PATH = "/_cluster/health?wait_for_status=yellow&timeout=1s";

    private final ServerKind kind;
    private final String distributionName;
    private final String envPrefix;
    private final Map<String, String> ownSettings;

    SearchEngine(ServerKind kind, String distributionName, String envPrefix, Map<String, String> ownSettings) {
        this.kind = kind;
        this.distributionName = distributionName;
        this.envPrefix = envPrefix;
        this.ownSettings = ownSettings;
    }

    public ServerKind kind() {
        return kind;
    }

    /** The artifact id and the launch script's name: {@code elasticsearch}, {@code opensearch}. */
    String distributionName() {
        return distributionName;
    }

    /** Settings only this engine knows, e.g. security off. */
    Map<String, String> ownSettings() {
        return ownSettings;
    }

    String javaHomeEnv() {
        return envPrefix + "_JAVA_HOME";
    }

    String pathConfEnv() {
        return envPrefix + "_PATH_CONF";
    }

    String tmpDirEnv() {
        return envPrefix + "_TMPDIR";
    }

    String javaOptsEnv() {
        return envPrefix + "_JAVA_OPTS";
    }
}
