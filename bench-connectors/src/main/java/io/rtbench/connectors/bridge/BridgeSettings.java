package io.rtbench.connectors.bridge;

import io.rtbench.connectors.writes.InFlightWrites;
import io.rtbench.core.Bounds;
import io.rtbench.core.target.TargetConfig;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The bridge: a Kafka consumer group that writes what it reads to a target in batches.
 *
 * @param groupId consumer group; by default {@code rtbench-bridge-<target>-<collection>} (docs/GUIDE.md), so bridges
 *     that feed different targets each read the whole topic; a new group starts from the earliest offset
 * @param batchSize events per target write (at most)
 * @param linger how long the first event of a batch may wait for the batch to fill
 * @param threads consumers in the group (each with its own partitions and writes)
 * @param consumerConfig Kafka client properties (TLS/SASL …); may hold secrets, never printed
 * @param retryTimeout how long one batch is retried, with backoff, while the target fails, before the bridge gives up
 *     (offsets of an unwritten batch are never committed, so a restarted bridge resumes with it); also how long the
 *     broker may stay unreachable mid-run before the bridge gives up
 * @param maxInFlight target writes in flight per consumer: a consumer keeps reading and hands each full batch to a
 *     writer while earlier ones are still being written, and stops reading while this many are; offsets are committed
 *     in order, each only after every earlier batch of its partition was acknowledged
 * @param connectTimeout how long the bridge waits for the broker to answer at start before it gives up
 */
public record BridgeSettings(
        String bootstrapServers,
        String topic,
        String groupId,
        TargetConfig target,
        int batchSize,
        Duration linger,
        int threads,
        Map<String, String> consumerConfig,
        Duration retryTimeout,
        int maxInFlight,
        Duration connectTimeout) {

    public static final int DEFAULT_BATCH_SIZE = 500;
    public static final Duration DEFAULT_LINGER = Duration.ofMillis(5);
    public static final int DEFAULT_MAX_IN_FLIGHT = InFlightWrites.DEFAULT_MAX_IN_FLIGHT;
    public static final int MAX_IN_FLIGHT_LIMIT = 64;
    public static final int MAX_THREADS = 256;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    public BridgeSettings {
        Objects.requireNonNull(target, "target");
        consumerConfig = consumerConfig == null ? Map.of() : Map.copyOf(consumerConfig);
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            bootstrapServers = consumerConfig.get("bootstrap.servers");
        }
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("--bootstrap-servers is required (host:port of a Kafka broker)");
        }
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("--topic must not be empty");
        }
        if (groupId == null || groupId.isBlank()) {
            groupId = defaultGroupId(target);
        }
        Bounds.atLeast("--bridge-batch-size", 1, batchSize);
        Bounds.notNegative("--bridge-linger", linger);
        Bounds.between("--bridge-threads", 1, MAX_THREADS, threads);
        Bounds.positive("--retry-timeout", retryTimeout);
        Bounds.between("--bridge-max-in-flight", 1, MAX_IN_FLIGHT_LIMIT, maxInFlight);
        Bounds.positive("--connect-timeout", connectTimeout);
    }

    public static String defaultGroupId(TargetConfig target) {
        return "rtbench-bridge-" + target.kind() + "-" + target.collection();
    }
}
