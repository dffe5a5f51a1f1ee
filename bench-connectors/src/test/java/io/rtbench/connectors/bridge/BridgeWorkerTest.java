package io.rtbench.connectors.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.internals.AutoOffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The bridge's batching and at-least-once rules, with Kafka's MockConsumer and a scripted target (unit test). */
@Timeout(30)
class BridgeWorkerTest {

    private static final String TOPIC = "events";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final long T0 = 1_763_800_000_000_000L;

    private final Map<TopicPartition, OffsetAndMetadata> lastCommitted = new ConcurrentHashMap<>();

    /** Remembers the last commit: the worker closes its consumer when it stops. */
    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name()) {
        @Override
        public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            super.commitSync(offsets);
            lastCommitted.putAll(offsets);
        }
    };

    private final ScriptedTarget target = new ScriptedTarget();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final BridgeStats stats = new BridgeStats();

    private BridgeWorker worker(int batchSize, Duration retryTimeout) {
        BridgeSettings settings = new BridgeSettings(
                "127.0.0.1:9092",
                TOPIC,
                null,
                TargetConfig.of("scripted", URI.create("http://127.0.0.1:1")),
                batchSize,
                Duration.ofMillis(1),
                1,
                Map.of(),
                retryTimeout);
        return new BridgeWorker(settings, consumer, target, () -> T0 + 5_000, stats, stopping);
    }

    /** Assigns partition 0 and queues {@code events} records; the target stops the worker once all are handled. */
    private void feed(int events) {
        target.expectedEvents = events;
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0));
            consumer.updateBeginningOffsets(Map.of(P0, 0L));
            EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 7);
            for (int i = 0; i < events; i++) {
                consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, i, null, generator.next(T0 + i)));
            }
        });
    }

    @Test
    void writesInBatchesAndCommitsAfterEachAcknowledgedBatch() {
        feed(1_200);
        worker(500, Duration.ofSeconds(5)).run();

        assertThat(target.batchSizes).containsExactly(500, 500, 200);
        assertThat(target.committedWhenWritten).containsExactly(0L, 500L, 1_000L);
        assertThat(committed()).isEqualTo(1_200);
        assertThat(stats.written()).isEqualTo(1_200);
        assertThat(stats.kafkaHop().total().getTotalCount()).isEqualTo(1_200);
        assertThat(stats.sinkWrite().total().getTotalCount()).isEqualTo(3);
    }

    @Test
    void aFailingTargetIsRetriedAndNothingIsCommittedBeforeItAcknowledges() {
        target.failuresBeforeSuccess = 2;
        feed(100);
        worker(500, Duration.ofSeconds(30)).run();

        assertThat(stats.retries()).isEqualTo(2);
        assertThat(target.batchSizes).containsExactly(100);
        assertThat(target.committedWhenWritten).containsExactly(0L);
        assertThat(committed()).isEqualTo(100);
    }

    @Test
    void aTargetThatStaysDownStopsTheBridgeWithoutCommitting() {
        target.failuresBeforeSuccess = Integer.MAX_VALUE;
        feed(100);
        assertThatThrownBy(() -> worker(500, Duration.ofMillis(300)).run())
                .isInstanceOf(BridgeFailedException.class)
                .hasMessageContaining("kept failing")
                .hasMessageContaining("connection refused");
        assertThat(lastCommitted).isEmpty();
    }

    @Test
    void itemFailuresAreCountedNotRetried() {
        target.rejectFirstItem = true;
        feed(10);
        worker(500, Duration.ofSeconds(5)).run();
        assertThat(stats.failed()).isEqualTo(1);
        assertThat(stats.written()).isEqualTo(9);
        assertThat(stats.retries()).isZero();
        assertThat(committed()).isEqualTo(10);
    }

    @Test
    void aRecordThatIsNotAnEventIsCountedAndSkipped() {
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0));
            consumer.updateBeginningOffsets(Map.of(P0, 0L));
            consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 0, null, "{\"hello\":1}".getBytes()));
        });
        consumer.schedulePollTask(() -> {});
        consumer.schedulePollTask(() -> stopping.set(true));
        worker(500, Duration.ofSeconds(5)).run();
        assertThat(stats.failed()).isEqualTo(1);
        assertThat(stats.lastError()).contains("not an rtbench event");
        assertThat(target.batchSizes).isEmpty();
    }

    private long committed() {
        return lastCommitted.get(P0).offset();
    }

    /** A unit-test stand-in for a database: fails on cue and records what the bridge had committed at each write. */
    private final class ScriptedTarget implements Target {
        int failuresBeforeSuccess;
        boolean rejectFirstItem;
        int expectedEvents;
        int handled;
        final List<Integer> batchSizes = new ArrayList<>();
        final List<Long> committedWhenWritten = new ArrayList<>();

        @Override
        public WriteResult write(EventBatch batch) {
            if (failuresBeforeSuccess > 0) {
                failuresBeforeSuccess--;
                throw new TargetException("scripted target at http://127.0.0.1:1: connection refused");
            }
            batchSizes.add(batch.size());
            OffsetAndMetadata offset = lastCommitted.get(P0);
            committedWhenWritten.add(offset == null ? 0 : offset.offset());
            handled += batch.size();
            if (handled >= expectedEvents) {
                stopping.set(true);
            }
            if (rejectFirstItem) {
                return new WriteResult(
                        batch.size() - 1,
                        List.of(new WriteResult.ItemFailure(0, batch.get(0).id(), "mapper_parsing_exception")));
            }
            return WriteResult.allWritten(batch.size());
        }

        @Override
        public void ensureCollection() {}

        @Override
        public OptionalLong newestEventTimeMicros(long generatorId) {
            return OptionalLong.empty();
        }

        @Override
        public AuditCounts audit(long generatorId) {
            return AuditCounts.NONE;
        }

        @Override
        public String serverVersion() {
            return "scripted";
        }

        @Override
        public void close() {}
    }
}
