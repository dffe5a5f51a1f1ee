package io.rtbench.cli.run;

import io.rtbench.connectors.kafka.GroupOffsets;
import io.rtbench.connectors.kafka.KafkaAdmins;
import io.rtbench.connectors.kafka.KafkaTopics;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The topic a run's sink reads, as the run finds it before its first event: how many partitions it has (what bounds the
 * tasks of a sink connector that get work), and where the sink's consumer group starts in it.
 *
 * <p>A run against a broker it did not start ({@code --servers external}) may find events of earlier runs on the topic
 * that its sink's group has not read: the events of a {@code kafka-bridge} run are unread by the group of a later
 * {@code kafka-connect} run, and a new group starts at the topic's beginning. Those events are not the run's, yet the
 * sink would write them first and the backlog would count them: a sustainable rate would be judged unsustained. So
 * before the sink starts, its group is moved to the topic's end (docs/GUIDE.md, "Only the run's own events").
 */
final class SinkTopic {

    private static final Logger LOG = LoggerFactory.getLogger(SinkTopic.class);

    private final String bootstrapServers;
    private final Map<String, String> kafkaConfig;
    private final String topic;
    private final Duration timeout;

    /** @param kafkaConfig client properties (TLS, SASL) as the run's other Kafka clients get them */
    SinkTopic(String bootstrapServers, Map<String, String> kafkaConfig, String topic, Duration timeout) {
        this.bootstrapServers = bootstrapServers;
        this.kafkaConfig = kafkaConfig;
        this.topic = topic;
        this.timeout = timeout;
    }

    /** The topic's partitions; empty when the topic does not exist yet or Kafka did not answer in time. */
    Optional<Integer> partitions() {
        try (Admin admin = KafkaAdmins.create(bootstrapServers, kafkaConfig, timeout)) {
            return Optional.of(KafkaTopics.partitions(admin, topic, timeout).size());
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.info("the partitions of topic {} are unknown: {}", topic, e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Moves {@code group}'s committed offsets to the topic's end where they are behind it (or absent), so that the sink
     * reads only what is produced from now on.
     *
     * @return what was passed over: the events the group would otherwise have read first, and in one line why; empty
     *     when there was nothing to pass over or the group could not be moved (the log says why; the run goes on, and
     *     its backlog shows those events)
     */
    Optional<String> startAtEnd(String group) {
        try (Admin admin = KafkaAdmins.create(bootstrapServers, kafkaConfig, timeout)) {
            long passedOver = GroupOffsets.moveToEnd(admin, group, topic, timeout);
            if (passedOver == 0) {
                return Optional.empty();
            }
            String line = String.format(
                    "passed over %,d events of earlier runs on topic %s: the sink's group %s starts at its end",
                    passedOver, topic, group);
            LOG.info("{}", line);
            return Optional.of(line);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            // No topic yet (nothing to pass over), or a group with members: another sink reads with it.
            LOG.info("consumer group {} stays where it is on topic {}: {}", group, topic, e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
