package io.rtbench.producer;

import io.rtbench.connectors.common.KafkaTopics;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.KafkaReach;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * Checks, before anything is produced, that the broker answers within the connect timeout (so that an unreachable
 * broker is one clear line, not a minute of client retries), and creates the topics when they are missing, ready to be
 * produced to ({@link KafkaTopics}).
 */
final class KafkaPreflight {

    private KafkaPreflight() {}

    static void prepare(KafkaDestination destination) {
        Map<String, Object> config = new HashMap<>(destination.clientConfig());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, destination.bootstrapServers());
        long timeoutMs = destination.connectTimeout().toMillis();
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeoutMs);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeoutMs);
        try (Admin admin = Admin.create(config)) {
            int brokers = admin.describeCluster()
                    .nodes()
                    .get(timeoutMs, TimeUnit.MILLISECONDS)
                    .size();
            Set<String> existing = admin.listTopics().names().get(timeoutMs, TimeUnit.MILLISECONDS);
            short replication = (short) Math.min(3, brokers);
            create(
                    admin,
                    existing,
                    new NewTopic(destination.topic(), destination.partitions(), replication),
                    timeoutMs);
            // Generators are announced again every heartbeat, and an evaluator needs only the latest announcement of
            // each: compaction keeps the topic's history short to read, and deletion ends it after the retention time.
            create(
                    admin,
                    existing,
                    new NewTopic(destination.announceTopic(), 1, replication)
                            .configs(Map.of("cleanup.policy", "compact,delete", "segment.ms", "3600000")),
                    timeoutMs);
        } catch (TimeoutException | ExecutionException e) {
            throw KafkaReach.failure(destination.bootstrapServers(), destination.connectTimeout(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkException("interrupted while connecting to Kafka");
        } catch (org.apache.kafka.common.KafkaException e) {
            throw new BenchmarkException(KafkaReach.unusable(destination.bootstrapServers(), e), e);
        }
    }

    private static void create(Admin admin, Set<String> existing, NewTopic topic, long timeoutMs)
            throws ExecutionException, InterruptedException, TimeoutException {
        if (!existing.contains(topic.name())) {
            KafkaTopics.create(admin, topic, Duration.ofMillis(timeoutMs));
        }
    }
}
