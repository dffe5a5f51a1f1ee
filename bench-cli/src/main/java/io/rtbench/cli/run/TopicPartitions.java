package io.rtbench.cli.run;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How many partitions a topic has: what bounds the tasks of a sink connector that get work. */
final class TopicPartitions {

    private static final Logger LOG = LoggerFactory.getLogger(TopicPartitions.class);

    private TopicPartitions() {}

    /**
     * @param kafkaConfig client properties (TLS, SASL) as the run's other Kafka clients get them
     * @return the topic's partitions; empty when the topic does not exist yet or Kafka did not answer in time
     */
    static Optional<Integer> count(
            String bootstrapServers, Map<String, String> kafkaConfig, String topic, Duration timeout) {
        Map<String, Object> config = new HashMap<>(kafkaConfig);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        try (Admin admin = Admin.create(config)) {
            return Optional.of(admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .get(topic)
                    .partitions()
                    .size());
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.info("the partitions of topic {} are unknown: {}", topic, e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
