package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.engine.Sustained;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A run's sink starts at the topic's end: it never writes, nor counts as backlog, what earlier runs left there. */
@ExtendWith(ServersExtension.class)
class SinkTopicIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Test
    void aNewGroupPassesOverEveryEventOnTheTopicAndReadsWhatComesAfter(@RealServer("kafka") RunningServer kafka)
            throws Exception {
        String topic = topic(kafka, 4);
        produce(kafka, topic, "earlier", 1_000);
        SinkTopic sinkTopic = new SinkTopic(kafka.address(), Map.of(), topic, TIMEOUT);
        String group = "sink-" + UUID.randomUUID();

        assertThat(sinkTopic.partitions()).hasValue(4);
        assertThat(sinkTopic.startAtEnd(group))
                .hasValue("passed over 1,000 events of earlier runs on topic " + topic + ": the sink's group " + group
                        + " starts at its end");
        produce(kafka, topic, "this run", 25);

        assertThat(consume(kafka, topic, group, 25)).containsOnly("this run").hasSize(25);
        assertThat(sinkTopic.startAtEnd(group))
                .as("nothing left behind the second time")
                .isEmpty();
    }

    @Test
    void aGroupThatReadPartOfTheTopicPassesOverOnlyWhatItHasNotRead(@RealServer("kafka") RunningServer kafka)
            throws Exception {
        String topic = topic(kafka, 1);
        produce(kafka, topic, "earlier", 100);
        String group = "sink-" + UUID.randomUUID();
        try (Admin admin = admin(kafka)) {
            admin.alterConsumerGroupOffsets(group, Map.of(new TopicPartition(topic, 0), new OffsetAndMetadata(60)))
                    .all()
                    .get(10, TimeUnit.SECONDS);
        }

        assertThat(new SinkTopic(kafka.address(), Map.of(), topic, TIMEOUT).startAtEnd(group))
                .hasValueSatisfying(line -> assertThat(line).startsWith("passed over 40 events of earlier runs"));
    }

    @Test
    void aTopicThatDoesNotExistYetHasNothingToPassOver(@RealServer("kafka") RunningServer kafka) {
        SinkTopic missing = new SinkTopic(kafka.address(), Map.of(), "missing." + UUID.randomUUID(), TIMEOUT);

        assertThat(missing.startAtEnd("sink-" + UUID.randomUUID())).isEmpty();
        assertThat(missing.partitions()).isEmpty();
    }

    @Test
    void aGroupWithAMemberStaysWhereItIs(@RealServer("kafka") RunningServer kafka) throws Exception {
        String topic = topic(kafka, 1);
        produce(kafka, topic, "earlier", 10);
        String group = "sink-" + UUID.randomUUID();
        try (KafkaConsumer<String, String> member = consumer(kafka, group)) {
            member.subscribe(List.of(topic));
            member.poll(Duration.ofSeconds(5)); // joins the group; reads nothing it commits
            produce(kafka, topic, "more", 10);

            assertThat(new SinkTopic(kafka.address(), Map.of(), topic, TIMEOUT).startAtEnd(group))
                    .as("another sink reads with this group: moving it is not this run's call")
                    .isEmpty();
        }
    }

    /**
     * The bug this prevents: a run's new consumer group read an earlier run's events first (1.17 million of them in a
     * peak search by kafka-connect after one by kafka-bridge), so a rate the sink sustained was judged unsustained.
     * Here the second run's sink writes at most 700 events/s: behind the first run's ~2,750 events, its own would wait
     * seconds.
     */
    @Test
    void aSecondRunOnTheSameTopicWritesOnlyItsOwnEvents(@RealServer("kafka") RunningServer kafka, @TempDir Path dir) {
        RunSpecBuilder earlier = Runs.external("kafka-bridge", "reference", null, kafka, null, dir);
        RunSpec earlierRun = earlier.build("unused");
        RunResult first = Runs.run(earlierRun);
        assertThat(first.steps().get(0).events().produced()).isGreaterThan(2_000L);
        RunSpecBuilder later = Runs.external("kafka-bridge", "reference", null, kafka, null, dir);
        later.kafka(set -> set.withTopic(earlierRun.kafka().topic()));
        later.target(set -> set.withOptions(Map.of("write.limit", "700/s")));
        // a backlog slope over 4 s was once judged growth on a loaded machine
        later.pacing(set -> set.withDuration(Durations.parse("8s")));

        StepResult step = Runs.run(later.build("unused")).steps().get(0);

        assertThat(step.sustained())
                .as(Sustained.describe(step).orElse("no verdict"))
                .isTrue();
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        assertThat(step.latencyMs().get(Metrics.DATA).p50())
                .as("data p50 (ms): no earlier run's events ahead of this run's")
                .isLessThan(500.0);
    }

    private static String topic(RunningServer kafka, int partitions) throws Exception {
        String topic = "sink-topic." + UUID.randomUUID();
        try (Admin admin = admin(kafka)) {
            // ready to be produced to, as rtbench's producer creates its topics (KAFKA-15591 lost 145 and then 66 of
            // this test's events in CI before)
            KafkaTopics.create(admin, new NewTopic(topic, partitions, (short) 1), TIMEOUT);
        }
        return topic;
    }

    private static void produce(RunningServer kafka, String topic, String value, int count) {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address());
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < count; i++) {
                sends.add(producer.send(new ProducerRecord<>(topic, Integer.toString(i), value)));
            }
            producer.flush();
            for (Future<RecordMetadata> send : sends) {
                assertThat(send).as("every event sent is acknowledged").succeedsWithin(TIMEOUT);
            }
        }
    }

    private static List<String> consume(RunningServer kafka, String topic, String group, int count) {
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = consumer(kafka, group)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (values.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
            }
            // anything beyond the count would be read too
            consumer.poll(Duration.ofMillis(500)).forEach(record -> values.add(record.value()));
            consumer.commitSync(); // as a sink does once the database has what it read
        }
        return values;
    }

    private static KafkaConsumer<String, String> consumer(RunningServer kafka, String group) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
    }

    private static Admin admin(RunningServer kafka) {
        return Admin.create(Map.of("bootstrap.servers", kafka.address()));
    }
}
