package io.rtbench.connectors.writes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.testkit.StubTarget;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class InFlightWritesTest {

    private static final RetryPolicy RETRY =
            new RetryPolicy(Duration.ofMillis(100), Duration.ofMillis(400), Duration.ofSeconds(1));

    private final AtomicLong nanos = new AtomicLong();
    private final List<Long> backoffsMs = new CopyOnWriteArrayList<>();

    /** Writes on the caller's thread; a backoff moves the fake clock instead of sleeping. */
    private InFlightWrites<String> direct(Target target) {
        return new InFlightWrites<>(
                target,
                2,
                RETRY,
                (events, attempt, backoffMs, error) -> backoffsMs.add(backoffMs),
                Runnable::run,
                "test",
                nanos::get,
                millis -> nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis)));
    }

    /** A target whose writes do what the test says. */
    private static Target writing(Function<EventBatch, WriteResult> writes) {
        return StubTarget.builder().onWrite(writes).build();
    }

    private static EventBatch batch(int events) {
        return TestEvents.batch(1, 0, events, 1_700_000_000_000_000L);
    }

    @Test
    void aFailingWriteIsRetriedWithGrowingBackoffUntilTheTargetTakesIt() {
        AtomicInteger calls = new AtomicInteger();
        InFlightWrites<String> writes = direct(writing(batch -> {
            if (calls.incrementAndGet() <= 2) {
                throw new TargetException("down");
            }
            return WriteResult.allWritten(batch.size());
        }));

        writes.submit("a", batch(3));
        InFlightWrites.Completion<String> done = writes.poll();

        assertThat(done.succeeded()).isTrue();
        assertThat(done.tag()).isEqualTo("a");
        assertThat(done.result().written()).isEqualTo(3);
        assertThat(done.attempts()).isEqualTo(3);
        assertThat(backoffsMs).containsExactly(100L, 200L);
        assertThat(writes.inFlight()).isZero();
    }

    @Test
    void aWriteGivesUpAfterTheRetryTimeoutWithTheLastError() {
        AtomicInteger calls = new AtomicInteger();
        InFlightWrites<String> writes = direct(writing(batch -> {
            throw new TargetException("down #" + calls.incrementAndGet());
        }));

        writes.submit("a", batch(1));
        InFlightWrites.Completion<String> done = writes.poll();

        assertThat(done.succeeded()).isFalse();
        assertThat(done.error()).hasMessage("down #" + calls.get());
        assertThat(backoffsMs).containsExactly(100L, 200L, 400L, 400L);
        assertThat(done.failingNanos())
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1).toNanos());
    }

    @Test
    void afterStopRetryingAFailingWriteGivesUpAtOnce() {
        InFlightWrites<String> writes = direct(writing(batch -> {
            throw new TargetException("down");
        }));
        writes.stopRetrying();

        writes.submit("a", batch(1));

        assertThat(writes.poll().attempts()).isEqualTo(1);
        assertThat(backoffsMs).isEmpty();
    }

    @Test
    void atMostMaxInFlightWritesRunAtOnceAndTheyCompleteInTheOrderTheTargetFinishes() throws Exception {
        Map<Integer, CountDownLatch> release = new ConcurrentHashMap<>();
        CountDownLatch bothStarted = new CountDownLatch(2);
        StubTarget target = StubTarget.builder()
                .onWrite(batch -> {
                    bothStarted.countDown();
                    try {
                        release.get(batch.size()).await();
                    } catch (InterruptedException e) {
                        throw new TargetException("interrupted");
                    }
                    return WriteResult.allWritten(batch.size());
                })
                .build();
        release.put(1, new CountDownLatch(1));
        release.put(2, new CountDownLatch(1));
        try (InFlightWrites<String> writes = new InFlightWrites<>(target, 2, RETRY, (e, a, b, x) -> {}, "test")) {
            writes.submit("first", batch(1));
            writes.submit("second", batch(2));
            assertThat(writes.hasRoom()).isFalse();
            assertThatThrownBy(() -> writes.submit("third", batch(3))).isInstanceOf(IllegalStateException.class);
            bothStarted.await();

            release.get(2).countDown();
            assertThat(writes.await(Duration.ofSeconds(10)).tag()).isEqualTo("second");
            assertThat(writes.hasRoom()).isTrue();
            release.get(1).countDown();
            assertThat(writes.await(Duration.ofSeconds(10)).tag()).isEqualTo("first");
            assertThat(writes.await(Duration.ofMillis(1)))
                    .as("nothing in flight")
                    .isNull();
        }
        assertThat(target.mostWritesRunning()).isEqualTo(2);
    }
}
