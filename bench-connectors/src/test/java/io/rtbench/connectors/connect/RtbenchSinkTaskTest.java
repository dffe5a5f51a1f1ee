package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.testkit.StubTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RtbenchSinkTaskTest {

    private static final long GENERATOR = 42;
    private static final long EVENT_TIME_MICROS = 1_700_000_000_000_000L;
    private static final long RECEIVED_MICROS = EVENT_TIME_MICROS + 25_000;
    private static final TopicPartition P0 = new TopicPartition("events", 0);
    private static final TopicPartition P1 = new TopicPartition("events", 1);

    @TempDir
    Path dir;

    private final StubTarget target = StubTarget.builder().build();
    private final AtomicLong nanos = new AtomicLong();
    private final FakeSinkTaskContext context = new FakeSinkTaskContext(true);
    private final List<Long> pausesMs = new ArrayList<>();

    private RtbenchSinkTask task(Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>();
        settings.put(RtbenchSinkConfig.TARGET_KIND, "null");
        settings.put(RtbenchSinkConfig.BATCH_SIZE, "2");
        settings.put(RtbenchSinkConfig.RETRY_BACKOFF_MS, "250");
        settings.put(RtbenchSinkConfig.RETRY_TIMEOUT_MS, "10000");
        settings.put("name", "it");
        settings.put(RtbenchSinkConfig.TASK_ID, "3");
        settings.putAll(extra);
        RtbenchSinkTask task = new RtbenchSinkTask(
                config -> target,
                () -> RECEIVED_MICROS,
                () -> nanos.addAndGet(2_000_000),
                Map.of(),
                Runnable::run,
                this::pause);
        task.initialize(context);
        task.start(settings);
        return task;
    }

    /** A backoff moves the fake clock instead of sleeping. */
    private void pause(long millis) {
        pausesMs.add(millis);
        nanos.addAndGet(millis * 1_000_000);
    }

    /** Records of one generator, seq {@code from..}, spread over partitions 0 and 1 (even seq on 0). */
    private static List<SinkRecord> records(int from, int count) {
        List<SinkRecord> records = new ArrayList<>();
        for (int seq = from; seq < from + count; seq++) {
            Event event = TestEvents.event(GENERATOR, seq, EVENT_TIME_MICROS - seq * 1_000L);
            records.add(new SinkRecord("events", seq % 2, null, null, null, event.json(), 100 + seq));
        }
        return records;
    }

    private static Map<TopicPartition, OffsetAndMetadata> current(long p0, long p1) {
        return Map.of(P0, new OffsetAndMetadata(p0), P1, new OffsetAndMetadata(p1));
    }

    @Test
    void startEnsuresTheCollection() {
        task(Map.of());
        assertThat(target.collectionEnsured()).isTrue();
    }

    @Test
    void putWritesInBatchesAndOffersTheOffsetsOfEverythingWritten() {
        RtbenchSinkTask task = task(Map.of());

        task.put(records(0, 5));

        assertThat(target.writes()).extracting(batch -> batch.size()).containsExactly(2, 2, 1);
        assertThat(target.writes().get(2).get(0).seq()).isEqualTo(4);
        assertThat(task.preCommit(current(999, 999)))
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(105), P1, new OffsetAndMetadata(104)));
    }

    @Test
    void aFailingTargetIsRetriedByTheTaskAndNothingIsCommittedBeforeItTakesTheBatch() {
        RtbenchSinkTask task = task(Map.of());
        task.put(records(0, 2));
        target.failNextWrite("opensearch at http://127.0.0.1:1: bulk failed: cannot connect");
        target.failNextWrite("opensearch at http://127.0.0.1:1: bulk failed: cannot connect");

        task.put(records(2, 3));

        assertThat(pausesMs).as("two retries, target.retry.backoff.ms apart").containsExactly(250L, 250L);
        assertThat(task.retries()).isEqualTo(2);
        assertThat(task.preCommit(current(999, 999)))
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(105), P1, new OffsetAndMetadata(104)));
        assertThat(task.metrics().kafkaHop().total().getTotalCount())
                .as("each record is received once")
                .isEqualTo(5);
        assertThat(task.metrics().sinkWrite().total().getTotalCount())
                .as("successful write calls")
                .isEqualTo(3);
    }

    @Test
    void aTargetFailingBeyondTheRetryTimeoutFailsTheTaskAndHoldsBackTheCommitsAfterIt() {
        RtbenchSinkTask task = task(Map.of(RtbenchSinkConfig.RETRY_TIMEOUT_MS, "3000"));
        task.put(records(0, 2));
        for (int i = 0; i < 20; i++) {
            target.failNextWrite("clickhouse at http://127.0.0.1:1: insert failed: cannot connect");
        }

        assertThatThrownBy(() -> task.put(records(2, 3)))
                .isInstanceOf(ConnectException.class)
                .isNotInstanceOf(RetriableException.class)
                .hasMessageMatching("the target kept failing for 3 s \\(1\\d retries\\); last error: clickhouse at .*")
                .hasMessageNotContaining("\n");
        assertThat(task.preCommit(current(999, 999)))
                .as("only the first put was written")
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(101), P1, new OffsetAndMetadata(102)));
    }

    @Test
    void eventsTheTargetRejectsAreReportedAndTheRestIsCommitted() {
        RtbenchSinkTask task = task(Map.of());
        List<SinkRecord> records = records(0, 2);
        target.rejectInNextWrite(1, "HTTP 400 mapper_parsing_exception");

        task.put(records);

        assertThat(context.reported).containsExactly(records.get(1));
        assertThat(context.reasons.get(0))
                .hasMessageContaining("null rejected event " + TestEvents.id(GENERATOR, 1))
                .hasMessageContaining("mapper_parsing_exception");
        assertThat(task.rejected()).isEqualTo(1);
        assertThat(task.preCommit(current(999, 999)))
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(101), P1, new OffsetAndMetadata(102)));
    }

    @Test
    void aRecordThatIsNotAnEventIsRejectedAndTheOthersAreWritten() {
        RtbenchSinkTask task = task(Map.of());
        List<SinkRecord> records = new ArrayList<>(records(0, 2));
        SinkRecord stranger =
                new SinkRecord("events", 0, null, null, null, "{\"hello\":1}".getBytes(StandardCharsets.UTF_8), 102);
        records.add(stranger);

        task.put(records);

        assertThat(target.writes()).hasSize(1);
        assertThat(target.writes().get(0).size()).isEqualTo(2);
        assertThat(context.reported).containsExactly(stranger);
        assertThat(context.reasons.get(0)).hasMessageContaining("events-0@102 is not an rtbench event");
        assertThat(task.preCommit(current(999, 999)))
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(103), P1, new OffsetAndMetadata(102)));
    }

    @Test
    void withoutAnErrantRecordReporterRejectionsAreOnlyCounted() {
        FakeSinkTaskContext noReporter = new FakeSinkTaskContext(false);
        RtbenchSinkTask task = new RtbenchSinkTask(
                config -> target, () -> RECEIVED_MICROS, nanos::get, Map.of(), Runnable::run, this::pause);
        task.initialize(noReporter);
        task.start(Map.of(RtbenchSinkConfig.TARGET_KIND, "null"));

        task.put(List.of(new SinkRecord("events", 0, null, null, null, null, 7)));

        assertThat(task.rejected()).isEqualTo(1);
        assertThat(target.writes()).isEmpty();
    }

    @Test
    void aTargetThatCannotBeReachedAtStartFailsTheTaskWithItsMessage() {
        StubTarget unreachable = StubTarget.builder()
                .onEnsureCollection(() -> {
                    throw new TargetException(
                            "postgres at postgresql://127.0.0.1:1/db: creating table failed: cannot connect");
                })
                .build();
        RtbenchSinkTask task = new RtbenchSinkTask(
                config -> unreachable, () -> RECEIVED_MICROS, nanos::get, Map.of(), Runnable::run, this::pause);
        task.initialize(context);

        assertThatThrownBy(() -> task.start(Map.of(RtbenchSinkConfig.TARGET_KIND, "postgres")))
                .isInstanceOf(ConnectException.class)
                .hasMessage("postgres at postgresql://127.0.0.1:1/db: creating table failed: cannot connect");
        assertThat(unreachable.closed()).isTrue();
    }

    @Test
    void revokedPartitionsAreNotOfferedForCommit() {
        RtbenchSinkTask task = task(Map.of());
        task.put(records(0, 4));

        task.close(List.of(P1));

        assertThat(task.preCommit(current(999, 999))).isEqualTo(Map.of(P0, new OffsetAndMetadata(103)));
    }

    @Test
    void theIntervalLogHoldsKafkaHopAndSinkWriteInMicroseconds() throws IOException {
        RtbenchSinkTask task = task(
                Map.of(RtbenchSinkConfig.METRICS_DIR, dir.toString(), RtbenchSinkConfig.METRICS_INTERVAL_MS, "60000"));
        task.put(records(0, 3));
        task.stop();

        Map<String, Histogram> byTag = read(dir.resolve("it-task3.hlog"));

        Histogram kafkaHop = byTag.get(Metrics.KAFKA_HOP);
        assertThat(kafkaHop.getTotalCount()).isEqualTo(3);
        assertThat(kafkaHop.getMinValue()).isBetween(24_900L, 25_100L); // seq 0: received 25 ms after
        assertThat(kafkaHop.getMaxValue()).isBetween(26_900L, 27_100L); // seq 2: 2 ms older
        Histogram sinkWrite = byTag.get(Metrics.SINK_WRITE);
        assertThat(sinkWrite.getTotalCount()).isEqualTo(2);
        assertThat(sinkWrite.getMaxValue()).isBetween(1_990L, 2_010L); // the fake clock's 2 ms per reading
        assertThat(target.closed()).isTrue();
    }

    @Test
    void aRestartedTaskWritesANewLogAndKeepsTheOldOne() throws IOException {
        Files.writeString(dir.resolve("it-task3.hlog"), "previous start\n");

        RtbenchSinkTask task = task(Map.of(RtbenchSinkConfig.METRICS_DIR, dir.toString()));
        task.stop();

        assertThat(Files.readString(dir.resolve("it-task3.hlog"))).isEqualTo("previous start\n");
        assertThat(dir.resolve("it-task3-1.hlog")).exists();
    }

    static Map<String, Histogram> read(Path hlog) throws IOException {
        Map<String, Histogram> byTag = new HashMap<>();
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        while (reader.hasNext()) {
            Histogram interval = (Histogram) reader.nextIntervalHistogram();
            if (interval == null) {
                break;
            }
            byTag.computeIfAbsent(interval.getTag(), tag -> new Histogram(3)).add(interval);
        }
        return byTag;
    }
}
