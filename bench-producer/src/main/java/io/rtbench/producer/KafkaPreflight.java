package io.rtbench.producer;

import io.rtbench.connectors.kafka.KafkaAdmins;
import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.KafkaReach;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * Checks, before anything is produced, that the broker answers within the connect timeout (so that an unreachable
 * broker is one clear line, not a minute of client retries), and creates the topics when they are missing, ready to be
 * produced to ({@link KafkaTopics}).
 */
final class KafkaPreflight {

    private KafkaPreflight() {}

    static void prepare(KafkaDestination destination) {
        Duration timeout = destination.connectTimeout();
        try (Admin admin = KafkaAdmins.create(destination.bootstrapServers(), destination.clientConfig(), timeout)) {
            short replication = (short) Math.min(3, KafkaAdmins.brokers(admin, timeout));
            // Generators are announced again every heartbeat, and an evaluator needs only the latest announcement of
            // each: compaction keeps the topic's history short to read, and deletion ends it after the retention time.
            KafkaTopics.createMissing(
                    admin,
                    List.of(
                            new NewTopic(destination.topic(), destination.partitions(), replication),
                            new NewTopic(destination.announceTopic(), 1, replication)
                                    .configs(Map.of("cleanup.policy", "compact,delete", "segment.ms", "3600000"))),
                    timeout);
        } catch (TimeoutException | ExecutionException e) {
            throw KafkaReach.failure(destination.bootstrapServers(), timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkException("interrupted while connecting to Kafka");
        } catch (org.apache.kafka.common.KafkaException e) {
            throw new BenchmarkException(KafkaReach.unusable(destination.bootstrapServers(), e), e);
        }
    }
}
