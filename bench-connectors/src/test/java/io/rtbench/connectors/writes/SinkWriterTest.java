package io.rtbench.connectors.writes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.testkit.StubTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The sinks' one write path without Kafka or Connect: batching, writes in flight, offsets acknowledged only after
 * their writes, rejected events and give-up (unit test). Writes run when the test says so, on its own thread, and a
 * retry's backoff moves a fake clock instead of sleeping.
 */
@Timeout(30)
class SinkWriterTest {

    private static final TopicPartition P0 = new TopicPartition("events", 0);
    private static final TopicPartition P1 = new TopicPartition("events", 1);
    private static final long T0 = 1_700_000_000_000_000L;
    private static final RetryPolicy RETRY =
            new RetryPolicy(Duration.ofMillis(100), Duration.ofMillis(400), Duration.ofSeconds(3));

    private final AtomicLong nanos = new AtomicLong();
    private final List<Runnable> started = new ArrayList<>();
    private final LatencyRecorder sinkWrite = new LatencyRecorder("sinkWrite");
    private final List<String> written = new ArrayList<>();
    private final AtomicInteger retries = new AtomicInteger();

    /** Counts what it is told, the way the bridge and the Connect task do. */
    private final SinkWriter.Owner<String> owner = new SinkWriter.Owner<>() {
        @Override
        public void written(EventBatch batch, List<String> sources, WriteResult result, long writeNanos) {
            written.add(result.written() + " of " + sources);
            result.failures().forEach(item -> written.add("rejected " + sources.get(item.index())));
        }

        @Override
        public void retrying(int events, int attempt, long backoffMs, TargetException error) {
            retries.incrementAndGet();
        }

        @Override
        public RuntimeException failure(String message, Throwable cause) {
            return new IllegalStateException(message, cause);
        }
    };

    /** Batches of {@code batchSize}, two writes in flight; a write starts only when {@link #run} says so. */
    private SinkWriter<String> writer(int batchSize, Function<EventBatch, WriteResult> target) {
        SinkWriter.Settings settings = new SinkWriter.Settings(
                "scripted",
                batchSize,
                2,
                RETRY,
                "test",
                started::add,
                () -> nanos.addAndGet(1_000_000),
                millis -> nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis)));
        return new SinkWriter<>(StubTarget.builder().onWrite(target).build(), settings, sinkWrite, owner);
    }

    private static WriteResult allWritten(EventBatch batch) {
        return WriteResult.allWritten(batch.size());
    }

    /** Offers record {@code seq} of partition {@code seq % 2} at offset {@code 100 + seq}, named "r<seq>". */
    private static boolean offer(SinkWriter<String> writer, int seq) {
        Event event = TestEvents.event(1, seq, T0 + seq);
        return writer.offer(seq % 2 == 0 ? P0 : P1, 100 + seq, event, "r" + seq);
    }

    /** Runs the write started {@code index}-th (from 0). */
    private void run(int index) {
        started.get(index).run();
    }

    @Test
    void batchesBySizeAndAcknowledgesOffsetsOnlyOnceWritten() {
        SinkWriter<String> writer = writer(2, SinkWriterTest::allWritten);

        assertThat(offer(writer, 0)).isFalse();
        assertThat(offer(writer, 1)).as("the second event closes the batch").isTrue();
        offer(writer, 2);
        assertThat(writer.hasOpenBatch()).isTrue();
        writer.seal();
        assertThat(writer.queued()).isEqualTo(2);

        assertThat(writer.submit(Duration.ZERO)).isTrue();
        assertThat(writer.inFlight()).isEqualTo(2);
        assertThat(writer.acknowledged()).as("nothing written yet").isEmpty();

        run(0);
        run(1);
        writer.takeFinished();
        assertThat(written).containsExactly("2 of [r0, r1]", "1 of [r2]");
        assertThat(writer.acknowledged())
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(103), P1, new OffsetAndMetadata(102)));
        assertThat(writer.takeAdvanced()).isEqualTo(writer.acknowledged());
        assertThat(writer.takeAdvanced()).isEmpty();
        assertThat(sinkWrite.total().getTotalCount()).isEqualTo(2);
        assertThat(sinkWrite.total().getMaxValue())
                .as("the fake clock's 1 ms per reading")
                .isBetween(990L, 1_010L);
    }

    @Test
    void aLaterBatchWrittenFirstIsNotAcknowledgedBeforeTheEarlierOne() {
        SinkWriter<String> writer = writer(2, SinkWriterTest::allWritten);
        for (int seq = 0; seq < 4; seq++) {
            offer(writer, seq);
        }
        writer.submit(Duration.ZERO);

        run(1);
        writer.takeFinished();
        assertThat(writer.acknowledged()).isEmpty();

        run(0);
        writer.takeFinished();
        assertThat(writer.acknowledged())
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(103), P1, new OffsetAndMetadata(104)));
    }

    @Test
    void recordsThatAreNotEventsMoveTheOffsetsWithoutAWrite() {
        SinkWriter<String> writer = writer(2, SinkWriterTest::allWritten);

        writer.offer(P0, 7, null, "stranger");
        writer.seal();

        assertThat(writer.queued()).isZero();
        assertThat(started).isEmpty();
        assertThat(writer.acknowledged()).isEqualTo(Map.of(P0, new OffsetAndMetadata(8)));
    }

    @Test
    void eventsTheTargetRejectsReachTheOwnerWithTheirSourceAndTheBatchIsAcknowledged() {
        SinkWriter<String> writer = writer(
                2,
                batch -> new WriteResult(
                        1, List.of(new WriteResult.ItemFailure(1, batch.get(1).id(), "mapper_parsing"))));
        offer(writer, 0);
        offer(writer, 1);
        writer.submit(Duration.ZERO);
        run(0);
        writer.takeFinished();

        assertThat(written).containsExactly("1 of [r0, r1]", "rejected r1");
        assertThat(writer.acknowledged())
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(101), P1, new OffsetAndMetadata(102)));
        assertThat(writer.gaveUp()).isNull();
    }

    @Test
    void aWriteThatGivesUpHoldsBackItsOffsetsAndNothingMoreIsHandedOn() {
        AtomicInteger calls = new AtomicInteger();
        SinkWriter<String> writer = writer(1, batch -> {
            if (batch.get(0).seq() == 0) {
                throw new TargetException(
                        "clickhouse at http://127.0.0.1:1: cannot connect #" + calls.incrementAndGet());
            }
            return allWritten(batch);
        });
        for (int seq = 0; seq < 4; seq++) {
            offer(writer, seq);
        }
        writer.submit(Duration.ZERO);
        run(1);
        run(0);
        writer.takeFinished();

        SinkWriter.GaveUp gaveUp = writer.gaveUp();
        assertThat(gaveUp.byTarget()).isTrue();
        assertThat(gaveUp.message(true))
                .isEqualTo("the target kept failing for 3 s (" + (calls.get() - 1)
                        + " retries); last error: clickhouse at http://127.0.0.1:1: cannot connect #" + calls.get());
        assertThat(gaveUp.message(false)).startsWith("the target kept failing for 3 s; last error: clickhouse");
        assertThat(retries.get()).isEqualTo(calls.get() - 1);
        assertThat(writer.acknowledged())
                .as("seq 1 is written, seq 0 holds back partition 0")
                .isEqualTo(Map.of(P1, new OffsetAndMetadata(102)));
        assertThat(writer.submit(Duration.ZERO)).as("done: it gave up").isTrue();
        assertThat(writer.queued()).as("seq 2 and 3 are never written").isEqualTo(2);
        writer.drain(Duration.ofMillis(1));
        assertThat(started).hasSize(2);
    }

    @Test
    void aWriteThatFailsWithSomethingElseGivesUpAtOnceNamingTheTarget() {
        SinkWriter<String> writer = writer(1, batch -> {
            throw new NullPointerException("bug");
        });
        offer(writer, 0);
        writer.submit(Duration.ZERO);
        run(0);
        writer.takeFinished();

        assertThat(writer.gaveUp().byTarget()).isFalse();
        assertThat(writer.gaveUp().message(true))
                .isEqualTo("writing to scripted failed: java.lang.NullPointerException: bug");
        assertThat(retries.get()).isZero();
    }

    @Test
    void withEveryWriterBusySubmitWaitsAtMostItsTimeAndLeavesTheBatchQueued() {
        SinkWriter<String> writer = writer(1, SinkWriterTest::allWritten);
        for (int seq = 0; seq < 3; seq++) {
            offer(writer, seq);
        }

        assertThat(writer.submit(Duration.ofMillis(20))).isFalse();
        assertThat(writer.inFlight()).isEqualTo(2);
        assertThat(writer.queued()).isEqualTo(1);

        run(0);
        assertThat(writer.submit(Duration.ofSeconds(10))).isTrue();
        assertThat(writer.queued()).isZero();
        run(1);
        run(2);
        writer.drain(Duration.ofSeconds(10));
        assertThat(writer.inFlight()).isZero();
        assertThat(writer.acknowledged())
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(103), P1, new OffsetAndMetadata(102)));
    }

    @Test
    void forgottenPartitionsAreNeverOfferedAgainNotEvenByTheOpenBatch() {
        SinkWriter<String> writer = writer(3, SinkWriterTest::allWritten);
        offer(writer, 0);
        offer(writer, 1);

        writer.forget(List.of(P1));
        writer.seal();
        writer.submit(Duration.ZERO);
        run(0);
        writer.takeFinished();

        assertThat(written).as("its events are still written").containsExactly("2 of [r0, r1]");
        assertThat(writer.acknowledged()).isEqualTo(Map.of(P0, new OffsetAndMetadata(101)));
    }

    @Test
    void anInterruptedWaitFailsTheWayTheOwnerFails() {
        SinkWriter<String> writer = writer(1, SinkWriterTest::allWritten);
        offer(writer, 0);
        writer.submit(Duration.ZERO);

        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> writer.awaitFinished(Duration.ofSeconds(10)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("interrupted while waiting for a write");
        assertThat(Thread.interrupted()).as("the interrupt is kept").isTrue();
    }
}
