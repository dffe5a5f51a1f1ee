package io.rtbench.producer.destination;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.testkit.StubTarget;
import io.rtbench.producer.ProducerStats;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Direct mode's writes: in flight per generator, bounded, flushed; a burst cut short writes nothing (unit test). */
@Timeout(30)
class TargetWriterFactoryTest {

    private static final byte[] DOCUMENT = "{\"_id\":\"x\"}".getBytes(StandardCharsets.UTF_8);

    private final ProducerStats stats = new ProducerStats();
    private final CountDownLatch twoRunning = new CountDownLatch(2);
    /** Writes wait here once set. */
    private volatile CountDownLatch gate;
    /** Writes fail with this once set. */
    private volatile TargetException failure;

    private final StubTarget target =
            StubTarget.builder().onWrite(this::gatedWrite).build();

    private WriteResult gatedWrite(EventBatch batch) {
        twoRunning.countDown();
        try {
            if (gate != null) {
                gate.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted");
        }
        if (failure != null) {
            throw failure;
        }
        return WriteResult.allWritten(batch.size());
    }

    private static void burst(DestinationWriter writer, int events, long firstSeq) {
        writer.beginBurst(System.nanoTime(), true);
        for (int i = 0; i < events; i++) {
            writer.add(DOCUMENT, firstSeq + i, 1_700_000_000_000_000L);
        }
        writer.endBurst();
    }

    @Test
    void aBurstCutShortBeforeItsFirstEventWritesNothingAndFailsNothing() {
        try (TargetWriterFactory factory = new TargetWriterFactory(target, "gated", stats, 2)) {
            DestinationWriter writer = factory.forGenerator(1);
            writer.beginBurst(System.nanoTime(), true);
            writer.endBurst();
            factory.flush();
        }
        assertThat(target.writeCalls()).isZero();
        assertThat(stats.hasFailed()).isFalse();
    }

    @Test
    void aGeneratorKeepsItsWritesInFlightUpToTheLimitAndFlushWaitsForThem() throws Exception {
        gate = new CountDownLatch(1);
        try (TargetWriterFactory factory = new TargetWriterFactory(target, "gated", stats, 2)) {
            DestinationWriter writer = factory.forGenerator(1);
            burst(writer, 3, 0);
            burst(writer, 3, 3);
            assertThat(twoRunning.await(10, TimeUnit.SECONDS))
                    .as("the generator did not wait for its first write")
                    .isTrue();

            Thread third = new Thread(() -> burst(writer, 3, 6));
            third.start();
            while (third.getState() != Thread.State.WAITING) {
                Thread.onSpinWait(); // the third burst waits for a free slot
            }
            assertThat(target.writeCalls()).as("its write did not start").isEqualTo(2);

            gate.countDown();
            third.join();
            factory.flush();
            assertThat(stats.ackedEvents()).isEqualTo(9);
            assertThat(stats.produceAck().total().getTotalCount()).isEqualTo(9);
            assertThat(stats.sinkWrite().total().getTotalCount()).isEqualTo(3);
        }
        assertThat(target.mostWritesRunning()).isEqualTo(2);
        assertThat(target.closed()).isTrue();
    }

    @Test
    void aFailedWriteIsCountedAndStopsTheRun() {
        failure = new TargetException("gated at http://127.0.0.1:1: cannot connect");
        try (TargetWriterFactory factory = new TargetWriterFactory(target, "gated", stats, 2)) {
            burst(factory.forGenerator(1), 4, 0);
            factory.flush();
        }
        assertThat(stats.hasFailed()).isTrue();
        assertThat(stats.failed()).isEqualTo(4);
        assertThat(stats.firstFailure()).contains("cannot connect");
    }
}
