package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.testing.KafkaClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A sink's backlog on a real broker. A group that has committed nothing (a misspelt {@code --sink-group}) has the whole
 * topic as its backlog; {@code evaluate} says so before its figures rather than leaving the status line's large
 * number unexplained.
 */
@ExtendWith(ServersExtension.class)
class BacklogSamplerIT {

    /** A broker that does not answer: one line at the connect timeout, or as soon as the run is stopped (Ctrl-C). */
    @Test
    void aBrokerThatDoesNotAnswerIsOneLineAndAStopEndsTheWait() {
        try (BacklogSampler sampler =
                new BacklogSampler(UnansweredBroker.ADDRESS, Map.of(), "group", "topic", Duration.ofSeconds(5))) {
            UnansweredBroker.failsWithOneLineAtTheTimeout(
                    () -> sampler.awaitBroker(Duration.ofSeconds(2), () -> false));
            UnansweredBroker.endsOnAStop(stop -> assertThat(sampler.awaitBroker(Duration.ofSeconds(60), stop))
                    .as("stopped, not answered")
                    .isFalse());
        }
    }

    @Test
    void aGroupThatCommittedNothingHasTheWholeTopicAsItsBacklogAndSaysSo(@RealServer("kafka") RunningServer kafka)
            throws Exception {
        String topic = "backlog-" + UUID.randomUUID();
        String group = "sink-" + UUID.randomUUID();
        // One partition, made before the sends, and every send acknowledged: a send into a topic being created
        // beside other tests' was once left unacknowledged for the producer's 2-minute delivery timeout (9 of 10).
        try (Admin admin = KafkaClients.admin(kafka.address())) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        KafkaClients.produce(
                kafka.address(),
                topic,
                IntStream.range(0, 10).mapToObj(Integer::toString).toList());
        try (BacklogSampler sampler =
                new BacklogSampler(kafka.address(), Map.of(), group, topic, Duration.ofSeconds(10))) {
            assertThat(sampler.awaitBroker(Duration.ofSeconds(10), () -> false)).isTrue();
            assertThat(sampler.hasCommitted()).isFalse();
            assertThat(sampler.lag()).isEqualTo(10);
            assertThat(EvaluateCommand.noCommitNote(sampler, group, topic))
                    .hasValue("note: consumer group " + group + " has committed no offset on topic " + topic
                            + ", so its backlog counts the topic from its start; check --sink-group (a bridge's group"
                            + " is rtbench-bridge-<target>-<collection>) unless its sink has not started yet");

            try (KafkaConsumer<byte[], byte[]> sink = new KafkaConsumer<>(
                    Map.of(
                            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            kafka.address(),
                            ConsumerConfig.GROUP_ID_CONFIG,
                            group),
                    new ByteArrayDeserializer(),
                    new ByteArrayDeserializer())) {
                sink.commitSync(Map.of(new TopicPartition(topic, 0), new OffsetAndMetadata(4)));
            }
            assertThat(sampler.hasCommitted()).isTrue();
            assertThat(sampler.lag()).isEqualTo(6);
            assertThat(EvaluateCommand.noCommitNote(sampler, group, topic)).isEmpty();
        }
    }
}
