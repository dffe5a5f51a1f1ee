package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The discovery of generators on a real broker's announcement topic. A producer that was killed never announces its
 * generators' end; without the heartbeat, an evaluation would probe such a generator for as long as it ran, and
 * every later evaluation would take it for a running one (the staleness of a dead producer's newest event, counted as
 * data latency). Here the announcements are written by hand, with the record timestamps a producer would have given.
 */
@ExtendWith(ServersExtension.class)
class GeneratorDiscoveryIT {

    private static final Duration SILENT_AFTER = Duration.ofSeconds(3);

    /** What the discovery told, in order: "found 3", "silent 3", "again 3", "ended 3". */
    private final List<String> told = new CopyOnWriteArrayList<>();

    /** What the discovery told of the topic's history: "over 1", "ended 2", then "read". */
    private final List<String> history = new CopyOnWriteArrayList<>();

    @Test
    void aGeneratorWhoseProducerFellSilentIsNoLongerProbedAndOneSilentBeforeTheStartIsPassedOver(
            @RealServer("kafka") RunningServer kafka) throws Exception {
        String topic = "discovery-" + UUID.randomUUID();
        long nowMs = System.currentTimeMillis();
        try (KafkaProducer<byte[], byte[]> producer = producer(kafka)) {
            // before the evaluation: 1 was killed a minute ago, 2 ended, 3 runs (its last heartbeat just now: the
            // history must be read within SILENT_AFTER, which a cold client on a busy machine has taken over a second)
            send(producer, topic, running(1), nowMs - 60_000);
            send(producer, topic, running(2), nowMs - 60_000);
            send(producer, topic, running(2).finished(500), nowMs - 50_000);
            send(producer, topic, running(3), System.currentTimeMillis());
            producer.flush();

            try (GeneratorDiscovery discovery = discovery(kafka, topic)) {
                await().atMost(Duration.ofSeconds(20)).until(() -> told.contains("found 3"));
                // 3 is not announced again: its producer is gone
                await().atMost(Duration.ofSeconds(10)).until(() -> told.contains("silent 3"));
                assertThat(told).as("1 and 2 were over before the evaluation").containsExactly("found 3", "silent 3");
                assertThat(history)
                        .as("passed over, each with its reason, before the history is read")
                        .containsExactlyInAnyOrder("over 1", "ended 2", "read")
                        .endsWith("read");

                // 4 keeps its heartbeat for three times the silence; 3 speaks again, then ends
                long startMs = System.currentTimeMillis();
                while (System.currentTimeMillis() - startMs < 3 * SILENT_AFTER.toMillis()) {
                    send(producer, topic, running(4), System.currentTimeMillis());
                    Thread.sleep(SILENT_AFTER.toMillis() / 4);
                }
                send(producer, topic, running(3), System.currentTimeMillis());
                send(producer, topic, running(3).finished(900), System.currentTimeMillis());
                send(producer, topic, running(4).finished(700), System.currentTimeMillis());
                producer.flush();
                await().atMost(Duration.ofSeconds(10)).until(() -> told.contains("ended 4"));

                assertThat(told).containsExactly("found 3", "silent 3", "found 4", "again 3", "ended 3", "ended 4");
                assertThat(discovery.generators()).containsOnlyKeys(3L, 4L);
                assertThat(discovery.generators().get(3L).producedEvents()).isEqualTo(900);
            }
        }
    }

    /**
     * With {@code --any-host}, a producer's clock may be off. Silence is counted from when an announcement arrived, not
     * from its timestamp: before, every heartbeat of a producer whose clock was a minute behind looked a minute old, so
     * its generator went "silent" at once and was heard again at every heartbeat.
     */
    @Test
    void aProducerWhoseClockIsBehindIsNotTakenForSilentWhileItsHeartbeatComes(@RealServer("kafka") RunningServer kafka)
            throws Exception {
        String topic = "discovery-skew-" + UUID.randomUUID();
        long behindMs = 60_000;
        try (KafkaProducer<byte[], byte[]> producer = producer(kafka);
                GeneratorDiscovery discovery = discovery(kafka, topic)) {
            long startMs = System.currentTimeMillis();
            while (System.currentTimeMillis() - startMs < 3 * SILENT_AFTER.toMillis()) {
                send(producer, topic, running(5), System.currentTimeMillis() - behindMs);
                producer.flush();
                Thread.sleep(SILENT_AFTER.toMillis() / 4);
            }
            assertThat(told).as("heard every half second, it never went silent").containsExactly("found 5");

            // its producer stops without an end: now it is silent
            await().atMost(Duration.ofSeconds(10)).until(() -> told.contains("silent 5"));
            assertThat(told).containsExactly("found 5", "silent 5");
            assertThat(history).as("no topic at the start: no history").containsExactly("read");
        }
    }

    /**
     * The events topic given for the announcements (a new user's slip, {@code --generators-from-topic rtbench.events}):
     * the evaluation said "no generator to probe" only at its end; now the discovery fails at the first record.
     */
    @Test
    void aTopicOfEventsIsNamedAsNoAnnouncementTopic(@RealServer("kafka") RunningServer kafka) throws Exception {
        String topic = "events-" + UUID.randomUUID();
        try (KafkaProducer<byte[], byte[]> producer = producer(kafka)) {
            byte[] event =
                    new EventGenerator(GeneratorSettings.withSeed(1), 7).next(System.currentTimeMillis() * 1_000);
            producer.send(new ProducerRecord<>(topic, event)).get();
            try (GeneratorDiscovery discovery = discovery(kafka, topic)) {
                await().atMost(Duration.ofSeconds(20))
                        .until(() -> discovery.failure().isPresent());
                assertThat(discovery.failure().get())
                        .startsWith(topic + " holds records that are not generator announcements")
                        .contains("rtbench.generators");
                assertThat(told).isEmpty();
            }
        }
    }

    /** A broker that does not answer: one line at the connect timeout, or as soon as the run is stopped (Ctrl-C). */
    @Test
    void aBrokerThatDoesNotAnswerIsOneLineAndAStopEndsTheWait() {
        UnansweredBroker.failsWithOneLineAtTheTimeout(
                () -> discovery(UnansweredBroker.ADDRESS, "nowhere", Duration.ofSeconds(2), () -> false));
        UnansweredBroker.endsOnAStop(stop -> {
            try (GeneratorDiscovery stopped =
                    discovery(UnansweredBroker.ADDRESS, "nowhere", Duration.ofSeconds(60), stop)) {
                assertThat(stopped.generators()).isEmpty();
            }
        });
    }

    private GeneratorDiscovery discovery(RunningServer kafka, String topic) {
        return discovery(kafka.address(), topic, Duration.ofSeconds(10), () -> false);
    }

    private GeneratorDiscovery discovery(
            String bootstrapServers, String topic, Duration connectTimeout, BooleanSupplier stopRequested) {
        return new GeneratorDiscovery(
                bootstrapServers,
                Map.of(),
                topic,
                "here",
                null,
                connectTimeout,
                SILENT_AFTER,
                new GeneratorDiscovery.Listener() {
                    @Override
                    public void found(GeneratorAnnouncement generator) {
                        told.add("found " + generator.generatorId());
                    }

                    @Override
                    public void heardAgain(GeneratorAnnouncement generator) {
                        told.add("again " + generator.generatorId());
                    }

                    @Override
                    public void ended(GeneratorAnnouncement generator) {
                        told.add("ended " + generator.generatorId());
                    }

                    @Override
                    public void silent(GeneratorAnnouncement generator) {
                        told.add("silent " + generator.generatorId());
                    }

                    @Override
                    public void passedOver(GeneratorAnnouncement generator, boolean ended) {
                        history.add((ended ? "ended " : "over ") + generator.generatorId());
                    }

                    @Override
                    public void historyRead() {
                        history.add("read");
                    }
                },
                stopRequested);
    }

    private static GeneratorAnnouncement running(long generatorId) {
        return new GeneratorAnnouncement(generatorId, "events", "here", "run-" + generatorId, 1_000_000L, null);
    }

    private static void send(
            KafkaProducer<byte[], byte[]> producer, String topic, GeneratorAnnouncement announcement, long atMs) {
        producer.send(new ProducerRecord<>(topic, 0, atMs, announcement.key(), announcement.toJson()));
    }

    private static KafkaProducer<byte[], byte[]> producer(RunningServer kafka) {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()),
                new ByteArraySerializer(),
                new ByteArraySerializer());
    }
}
