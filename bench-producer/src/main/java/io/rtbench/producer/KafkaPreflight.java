package io.rtbench.producer;

import io.rtbench.core.BenchmarkException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Checks, before anything is produced, that the broker answers within the connect timeout (so that an unreachable
 * broker is one clear line, not a minute of client retries), and creates the topics when they are missing.
 */
final class KafkaPreflight {

    private static final long RETRY_PAUSE_MS = 50;

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
            create(admin, existing, new NewTopic(destination.announceTopic(), 1, replication), timeoutMs);
        } catch (TimeoutException e) {
            throw unreachable(destination);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw unreachable(destination);
            }
            throw new BenchmarkException("Kafka at " + destination.bootstrapServers() + " refused: "
                    + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkException("interrupted while connecting to Kafka");
        } catch (org.apache.kafka.common.KafkaException e) {
            throw new BenchmarkException(
                    "cannot use Kafka at " + destination.bootstrapServers() + ": " + e.getMessage());
        }
    }

    private static void create(Admin admin, Set<String> existing, NewTopic topic, long timeoutMs)
            throws ExecutionException, InterruptedException, TimeoutException {
        if (existing.contains(topic.name())) {
            return;
        }
        try {
            admin.createTopics(List.of(topic)).all().get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) { // created meanwhile by another producer: fine
                throw e;
            }
        }
        awaitServed(admin, topic, timeoutMs);
    }

    /**
     * Waits until every partition's leader answers for it. A new partition is in the metadata before its leader has
     * applied it; an idempotent producer whose first request lands in that window and whose next one does not loses
     * the first request's events: every retry is refused as out of order until it expires (KAFKA-15591, seen here
     * with Kafka 4.3.1). ListOffsets is answered by the leader only, and the admin client retries it until then —
     * except while the topic itself is not in the metadata yet, where it fails at once (KAFKA-15425); that is retried
     * here.
     */
    private static void awaitServed(Admin admin, NewTopic topic, long timeoutMs)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
        for (int partition = 0; partition < topic.numPartitions(); partition++) {
            partitions.put(new TopicPartition(topic.name(), partition), OffsetSpec.latest());
        }
        long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
            try {
                admin.listOffsets(partitions).all().get(Math.max(1, leftMs), TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof RetriableException) || leftMs <= RETRY_PAUSE_MS) {
                    throw e;
                }
                Thread.sleep(RETRY_PAUSE_MS);
            }
        }
    }

    private static BenchmarkException unreachable(KafkaDestination destination) {
        return new BenchmarkException("cannot reach Kafka at " + destination.bootstrapServers() + " within "
                + destination.connectTimeout().toSeconds() + " s; check --bootstrap-servers and that the broker runs"
                + " (TLS/SASL settings go in --kafka-config)");
    }
}
