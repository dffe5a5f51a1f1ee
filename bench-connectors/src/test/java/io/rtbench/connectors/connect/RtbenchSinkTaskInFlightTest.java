package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.testkit.StubTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The task's writes in flight, on writer threads: commit order, back-pressure, flush and stop (unit test). */
@Timeout(30)
class RtbenchSinkTaskInFlightTest {

    private static final long GENERATOR = 42;
    private static final long EVENT_TIME_MICROS = 1_700_000_000_000_000L;
    private static final TopicPartition P0 = new TopicPartition("events", 0);
    private static final TopicPartition P1 = new TopicPartition("events", 1);
    private static final Map<TopicPartition, OffsetAndMetadata> ANY =
            Map.of(P0, new OffsetAndMetadata(999), P1, new OffsetAndMetadata(999));

    /** Writes starting at a held {@code _seq} wait until released. */
    private final Map<Long, CountDownLatch> gates = new ConcurrentHashMap<>();

    private volatile long delayMs;

    private final StubTarget target =
            StubTarget.builder().onWrite(this::gatedWrite).build();
    private final FakeSinkTaskContext context = new FakeSinkTaskContext(true);
    private final CountDownLatch writeTaken = new CountDownLatch(1);

    /** Writer threads that count down {@link #writeTaken} once a write's completion is queued for the task. */
    private final Executor writers = runnable -> new Thread(() -> {
                runnable.run();
                writeTaken.countDown();
            })
            .start();

    private WriteResult gatedWrite(EventBatch batch) {
        try {
            CountDownLatch gate = gates.get(batch.get(0).seq());
            if (gate != null) {
                gate.await();
            }
            if (delayMs > 0) {
                Thread.sleep(delayMs); // the database takes its time
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return WriteResult.allWritten(batch.size());
    }

    private void hold(long seq) {
        gates.put(seq, new CountDownLatch(1));
    }

    private void release(long seq) {
        gates.get(seq).countDown();
    }

    private RtbenchSinkTask task(int maxInFlight, Executor executor) {
        Map<String, String> settings = new HashMap<>();
        settings.put(RtbenchSinkConfig.TARGET_KIND, "null");
        settings.put(RtbenchSinkConfig.BATCH_SIZE, "2");
        settings.put(RtbenchSinkConfig.MAX_IN_FLIGHT, Integer.toString(maxInFlight));
        context.assignment.addAll(List.of(P0, P1));
        RtbenchSinkTask task = new RtbenchSinkTask(
                config -> target, () -> EVENT_TIME_MICROS, System::nanoTime, Map.of(), executor, null);
        task.initialize(context);
        task.start(settings);
        return task;
    }

    /** Records of one generator, seq {@code from..}, even seq on partition 0, odd on 1, offset 100 + seq. */
    private static List<SinkRecord> records(int from, int count) {
        List<SinkRecord> records = new ArrayList<>();
        for (int seq = from; seq < from + count; seq++) {
            Event event = TestEvents.event(GENERATOR, seq, EVENT_TIME_MICROS - seq * 1_000L);
            records.add(new SinkRecord("events", seq % 2, null, null, null, event.json(), 100 + seq));
        }
        return records;
    }

    @Test
    void aLaterBatchWrittenFirstIsNotOfferedBeforeTheEarlierOne() throws Exception {
        hold(0); // the batch starting at seq 0 waits; the one at seq 2 is written at once
        RtbenchSinkTask task = task(4, writers);

        task.put(records(0, 4));
        assertThat(writeTaken.await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(task.preCommit(ANY))
                .as("seq 2 and 3 are written, but 0 and 1 are not")
                .isEmpty();

        release(0);
        task.flush(ANY);
        assertThat(task.preCommit(ANY))
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(103), P1, new OffsetAndMetadata(104)));
        task.stop();
    }

    @Test
    void withEveryWriterBusyPutPausesThePartitionsAndResumesThemOnceTheBatchIsHandedOn() throws Exception {
        hold(0);
        hold(2);
        RtbenchSinkTask task = task(2, null);

        task.put(records(0, 6)); // three batches, two writers

        assertThat(target.writesRunning()).isEqualTo(2);
        assertThat(context.paused).containsExactlyInAnyOrder(P0, P1);
        assertThat(context.timeoutsMs).isNotEmpty().allMatch(ms -> ms <= 100);

        release(0);
        task.put(List.of()); // Connect calls again after the timeout the task asked for
        assertThat(context.paused).isEmpty();
        assertThat(context.pauses).containsExactly("pause [events-0, events-1]", "resume [events-0, events-1]");

        release(2);
        task.flush(ANY);
        assertThat(target.mostWritesRunning()).isEqualTo(2);
        assertThat(target.writtenEvents()).isEqualTo(6);
        task.stop();
    }

    @Test
    void flushAndStopWaitForTheWritesInFlight() {
        delayMs = 50;
        RtbenchSinkTask task = task(4, null);

        task.put(records(0, 6));
        task.flush(ANY);
        assertThat(task.preCommit(ANY))
                .as("everything put before the flush is written")
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(105), P1, new OffsetAndMetadata(106)));

        task.put(records(6, 4));
        task.stop();
        assertThat(target.writtenEvents()).isEqualTo(10);
        assertThat(target.closed()).isTrue();
    }
}
