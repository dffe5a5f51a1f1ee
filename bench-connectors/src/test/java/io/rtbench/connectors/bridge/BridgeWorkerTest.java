package io.rtbench.connectors.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.testkit.StubTarget;
import java.net.URI;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.clients.consumer.internals.AutoOffsetResetStrategy;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bridge's batching, its writes in flight and its at-least-once rules, with Kafka's MockConsumer and a scripted
 * target (unit test). Record {@code i} of partition 0 is the event with {@code _seq} {@code i}, so the target can tell
 * at every commit whether every offset below it was written.
 */
@Timeout(30)
class BridgeWorkerTest {

    private static final String TOPIC = "events";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final long T0 = 1_763_800_000_000_000L;

    private final Map<TopicPartition, OffsetAndMetadata> lastCommitted = new ConcurrentHashMap<>();
    private final List<String> earlyCommits = new CopyOnWriteArrayList<>();
    /** How the target answers a write; by default, all written. */
    private volatile Function<EventBatch, WriteResult> script = batch -> WriteResult.allWritten(batch.size());
    /** Once this many events are acknowledged, the target stops the worker. */
    private volatile int expectedEvents;
    /** The {@code _seq}s the target acknowledged. */
    private final BitSet acknowledged = new BitSet();

    private final StubTarget target = StubTarget.builder().onWrite(this::write).build();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final BridgeStats stats = new BridgeStats();
    private final List<Duration> pollTimeouts = new CopyOnWriteArrayList<>();

    /**
     * Remembers the last commit (the worker closes its consumer when it stops) and checks each one; an empty poll waits
     * a little, as a real one would, instead of spinning.
     */
    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name()) {
        @Override
        public ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
            pollTimeouts.add(timeout);
            ConsumerRecords<byte[], byte[]> records = super.poll(timeout);
            if (records.isEmpty()) {
                LockSupport.parkNanos(Math.min(timeout.toNanos(), 2_000_000));
            }
            return records;
        }

        @Override
        public synchronized void commitAsync(
                Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
            OffsetAndMetadata p0 = offsets.get(P0);
            if (p0 != null && !wroteAllBelow(p0.offset())) {
                earlyCommits.add("committed " + p0.offset() + " before every event below it was written");
            }
            super.commitAsync(offsets, callback);
            lastCommitted.putAll(offsets);
        }
    };

    private BridgeWorker worker(int batchSize, int maxInFlight, Duration retryTimeout) {
        return worker(batchSize, Duration.ofMillis(1), maxInFlight, retryTimeout);
    }

    private BridgeWorker worker(int batchSize, Duration linger, int maxInFlight, Duration retryTimeout) {
        BridgeSettings settings = new BridgeSettings(
                "127.0.0.1:9092",
                TOPIC,
                null,
                TargetConfig.of("scripted", URI.create("http://127.0.0.1:1")),
                batchSize,
                linger,
                1,
                Map.of(),
                retryTimeout,
                maxInFlight,
                Duration.ofMillis(200));
        return new BridgeWorker(settings, () -> consumer, target, () -> T0 + 5_000, stats, stopping, "test");
    }

    /** Assigns partition 0 and queues {@code events} records; the target stops the worker once all are written. */
    private void feed(int events) {
        expectedEvents = events;
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
    void writesInBatchesAndCommitsOnlyWhatWasWritten() {
        feed(1_200);
        worker(500, 4, Duration.ofSeconds(5)).run();

        assertThat(batchSizes()).containsExactlyInAnyOrder(500, 500, 200);
        assertThat(earlyCommits).isEmpty();
        assertThat(committed()).isEqualTo(1_200);
        assertThat(stats.written()).isEqualTo(1_200);
        assertThat(stats.kafkaHop().total().getTotalCount()).isEqualTo(1_200);
        assertThat(stats.sinkWrite().total().getTotalCount()).isEqualTo(3);
    }

    /**
     * Kafka's consumer counts a poll's timeout in whole milliseconds: the last fraction of one before a batch's linger
     * ends would be {@code poll(0)}, which returns at once, again and again until the deadline (a quarter of the
     * bridge thread's CPU at 4,800 events/s, docs/BENCHMARKS.md).
     */
    @Test
    void aLingeringBatchIsPolledForInWholeMilliseconds() {
        feed(10);
        worker(500, Duration.ofMillis(20), 4, Duration.ofSeconds(5)).run();

        assertThat(batchSizes()).containsExactly(10);
        assertThat(pollTimeouts)
                .isNotEmpty()
                .allSatisfy(timeout -> assertThat(timeout.toNanos() % 1_000_000)
                        .as("%s is not whole milliseconds", timeout)
                        .isZero());
        assertThat(BridgeWorker.lingerLeftMillis(1)).isEqualTo(1);
        assertThat(BridgeWorker.lingerLeftMillis(1_000_000)).isEqualTo(1);
        assertThat(BridgeWorker.lingerLeftMillis(1_000_001)).isEqualTo(2);
        assertThat(BridgeWorker.lingerLeftMillis(0)).isZero();
        assertThat(BridgeWorker.lingerLeftMillis(-5)).isZero();
    }

    @Test
    void aLaterWriteThatFinishesFirstIsNotCommittedBeforeTheEarlierOne() throws Exception {
        CountDownLatch releaseFirst = new CountDownLatch(1);
        CompletableFuture<Void> secondWritten = new CompletableFuture<>();
        script = batch -> {
            if (batch.get(0).seq() == 0) {
                block(releaseFirst);
            } else {
                secondWritten.complete(null);
            }
            return WriteResult.allWritten(batch.size());
        };
        feed(1_000);
        Thread running = runInBackground(worker(500, 2, Duration.ofSeconds(5)));

        secondWritten.get();
        awaitPolls(3); // time for the worker to take the second write's completion and commit what it may
        assertThat(lastCommitted)
                .as("nothing before the first batch is written")
                .isEmpty();

        releaseFirst.countDown();
        running.join();
        assertThat(committed()).isEqualTo(1_000);
        assertThat(earlyCommits).isEmpty();
    }

    @Test
    void aWriteThatGivesUpHoldsBackEveryCommitAfterIt() {
        script = batch -> {
            if (batch.get(0).seq() == 0) {
                throw new TargetException("scripted target at http://127.0.0.1:1: connection refused");
            }
            return WriteResult.allWritten(batch.size());
        };
        feed(1_000);

        assertThatThrownBy(() -> worker(500, 2, Duration.ofMillis(300)).run())
                .isInstanceOf(BridgeFailedException.class)
                .hasMessageContaining("kept failing")
                .hasMessageContaining("connection refused");
        assertThat(stats.written()).as("the second batch was written").isEqualTo(500);
        assertThat(lastCommitted)
                .as("but not committed past the first, which was not")
                .isEmpty();
        assertThat(stats.retries()).isPositive();
    }

    @Test
    void writesInFlightAreBoundedAndReadingStopsAtTheLimit() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch threeRunning = new CountDownLatch(3);
        script = batch -> {
            threeRunning.countDown();
            block(release);
            return WriteResult.allWritten(batch.size());
        };
        consumer.setMaxPollRecords(100);
        feed(2_000);
        Thread worker = runInBackground(worker(100, 3, Duration.ofSeconds(5)));

        threeRunning.await();
        // The worker reads a fourth batch, then waits for a free writer without reading on.
        await().atMost(Duration.ofSeconds(20))
                .until(() -> stats.consumed() >= 400 && worker.getState() == Thread.State.TIMED_WAITING);
        assertThat(stats.consumed()).as("3 batches in flight and one waiting").isEqualTo(400);
        assertThat(target.writesRunning()).isEqualTo(3);

        release.countDown();
        worker.join();
        assertThat(target.mostWritesRunning()).isEqualTo(3);
        assertThat(stats.written()).isEqualTo(2_000);
        assertThat(committed()).isEqualTo(2_000);
        assertThat(earlyCommits).isEmpty();
    }

    @Test
    void aFailingTargetIsRetriedAndNothingIsCommittedBeforeItAcknowledges() {
        AtomicInteger failures = new AtomicInteger(2);
        script = batch -> {
            if (failures.getAndDecrement() > 0) {
                throw new TargetException("scripted target at http://127.0.0.1:1: connection refused");
            }
            return WriteResult.allWritten(batch.size());
        };
        feed(100);
        worker(500, 4, Duration.ofSeconds(30)).run();

        assertThat(stats.retries()).isEqualTo(2);
        assertThat(batchSizes()).containsExactly(100);
        assertThat(earlyCommits).isEmpty();
        assertThat(committed()).isEqualTo(100);
    }

    @Test
    void itemFailuresAreCountedNotRetried() {
        script = batch -> new WriteResult(
                batch.size() - 1,
                List.of(new WriteResult.ItemFailure(0, batch.get(0).id(), "mapper_parsing_exception")));
        feed(10);
        worker(500, 4, Duration.ofSeconds(5)).run();
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
        worker(500, 4, Duration.ofSeconds(5)).run();
        assertThat(stats.failed()).isEqualTo(1);
        assertThat(stats.lastError()).contains("not an rtbench event");
        assertThat(batchSizes()).isEmpty();
        assertThat(committed()).as("it is not read again").isEqualTo(1);
    }

    @Test
    void aBrokerThatDoesNotAnswerAtStartFailsTheWorkerWithinTheConnectTimeout() {
        MockConsumer<byte[], byte[]> unreachable = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name()) {
            @Override
            public Map<String, List<PartitionInfo>> listTopics(Duration timeout) {
                throw new TimeoutException("Timeout expired while fetching topic metadata");
            }
        };
        BridgeSettings settings = new BridgeSettings(
                "127.0.0.1:1",
                TOPIC,
                null,
                TargetConfig.of("scripted", URI.create("http://127.0.0.1:1")),
                500,
                Duration.ofMillis(1),
                1,
                Map.of(),
                Duration.ofSeconds(5),
                BridgeSettings.DEFAULT_MAX_IN_FLIGHT,
                Duration.ofSeconds(3));
        BridgeWorker worker = new BridgeWorker(settings, () -> unreachable, target, () -> T0, stats, stopping, "test");

        assertThatThrownBy(worker::run)
                .isInstanceOf(BridgeFailedException.class)
                .hasMessage("cannot reach Kafka at 127.0.0.1:1 within 3 s; check --bootstrap-servers and that the"
                        + " broker runs (TLS/SASL settings go in --kafka-config)");
        assertThat(unreachable.closed()).isTrue();
    }

    /**
     * Kafka gone at the end of a run: the worker stops without a commit that cannot be answered (before, it waited the
     * connect timeout for it twice: once stopping, once more as closing the consumer revoked its partitions). What it
     * wrote is read again, as after a crash.
     */
    @Test
    void aBrokerThatStoppedAnsweringIsNotWaitedForAtStop() throws Exception {
        AtomicBoolean gone = new AtomicBoolean();
        AtomicInteger unansweredAsks = new AtomicInteger();
        AtomicInteger commitsWhileGone = new AtomicInteger();
        MockConsumer<byte[], byte[]> losing = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name()) {
            @Override
            public ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
                LockSupport.parkNanos(Math.min(timeout.toNanos(), 2_000_000));
                return super.poll(Duration.ZERO);
            }

            @Override
            public Map<String, List<PartitionInfo>> listTopics(Duration timeout) {
                if (gone.get()) {
                    unansweredAsks.incrementAndGet();
                    throw new TimeoutException("Timeout expired while fetching topic metadata");
                }
                return super.listTopics(timeout);
            }

            @Override
            public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, Duration timeout) {
                if (gone.get()) {
                    commitsWhileGone.incrementAndGet();
                    throw new TimeoutException("Timeout of " + timeout.toMillis() + "ms expired before commit");
                }
                super.commitSync(offsets, timeout);
            }
        };
        losing.schedulePollTask(() -> {
            losing.rebalance(List.of(P0));
            losing.updateBeginningOffsets(Map.of(P0, 0L));
            EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 7);
            for (int i = 0; i < 100; i++) {
                losing.addRecord(new ConsumerRecord<>(TOPIC, 0, i, null, generator.next(T0 + i)));
            }
        });
        expectedEvents = Integer.MAX_VALUE; // this test stops the worker itself
        BridgeSettings settings = new BridgeSettings(
                "127.0.0.1:9092",
                TOPIC,
                null,
                TargetConfig.of("scripted", URI.create("http://127.0.0.1:1")),
                50,
                Duration.ofMillis(1),
                1,
                Map.of(),
                Duration.ofSeconds(20),
                BridgeSettings.DEFAULT_MAX_IN_FLIGHT,
                Duration.ofMillis(200));
        BridgeWorker worker =
                new BridgeWorker(settings, () -> losing, target, () -> T0 + 5_000, stats, stopping, "test");
        Thread running = runInBackground(worker);
        await().until(() -> wroteAllBelow(100));

        gone.set(true);
        await().until(() -> unansweredAsks.get() > 0); // after a second without a word, the worker asked
        stopping.set(true);
        worker.stop();
        running.join(10_000);

        assertThat(running.isAlive()).isFalse();
        assertThat(commitsWhileGone).hasValue(0);
        assertThat(losing.closed()).isTrue();
    }

    /**
     * Fault {@code sink-kill} (docs/MEASUREMENT.md, "Freshness under faults"): a killed worker ends at once with its
     * writes still in flight, commits nothing (not even on closing its consumer) and counts none of them written, so
     * that the next consumer of its partitions reads them again.
     */
    @Test
    void aKilledWorkerEndsWithoutWaitingForItsWritesOrCommitting() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        script = batch -> {
            block(release);
            return WriteResult.allWritten(batch.size());
        };
        feed(1_000);
        BridgeWorker worker = worker(500, 2, Duration.ofSeconds(5));
        Thread running = runInBackground(worker);
        await().atMost(Duration.ofSeconds(20)).until(() -> target.writesRunning() == 2);
        assertThat(worker.connected()).isTrue();
        assertThat(worker.assigned()).isTrue();

        stopping.set(true);
        worker.kill();
        running.join(10_000);

        assertThat(running.isAlive())
                .as("it did not wait for the writes in flight")
                .isFalse();
        assertThat(lastCommitted).as("nothing committed").isEmpty();
        assertThat(consumer.closed()).isTrue();
        assertThat(stats.written()).isZero();
        assertThat(stats.consumed()).isEqualTo(1_000);
        release.countDown();
    }

    /** The stand-in database: answers as {@link #script} says and stops the worker once all expected are written. */
    private WriteResult write(EventBatch batch) {
        WriteResult result = script.apply(batch);
        synchronized (acknowledged) {
            batch.events().forEach(event -> acknowledged.set((int) event.seq()));
            if (acknowledged.cardinality() >= expectedEvents) {
                stopping.set(true);
            }
        }
        return result;
    }

    private boolean wroteAllBelow(long offset) {
        synchronized (acknowledged) {
            return acknowledged.nextClearBit(0) >= offset;
        }
    }

    private List<Integer> batchSizes() {
        return target.writes().stream().map(EventBatch::size).toList();
    }

    private long committed() {
        return lastCommitted.get(P0).offset();
    }

    private Thread runInBackground(BridgeWorker worker) {
        Thread thread = new Thread(worker, "worker-under-test");
        thread.start();
        return thread;
    }

    /** Returns once the worker has started {@code polls} more polls. */
    private void awaitPolls(int polls) throws InterruptedException {
        CountDownLatch polled = new CountDownLatch(polls);
        for (int i = 0; i < polls; i++) {
            consumer.schedulePollTask(polled::countDown);
        }
        polled.await();
    }

    private static void block(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted");
        }
    }
}
