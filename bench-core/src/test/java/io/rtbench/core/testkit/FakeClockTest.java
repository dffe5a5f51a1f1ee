package io.rtbench.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The test kit's clock: what the tests that use it rely on (docs/TESTING.md, "Writing a test"). */
class FakeClockTest {

    private final FakeClock clock = new FakeClock(1_000_000_000L);
    private final ScheduledExecutorService scheduler = clock.scheduler();
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @Test
    void bothScalesMoveTogetherAndWaitingJumpsToTheDeadline() {
        FakeClock wall = FakeClock.atEpochMicros(1_764_000_000_000_000L);
        wall.advanceMicros(250);
        assertThat(wall.epochMicros()).isEqualTo(1_764_000_000_000_250L);
        wall.sleepUntilMicros(1_764_000_000_001_000L);
        wall.sleepUntilMicros(1_764_000_000_000_500L); // in the past: no move
        assertThat(wall.epochMicros()).isEqualTo(1_764_000_000_001_000L);
        assertThat(wall.sleptNanos()).isEqualTo(750_000);
        assertThat(wall.waits()).hasSize(2);
        assertThatThrownBy(() -> wall.advance(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSteppingClockMovesOnAfterEachReading() {
        FakeClock stepping = FakeClock.atEpochMicros(100).steppingPerReading(Duration.ofNanos(1_000));
        assertThat(List.of(stepping.epochMicros(), stepping.epochMicros(), stepping.epochMicros()))
                .containsExactly(100L, 101L, 102L);
    }

    @Test
    void scheduledTasksRunInOrderOfDueTimeOnlyWhenTheClockPassesIt() {
        scheduler.schedule(() -> ran.add("b at " + clock.nanoTime()), 20, TimeUnit.MILLISECONDS);
        scheduler.schedule(() -> ran.add("a at " + clock.nanoTime()), 10, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> cancelled = scheduler.schedule(() -> ran.add("never"), 5, TimeUnit.MILLISECONDS);
        cancelled.cancel(false);

        clock.advance(Duration.ofMillis(15));
        assertThat(ran).containsExactly("a at 1010000000");
        clock.advance(Duration.ofMillis(15));
        assertThat(ran).containsExactly("a at 1010000000", "b at 1020000000");
        assertThat(clock.nanoTime()).isEqualTo(1_030_000_000L);
    }

    @Test
    void aTaskThatMovesTheClockDoesNotRunTheNextOneInsideItself() {
        scheduler.schedule(
                () -> {
                    ran.add("first starts");
                    clock.advance(Duration.ofMillis(10)); // a round trip, past the second's due time
                    ran.add("first ends");
                },
                1,
                TimeUnit.MILLISECONDS);
        scheduler.schedule(() -> ran.add("second"), 2, TimeUnit.MILLISECONDS);

        clock.advance(Duration.ofMillis(5));

        assertThat(ran).containsExactly("first starts", "first ends", "second");
        assertThat(clock.nanoTime()).isEqualTo(1_011_000_000L);
    }

    @Test
    void periodicTasksRepeatAndShutdownNowDropsWhatIsQueuedOfThatSchedulerOnly() throws Exception {
        scheduler.scheduleAtFixedRate(() -> ran.add("rate"), 0, 10, TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(() -> ran.add("delay"), 5, 10, TimeUnit.MILLISECONDS);

        clock.advance(Duration.ofMillis(25));
        assertThat(ran).containsExactly("rate", "delay", "rate", "delay", "rate", "delay");

        assertThat(scheduler.shutdownNow()).hasSize(2);
        assertThat(scheduler.awaitTermination(1, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> scheduler.schedule(() -> {}, 1, TimeUnit.MILLISECONDS))
                .isInstanceOf(RejectedExecutionException.class);

        clock.scheduler().schedule(() -> ran.add("another scheduler"), 1, TimeUnit.MILLISECONDS);
        clock.advance(Duration.ofMillis(1));
        assertThat(ran).endsWith("another scheduler");
    }
}
