package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.Step;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.testing.KafkaClients;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(ServersExtension.class)
class ProducerIT {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream statusOut = new ByteArrayOutputStream();

    private RunResult run(ProducerSettings settings, Path resultFile) {
        return ProduceCommand.run(settings, resultFile, new StatusLine(new PrintStream(statusOut, true), false));
    }

    private static ProducerSettings settings(
            RunningServer kafka,
            String topic,
            Rate rate,
            int generators,
            Duration duration,
            long maxEvents,
            long prefill) {
        KafkaDestination destination = new KafkaDestination(
                kafka.address(),
                topic,
                KafkaDestination.KeyMode.ID,
                Map.of(),
                3,
                topic + ".generators",
                Duration.ofSeconds(10),
                KafkaDestination.ValueFormat.JSON,
                Duration.ofSeconds(10));
        return new ProducerSettings(
                new PacingSettings(rate, 50, generators, duration, prefill, maxEvents),
                GeneratorSettings.withSeed(1),
                destination);
    }

    @Test
    void everyEventArrivesOnceWithGapFreeSequencesPerGenerator(@RealServer("kafka") RunningServer kafka) {
        String topic = "events-" + UUID.randomUUID();
        Path resultFile = dir.resolve("produce.json");
        RunResult result = run(
                settings(kafka, topic, Rate.ofEventsPerSecond(4_000), 2, Duration.ofSeconds(30), 3_000, 1_000),
                resultFile);

        List<ConsumerRecord<byte[], byte[]>> records = consumeAll(kafka, topic, 4_000);
        assertThat(records).hasSize(4_000);
        Map<Long, TreeSet<Long>> seqsByGenerator = new HashMap<>();
        Set<String> ids = new HashSet<>();
        for (ConsumerRecord<byte[], byte[]> record : records) {
            // The generator and the Kafka writer reuse one value and one key array: each record must still be its own
            // event.
            Event event = Event.parse(record.value());
            assertThat(new String(record.key())).isEqualTo(event.id());
            ids.add(event.id());
            assertThat(record.value()).hasSize(1250);
            seqsByGenerator
                    .computeIfAbsent(event.generatorId(), g -> new TreeSet<>())
                    .add(event.seq());
        }
        assertThat(ids).hasSize(4_000);
        assertThat(seqsByGenerator).hasSize(2);
        for (TreeSet<Long> seqs : seqsByGenerator.values()) {
            assertThat(seqs).hasSize(2_000); // 500 prefill + 1,500 measured each, no duplicate
            assertThat(seqs.first()).isZero();
            assertThat(seqs.last()).isEqualTo(1_999);
        }

        StepResult step = result.steps().get(0);
        assertThat(step.events().produced())
                .as("measured events only, not the prefill")
                .isEqualTo(3_000);
        assertThat(step.events().failed()).isZero();
        assertThat(step.latencyMs().get(Metrics.PRODUCE_ACK).count()).isEqualTo(3_000);
        assertThat(step.latencyMs().get(Metrics.SCHEDULE_DELAY).count()).isEqualTo(3_000);
        assertThat(step.docBytes().mean()).isEqualTo(1250.0);
        assertThat(result.complete()).isTrue();
        assertThat(ResultFiles.toJson(ResultFiles.read(resultFile))).isEqualTo(ResultFiles.toJson(result));
        assertThat(step.rate().achievedEventsPerSec()).isCloseTo(4_000.0, within(40.0));
        assertThat(resultFile.resolveSibling("produce.step-1.hlog")).exists();

        // Each generator announces itself at the start (again every heartbeat while it runs) and, with its event count
        // for the audit, at the end.
        List<GeneratorAnnouncement> announcements = consumeAll(kafka, topic + ".generators", 4).stream()
                .map(r -> GeneratorAnnouncement.fromJson(r.value()))
                .toList();
        assertThat(announcements)
                .extracting(GeneratorAnnouncement::generatorId)
                .containsOnlyElementsOf(seqsByGenerator.keySet())
                .hasSizeGreaterThanOrEqualTo(4);
        assertThat(announcements)
                .filteredOn(a -> a.producedEvents() != null)
                .extracting(GeneratorAnnouncement::producedEvents)
                .containsExactly(2_000L, 2_000L);
        assertThat(announcements).allSatisfy(a -> assertThat(a.topic()).isEqualTo(topic));

        // the user is told the ids that rtbench evaluate --generator-ids takes, before the first status line
        List<String> said = statusOut.toString(StandardCharsets.UTF_8).lines().toList();
        String generatorIds =
                seqsByGenerator.keySet().stream().map(String::valueOf).sorted().collect(Collectors.joining(","));
        assertThat(said.get(0)).startsWith("generators ").contains("(announced on " + topic + ".generators;");
        assertThat(Arrays.stream(said.get(0).split(" ")[1].split(",")).sorted().collect(Collectors.joining(",")))
                .isEqualTo(generatorIds);
    }

    @Test
    void jsonWithSchemaWrapsEachDocumentInConnectsEnvelopeWithAFlatStruct(@RealServer("kafka") RunningServer kafka)
            throws Exception {
        String topic = "schema-" + UUID.randomUUID();
        ProducerSettings plain =
                settings(kafka, topic, Rate.ofEventsPerSecond(2_000), 1, Duration.ofSeconds(30), 200, 0);
        KafkaDestination json = plain.kafka();
        KafkaDestination withSchema = new KafkaDestination(
                json.bootstrapServers(),
                json.topic(),
                json.key(),
                json.clientConfig(),
                json.partitions(),
                json.announceTopic(),
                json.connectTimeout(),
                KafkaDestination.ValueFormat.JSON_WITH_SCHEMA,
                json.connectTimeout());
        RunResult result = run(new ProducerSettings(plain.pacing(), plain.generator(), withSchema), null);

        List<ConsumerRecord<byte[], byte[]>> records = consumeAll(kafka, topic, 200);
        assertThat(records).hasSize(200);
        assertThat(result.scenario().settings()).containsEntry("valueFormat", "json-with-schema");
        try (JsonConverter converter = new JsonConverter()) {
            converter.configure(Map.of("schemas.enable", "true"), false);
            TreeSet<Long> seqs = new TreeSet<>();
            for (ConsumerRecord<byte[], byte[]> record : records) {
                SchemaAndValue data = converter.toConnectData(topic, record.value());
                assertThat(data.schema().fields())
                        .extracting(field -> field.name() + ":" + field.schema().type())
                        .containsExactly(
                                "_id:STRING",
                                "_event_time:INT64",
                                "generator_identifier:INT64",
                                "_seq:INT64",
                                "doc:STRING");
                Struct struct = (Struct) data.value();
                Event event = Event.parse(struct.getString("doc").getBytes(StandardCharsets.UTF_8));
                assertThat(struct.getString("_id")).isEqualTo(event.id()).isEqualTo(new String(record.key()));
                assertThat(struct.getInt64("_event_time")).isEqualTo(event.eventTimeMicros());
                assertThat(struct.getInt64("generator_identifier")).isEqualTo(event.generatorId());
                assertThat(struct.getInt64("_seq")).isEqualTo(event.seq());
                assertThat(event.json()).hasSize(1250);
                seqs.add(event.seq());
            }
            assertThat(seqs).hasSize(200).first().isEqualTo(0L);
        }
    }

    @Test
    void keyGeneratorKeysByGeneratorAndKeyNoneSendsNoKey(@RealServer("kafka") RunningServer kafka) {
        for (KafkaDestination.KeyMode mode :
                List.of(KafkaDestination.KeyMode.GENERATOR, KafkaDestination.KeyMode.NONE)) {
            String topic = "key-" + mode + "-" + UUID.randomUUID();
            ProducerSettings defaults =
                    settings(kafka, topic, Rate.ofEventsPerSecond(2_000), 1, Duration.ofSeconds(30), 200, 0);
            KafkaDestination id = defaults.kafka();
            KafkaDestination keyed = new KafkaDestination(
                    id.bootstrapServers(),
                    id.topic(),
                    mode,
                    id.clientConfig(),
                    id.partitions(),
                    id.announceTopic(),
                    id.connectTimeout(),
                    id.valueFormat(),
                    id.retryTimeout());
            run(new ProducerSettings(defaults.pacing(), defaults.generator(), keyed), null);

            List<ConsumerRecord<byte[], byte[]>> records = consumeAll(kafka, topic, 200);
            assertThat(records).as(mode.toString()).hasSize(200);
            for (ConsumerRecord<byte[], byte[]> record : records) {
                long generatorId = Event.parse(record.value()).generatorId();
                if (mode == KafkaDestination.KeyMode.GENERATOR) {
                    assertThat(ByteBuffer.wrap(record.key()).getLong()).isEqualTo(generatorId);
                    assertThat(record.partition()).isEqualTo(records.get(0).partition());
                } else {
                    assertThat(record.key()).isNull();
                }
            }
        }
    }

    @Test
    void theRateIsHonoured(@RealServer("kafka") RunningServer kafka) {
        String topic = "rate-" + UUID.randomUUID();
        RunResult result = run(settings(kafka, topic, Rate.parse("5MB/s"), 2, Duration.ofSeconds(4), 0, 0), null);
        StepResult step = result.steps().get(0);
        assertThat(step.rate().targetEventsPerSec()).isEqualTo(4_000.0);
        // Over the wall-clock 4 s: a producer still behind at the end (a stall on a loaded machine) shows here.
        assertThat(step.durationSec()).isBetween(3.99, 4.01);
        assertThat(step.rate().achievedEventsPerSec()).as("%s", step.schedule()).isCloseTo(4_000.0, within(40.0));
        assertThat(step.rate().achievedBytesPerSec()).isCloseTo(5e6, within(5e4));
        assertThat(step.events().produced()).isCloseTo(16_000L, org.assertj.core.data.Offset.offset(200L));
        assertThat(statusOut.toString()).contains("ev/s");
    }

    @Test
    void aWarmupIsSentButNotMeasured(@RealServer("kafka") RunningServer kafka) {
        String topic = "warmup-" + UUID.randomUUID();
        ProducerSettings plain = settings(kafka, topic, Rate.ofEventsPerSecond(2_000), 1, Duration.ofSeconds(2), 0, 0);
        ProducerSettings warmed = new ProducerSettings(
                new PacingSettings(
                        Rate.ofEventsPerSecond(2_000), 50, 1, Duration.ofSeconds(2), 0, 0, Duration.ofSeconds(1)),
                plain.generator(),
                plain.destination());

        RunResult result = run(warmed, null);

        StepResult step = result.steps().get(0);
        assertThat(step.events().produced()).as("the measured 2 s").isCloseTo(4_000L, within(100L));
        assertThat(step.latencyMs().get(Metrics.SCHEDULE_DELAY).count())
                .as("no warmup sample")
                .isEqualTo(step.events().produced());
        assertThat(result.scenario().settings()).containsEntry("warmup", "1s");
        List<ConsumerRecord<byte[], byte[]>> records = consumeAll(kafka, topic, 6_000);
        assertThat(records).as("warmup and measured events both sent").hasSizeBetween(5_900, 6_100);
    }

    /**
     * A run that ends early (another stage failed, or Ctrl-C) while its broker is gone: the producer's part ends within
     * a second.
     * Before, it waited for a generator blocked in a send (max.block.ms, a minute here), then for the acknowledgements
     * (Kafka's delivery.timeout.ms, 2 minutes). What was in flight is counted as failed, and is not the producer's own
     * failure: the run's one line names the stage that failed.
     */
    @Test
    void aPhaseStoppedWhileTheBrokerIsGoneIsNotWaitedFor(
            @OwnServer(value = "kafka", why = "stopped mid-phase") RunningServer kafka) throws Exception {
        String topic = "gone-" + UUID.randomUUID();
        KafkaDestination destination = new KafkaDestination(
                kafka.address(),
                topic,
                KafkaDestination.KeyMode.ID,
                Map.of(),
                1,
                topic + ".generators",
                Duration.ofSeconds(10),
                KafkaDestination.ValueFormat.JSON,
                Duration.ofMinutes(1));
        Rate rate = Rate.ofEventsPerSecond(2_000);
        ProducerSettings settings = new ProducerSettings(
                new PacingSettings(rate, 50, 1, Duration.ofMinutes(1), 0, 0),
                GeneratorSettings.withSeed(1),
                destination);
        AtomicBoolean stop = new AtomicBoolean();
        Phase phase = new Phase(Phase.Kind.MEASURED, rate, 50, System.nanoTime(), Duration.ofMinutes(1), 0, stop);
        try (ProducerStage stage = new ProducerStage(settings, EpochClock.SYSTEM, "gone")) {
            try (kafka) {
                stage.beginStep(new Step(1, rate, 50, Duration.ZERO, Duration.ofMinutes(1), 0));
                stage.startPhase(phase);
                await().atMost(Duration.ofSeconds(30)).until(() -> stage.stats().ackedEvents() > 2_000);
            }
            Thread.sleep(2_000); // the client lost the topic's metadata: the next send waits for it

            stop.set(true); // what the engine does when a stage failed
            long startNanos = System.nanoTime();
            stage.endPhase(phase);
            StepResult.Builder step = StepResult.builder().durationSec(1.0);
            stage.finishStep(step);
            Duration took = Duration.ofNanos(System.nanoTime() - startNanos);

            assertThat(took).isLessThan(Duration.ofSeconds(5));
            assertThat(stage.failure()).isEmpty();
            assertThat(step.events().failed()).as("dropped, and counted").isPositive();
        }
    }

    @Test
    void runningGeneratorsAreAnnouncedAgainEveryHeartbeatUntilTheirEnd(@RealServer("kafka") RunningServer kafka)
            throws Exception {
        String topic = "heartbeat-" + UUID.randomUUID();
        ProducerSettings settings = settings(kafka, topic, Rate.ofEventsPerSecond(100), 2, Duration.ofSeconds(1), 0, 0);
        try (ProducerSession session =
                new ProducerSession(settings, EpochClock.SYSTEM, "heartbeat-run", Duration.ofMillis(200))) {
            ProducerStep step = session.newStep(2);
            // the start and three heartbeats of each generator (every 200 ms: 0.6 s on an idle machine), however long
            // a loaded machine makes that take
            try (Admin admin = KafkaClients.admin(kafka.address())) {
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> KafkaClients.records(admin, topic + ".generators") >= 2 * 4);
            }
            session.finish(step);
            Thread.sleep(600); // a heartbeat after the end would come within this
        }

        Map<Long, List<GeneratorAnnouncement>> byGenerator = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> record : consumeAll(kafka, topic + ".generators", 8)) {
            GeneratorAnnouncement announcement = GeneratorAnnouncement.fromJson(record.value());
            byGenerator
                    .computeIfAbsent(announcement.generatorId(), id -> new ArrayList<>())
                    .add(announcement);
        }
        assertThat(byGenerator).hasSize(2);
        for (List<GeneratorAnnouncement> announcements : byGenerator.values()) {
            List<GeneratorAnnouncement> running = announcements.subList(0, announcements.size() - 1);
            assertThat(running)
                    .as("the start and a heartbeat every 200 ms until the end")
                    .hasSizeGreaterThanOrEqualTo(4)
                    .allSatisfy(a -> assertThat(a.producedEvents()).isNull());
            assertThat(announcements.get(announcements.size() - 1).producedEvents())
                    .as("the final announcement is the last: no heartbeat follows it")
                    .isZero();
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()))) {
            ConfigResource announceTopic = new ConfigResource(ConfigResource.Type.TOPIC, topic + ".generators");
            Config config =
                    admin.describeConfigs(List.of(announceTopic)).all().get().get(announceTopic);
            assertThat(config.get("cleanup.policy").value())
                    .as("only each generator's latest announcement is needed")
                    .isEqualTo("compact,delete");
        }
    }

    private static List<ConsumerRecord<byte[], byte[]>> consumeAll(RunningServer kafka, String topic, int expected) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "check-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            int idlePolls = 0;
            while (System.nanoTime() < deadline && (records.size() < expected || idlePolls < 3)) {
                int before = records.size();
                consumer.poll(Duration.ofMillis(300)).forEach(records::add);
                idlePolls = records.size() == before ? idlePolls + 1 : 0;
            }
        }
        return records;
    }
}
