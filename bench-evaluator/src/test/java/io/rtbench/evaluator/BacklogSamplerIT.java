package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
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
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>(topic, 0, null, new byte[] {(byte) i}));
            }
        }
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
