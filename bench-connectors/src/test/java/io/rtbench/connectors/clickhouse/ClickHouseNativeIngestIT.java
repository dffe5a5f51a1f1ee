package io.rtbench.connectors.clickhouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import io.rtbench.servers.junit.TestProducers;
import io.rtbench.servers.local.FreePorts;
import io.rtbench.servers.testing.KafkaClients;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * ClickHouse 18.16 consuming a real local Kafka broker itself (pipeline {@code native}): the Kafka engine table and the
 * materialized view land every event exactly once in the table that the target probes and audits.
 */
@ExtendWith(ServersExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Order(SuiteOrder.LONG)
class ClickHouseNativeIngestIT {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long FIRST_EVENT_MICROS = 1_763_800_000_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunningServer kafka;
    private RunningServer clickhouse;

    @BeforeAll
    void servers(@RealServer("kafka") RunningServer kafka, @RealServer("clickhouse") RunningServer clickhouse) {
        this.kafka = kafka;
        this.clickhouse = clickhouse;
    }

    @Test
    void everyEventLandsOnceTheNewestIsProbedAndCloseRemovesTheEngineTables() throws Exception {
        String topic = newTopic(3);
        TargetConfig config = config(clickhouse, uniqueCollection(), Map.of());
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 41);
        try (NativeIngest ingest = nativeIngest(config);
                Target target = Targets.open(config)) {
            ingest.start(NativeIngest.Source.of(kafka.address(), topic), START_TIMEOUT);
            assertThat(tables(clickhouse, config.collection()))
                    .containsExactlyInAnyOrder(
                            config.collection(), config.collection() + "_kafka", config.collection() + "_kafka_mv");

            produce(topic, generator, 3_000, 0);

            awaitLanded(target, 41, 3_000);
            assertThat(target.audit(41)).isEqualTo(new AuditCounts(3_000, 3_000, 2_999));
            assertThat(target.newestEventTimeMicros(41)).hasValue(eventTime(2_999));
            assertThat(ingest.consumerGroup()).isEqualTo("rtbench-native-clickhouse-" + config.collection());
            await().atMost(WAIT).until(() -> lag(ingest.consumerGroup(), topic) == 0);
            assertThat(count(clickhouse, config.collection(), "_event_time = 0"))
                    .as("readiness markers never land")
                    .isZero();
            assertThat(count(clickhouse, config.collection(), "doc = ''"))
                    .as("JSONEachRow, the default, keeps no document")
                    .isEqualTo(3_000);
        }

        assertThat(tables(clickhouse, config.collection())).containsExactly(config.collection());
        try (Target target = Targets.open(config)) {
            assertThat(target.audit(41).count())
                    .as("the collection stays for the audit")
                    .isEqualTo(3_000);
        }
    }

    @Test
    void aSecondRunInTheSameCollectionResumesFromTheGroupsOffsets() throws Exception {
        String topic = newTopic(2);
        TargetConfig first = config(clickhouse, uniqueCollection(), Map.of());
        // The second run keeps the documents, with two consumers in the group.
        TargetConfig second = first.withOptions(Map.of("kafka.format", "TabSeparated", "kafka.num.consumers", "2"));
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(2), 42);
        try (Target target = Targets.open(first)) {
            try (NativeIngest ingest = nativeIngest(first)) {
                ingest.start(NativeIngest.Source.of(kafka.address(), topic), START_TIMEOUT);
                produce(topic, generator, 500, 0);
                awaitLanded(target, 42, 500);
            }
            // Between runs nothing consumes; the next run's group resumes from its committed offsets.
            produce(topic, generator, 100, 500);
            try (NativeIngest ingest = nativeIngest(second)) {
                ingest.start(NativeIngest.Source.of(kafka.address(), topic), START_TIMEOUT);
                List<byte[]> documents = produce(topic, generator, 400, 600);
                awaitLanded(target, 42, 1_000);
                assertThat(select(
                                clickhouse,
                                "SELECT doc FROM `default`.`" + first.collection()
                                        + "` WHERE _seq = 707 FORMAT TSVRaw"))
                        .as("TabSeparated keeps the document byte for byte")
                        .isEqualTo(new String(documents.get(107), StandardCharsets.UTF_8) + "\n");
            }
            AuditCounts landed = target.audit(42);
            assertThat(landed.distinctSeqs()).as("none lost").isEqualTo(1_000);
            assertThat(landed.maxSeq()).isEqualTo(999);
            // The engine is at least once: a block the first run wrote but had not committed when its tables were
            // dropped is read again (seen once on a loaded machine: 100 rows). A group that did not resume from its
            // offsets would read all the first run's 500 again.
            assertThat(landed.count() - landed.distinctSeqs())
                    .as("read again by the second run")
                    .isLessThan(500);
            assertThat(target.newestEventTimeMicros(42)).hasValue(eventTime(999));
        }
        assertThat(tables(clickhouse, first.collection())).containsExactly(first.collection());
    }

    /**
     * Workload mixed: every record lands with its user and balance, in both formats, so that the reads by user find
     * what the bridge's rows would give them (with a {@code MATERIALIZED} user_id 18.16's view landed nothing).
     */
    @Test
    void mixedRowsLandWithTheirUserAndBalanceInEitherFormat() throws Exception {
        for (String format : List.of("JSONEachRow", "TabSeparated")) {
            String topic = newTopic(1);
            TargetConfig config = config(clickhouse, uniqueCollection(), Map.of("kafka.format", format))
                    .forMixed();
            long generatorId = 44;
            EventGenerator generator = EventGenerator.forUsers(GeneratorSettings.withSeed(4), generatorId, 3);
            try (NativeIngest ingest = nativeIngest(config);
                    Target target = Targets.open(config)) {
                ingest.start(NativeIngest.Source.of(kafka.address(), topic), START_TIMEOUT);
                Map<Long, Long> perUser = new HashMap<>();
                Map<Long, Double> balancePerUser = new HashMap<>();
                String lastId = null;
                for (byte[] document : produce(topic, generator, 60, 0)) {
                    JsonNode fields = JSON.readTree(document);
                    lastId = fields.get("_id").asText();
                    perUser.merge(fields.get("user_id").asLong(), 1L, Long::sum);
                    balancePerUser.merge(
                            fields.get("user_id").asLong(),
                            fields.get("balance").asDouble(),
                            Double::sum);
                }
                awaitLanded(target, generatorId, 60);
                Readable reads = (Readable) target;
                for (long user = 0; user < 3; user++) {
                    assertThat(reads.read(ReadQuery.AGGREGATE, lastId, user))
                            .as("%s: events of user %d", format, user)
                            .isEqualTo(perUser.getOrDefault(user, 0L));
                    assertThat(Double.parseDouble(select(
                                            clickhouse,
                                            "SELECT sum(balance) FROM `default`.`" + config.collection()
                                                    + "` WHERE user_id = " + user + " FORMAT TSV")
                                    .strip()))
                            .as("%s: balance of user %d", format, user)
                            .isCloseTo(balancePerUser.getOrDefault(user, 0.0), within(1e-6));
                }
            }
        }
    }

    /**
     * Under steady load ClickHouse 18.16 ends a streaming block only on its flush interval (the server's
     * {@code stream_flush_interval_ms}, here 500 ms) once the block is {@code kafka.max.block.size} rows: events become
     * visible while they are still being produced, and none is lost at those block ends (TabSeparated loses one at
     * each, see {@link ClickHouseKafkaDdl#TAB_SEPARATED}).
     */
    @Test
    void underSteadyLoadBlocksEndOnTheFlushIntervalWithoutLosingARecord(
            @OwnServer(
                            value = "clickhouse",
                            settings = "profile.stream_flush_interval_ms=500",
                            why = "a server setting of its own")
                    RunningServer ch)
            throws Exception {
        String topic = newTopic(2);
        TargetConfig config = config(ch, uniqueCollection(), Map.of("kafka.max.block.size", "100"));
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(3), 43);
        try (NativeIngest ingest = nativeIngest(config);
                Target target = Targets.open(config)) {
            ingest.start(NativeIngest.Source.of(kafka.address(), topic), START_TIMEOUT);
            long visibleWhileProducing = 0;
            // 3,000 events at about 500/s: 50 every 100 ms, without a pause that would end a block by itself.
            for (int burst = 0; burst < 60; burst++) {
                produce(topic, generator, 50, burst * 50L);
                Thread.sleep(100);
                if (burst == 50) {
                    visibleWhileProducing = target.audit(43).distinctSeqs();
                }
            }
            awaitLanded(target, 43, 3_000);
            assertThat(visibleWhileProducing).isGreaterThan(1_000);
            assertThat(target.audit(43)).isEqualTo(new AuditCounts(3_000, 3_000, 2_999));
        }
    }

    @Test
    void aBrokerTheDatabaseCannotReachFailsWithinTheTimeoutInOneLine() {
        String topic = newTopic(1);
        TargetConfig config = config(clickhouse, uniqueCollection(), Map.of());
        String nowhere = "127.0.0.1:" + FreePorts.free();
        NativeIngest.Source source =
                NativeIngest.Source.of(kafka.address(), topic).withDatabaseBootstrapServers(nowhere);
        Duration timeout = Duration.ofSeconds(8);
        long startNanos = System.nanoTime();
        try (NativeIngest ingest = nativeIngest(config)) {
            assertThatThrownBy(() -> ingest.start(source, timeout))
                    .isInstanceOf(TargetException.class)
                    .hasMessageStartingWith("clickhouse at " + clickhouse.address())
                    .hasMessageContaining("did not start within")
                    .hasMessageContaining("reaches Kafka at " + nowhere)
                    .hasMessageNotContaining("\n");
        }
        // What this guards against is a wait of minutes (the engine retrying for ever); a loaded machine adds seconds
        // to the timeout for dropping the tables (seen: 13.6 s for 8 s beside a starting Elasticsearch).
        assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(timeout.multipliedBy(3));
        assertThat(tables(clickhouse, config.collection()))
                .as("removed after the failure")
                .containsExactly(config.collection());
    }

    @Test
    void aBrokerRtbenchCannotReachFailsWithinTheTimeoutInOneLine() {
        TargetConfig config = config(clickhouse, uniqueCollection(), Map.of());
        String nowhere = "127.0.0.1:" + FreePorts.free();
        Duration timeout = Duration.ofSeconds(4);
        long startNanos = System.nanoTime();
        try (NativeIngest ingest = nativeIngest(config)) {
            assertThatThrownBy(() -> ingest.start(NativeIngest.Source.of(nowhere, "rtbench.events"), timeout))
                    .isInstanceOf(TargetException.class)
                    .hasMessageContaining("Kafka at " + nowhere + " did not answer within")
                    .hasMessageNotContaining("\n");
        }
        // a wait of minutes is what this guards against; a loaded machine adds seconds to the timeout
        assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(timeout.multipliedBy(3));
        assertThat(tables(clickhouse, config.collection())).containsExactly(config.collection());
    }

    @Test
    void aMissingTopicIsNamed() {
        TargetConfig config = config(clickhouse, uniqueCollection(), Map.of());
        String topic = "missing-" + UUID.randomUUID();
        try (NativeIngest ingest = nativeIngest(config)) {
            assertThatThrownBy(() -> ingest.start(NativeIngest.Source.of(kafka.address(), topic), START_TIMEOUT))
                    .isInstanceOf(TargetException.class)
                    .hasMessageContaining("topic '" + topic + "' does not exist")
                    .hasMessageContaining("create it");
        }
    }

    private NativeIngest nativeIngest(TargetConfig config) {
        return Targets.provider("clickhouse").nativeIngest(config).orElseThrow();
    }

    private static TargetConfig config(RunningServer ch, String collection, Map<String, String> options) {
        return new TargetConfig(
                "clickhouse", URI.create(ch.address()), collection, null, Duration.ofSeconds(10), options);
    }

    private static String uniqueCollection() {
        return "native_" + Long.toHexString(System.nanoTime());
    }

    private static long eventTime(long seq) {
        return FIRST_EVENT_MICROS + seq;
    }

    private static void awaitLanded(Target target, long generator, long events) {
        await().atMost(WAIT)
                .untilAsserted(
                        () -> assertThat(target.audit(generator).distinctSeqs()).isEqualTo(events));
    }

    private String newTopic(int partitions) {
        String topic = "native-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.address()))) {
            KafkaTopics.create(admin, new NewTopic(topic, partitions, (short) 1), Duration.ofSeconds(30));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return topic;
    }

    /** Sends the events and waits for every acknowledgement; returns the documents sent. */
    private List<byte[]> produce(String topic, EventGenerator generator, int events, long fromSeq) throws Exception {
        List<byte[]> documents = new ArrayList<>();
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                TestProducers.lossless(kafka.address()), new ByteArraySerializer(), new ByteArraySerializer())) {
            for (long seq = fromSeq; seq < fromSeq + events; seq++) {
                byte[] document = generator.next(eventTime(seq));
                documents.add(document);
                acks.add(producer.send(new ProducerRecord<>(topic, document)));
            }
        }
        for (Future<RecordMetadata> ack : acks) {
            ack.get();
        }
        return documents;
    }

    /** Records of the topic that the group has not committed (markers included). */
    private long lag(String group, String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.address()))) {
            return KafkaClients.lag(admin, group, topic);
        }
    }

    /** The tables of the collection and of its native ingestion in the default database. */
    private static List<String> tables(RunningServer ch, String collection) {
        String names = select(
                ch,
                "SELECT name FROM system.tables WHERE database = 'default' AND name LIKE '" + collection
                        + "%' FORMAT TSV");
        return names.isEmpty() ? List.of() : List.of(names.strip().split("\n"));
    }

    private static long count(RunningServer ch, String collection, String where) {
        return Long.parseLong(
                select(ch, "SELECT count() FROM `default`.`" + collection + "` WHERE " + where + " FORMAT TSV")
                        .strip());
    }

    private static String select(RunningServer ch, String sql) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(ch.address() + "/"))
                                    .POST(HttpRequest.BodyPublishers.ofString(sql))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return response.body();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
