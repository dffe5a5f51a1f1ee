package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.fault.Recovery;
import io.rtbench.core.fault.TimedSamples;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.testkit.FakeClock;
import io.rtbench.core.testkit.StubTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A probe never waits longer than {@code --probe-timeout} (docs/MEASUREMENT.md, "Freshness under faults"), against a
 * target whose calls block as a stopped database's do. The probes' time is the fake clock's, scheduler included, which
 * the test moves from one due probe to the next; the calls run on real threads, since a blocked call must block a
 * thread. Found with {@code rtbench run --fault target-pause@…}: a generator's probe waited for a PostgreSQL stopped for
 * 60 s despite a 5-s timeout, and the probes that fell due meanwhile were all sent when it continued.
 */
class ProbeTimeoutTest {

    private static final long G = 7;
    private static final long T0_MICROS = 1_764_000_004_000_000L;
    private static final Duration INTERVAL = Duration.ofSeconds(1);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** How old the newest event a call finds is. */
    private static final long EVENT_AGE_MICROS = 50_000;

    private final FakeClock clock = FakeClock.atEpochMicros(T0_MICROS);
    /** When each call reached the target, on the clock's nanosecond scale. */
    private final List<Long> calledAtNanos = new CopyOnWriteArrayList<>();
    /** Counted down to end the stall: every call made meanwhile blocks until then. */
    private volatile CountDownLatch stall = new CountDownLatch(0);

    private final StubTarget target = StubTarget.builder()
            .onProbe(generatorId -> {
                calledAtNanos.add(clock.nanoTime());
                try {
                    stall.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TargetException("interrupted");
                }
                return OptionalLong.of(clock.epochMicros() - EVENT_AGE_MICROS);
            })
            .build();

    private final EvaluatorMetrics metrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "stub");
    private final TimedSamples timed = metrics.keepTimedData();
    private final CountingPool calls = new CountingPool();
    private Prober prober;
    /** The generator's due times, drawn as the prober draws them (the same seed, its only use of the random). */
    private final List<Long> dueNanos = new ArrayList<>();

    @BeforeEach
    void start() {
        long startNanos = clock.nanoTime();
        prober = new Prober(
                target, metrics, clock, clock::nanoTime, INTERVAL, TIMEOUT, new Random(1), clock.scheduler(), calls);
        ProbeSchedule schedule = new ProbeSchedule(startNanos, INTERVAL.toNanos(), new Random(1));
        for (int i = 0; i < 100; i++) {
            dueNanos.add(schedule.dueNanos());
            schedule.advance();
        }
        prober.add(G);
    }

    @AfterEach
    void stop() {
        stall.countDown();
        prober.close();
        calls.shutdownNow();
    }

    /** Moves the clock to the {@code k}-th due probe (from 0) and waits until every call sent by then reached the target. */
    private void toDue(int k) {
        clock.advance(dueNanos.get(k) - clock.nanoTime());
        callsReached();
    }

    private void callsReached() {
        await().atMost(Duration.ofSeconds(10))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(1))
                .until(() -> calledAtNanos.size() == calls.submitted.get());
    }

    /** Waits until every call sent has returned and been taken in (a sample, or ignored). */
    private void callsReturned() {
        await().atMost(Duration.ofSeconds(10))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(1))
                .until(() -> calls.getCompletedTaskCount() == calls.submitted.get());
    }

    private long dataSamples() {
        return metrics.latencies().recorder(Metrics.DATA).total().getTotalCount();
    }

    /** Probes 0 and 1 are answered; from probe 2 on, every call blocks. */
    private void answerTwoThenStall() {
        toDue(0);
        toDue(1);
        callsReturned();
        assertThat(dataSamples()).isEqualTo(2);
        stall = new CountDownLatch(1);
    }

    private int lastDueBefore(long nanos) {
        int k = 0;
        while (dueNanos.get(k + 1) - nanos < 0) {
            k++;
        }
        return k;
    }

    @Test
    void aBlockedCallIsAFailedSampleAtItsTimeoutAndTheNextProbesGoOutOnSchedule() {
        answerTwoThenStall();
        long answeredMicros = dueNanos.get(1) / 1_000;
        long timesOutNanos = dueNanos.get(2) + TIMEOUT.toNanos();

        int last = lastDueBefore(timesOutNanos);
        for (int k = 2; k <= last; k++) {
            toDue(k);
        }
        // each probe reached the target at its due time, while the ones before it were still blocked
        assertThat(calledAtNanos).containsExactlyElementsOf(dueNanos.subList(0, last + 1));
        assertThat(last).as("probes sent within the first call's timeout").isGreaterThanOrEqualTo(5);
        assertThat(metrics.probeErrors()).isZero();

        clock.advance(timesOutNanos - clock.nanoTime());
        assertThat(metrics.probeErrors()).isEqualTo(1);
        assertThat(metrics.lastProbeError()).isEqualTo(ProbeOutcome.TOOK_LONGER);
        assertThat(dataSamples()).isEqualTo(3);
        // at the timeout, as old as the newest event seen before: as recorded when a call fails
        long atMicros = timesOutNanos / 1_000;
        long expectedDataMicros = atMicros - (answeredMicros - EVENT_AGE_MICROS);
        assertThat(timed.points()).last().isEqualTo(new Recovery.Point(atMicros, expectedDataMicros));
        assertThat(expectedDataMicros).isGreaterThanOrEqualTo(TIMEOUT.toNanos() / 1_000);
    }

    @Test
    void afterTwoUnansweredCallsTheDueProbesFailAtOnceWithoutACall() {
        answerTwoThenStall();
        long secondTimesOutNanos = dueNanos.get(3) + TIMEOUT.toNanos();
        int lastSent = lastDueBefore(secondTimesOutNanos);
        for (int k = 2; k <= lastSent; k++) {
            toDue(k);
        }
        int sent = calls.submitted.get();
        assertThat(sent).isEqualTo(lastSent + 1);

        int lastDue =
                lastDueBefore(dueNanos.get(lastSent) + Duration.ofSeconds(30).toNanos());
        toDue(lastDue);
        assertThat(calls.submitted).as("calls sent after two timed out").hasValue(sent);
        // every probe sent failed at its timeout by now, every later one at its due time
        assertThat(metrics.probeErrors()).isEqualTo(lastDue - 1);
        assertThat(metrics.lastProbeError()).isEqualTo(Prober.UNANSWERED);
        List<Long> failedAtMicros =
                timed.points().stream().skip(2).map(Recovery.Point::atMicros).toList();
        assertThat(failedAtMicros)
                .as("the probes not sent fail at their due time")
                .containsSubsequence(dueNanos.subList(lastSent + 1, lastDue + 1).stream()
                        .map(nanos -> nanos / 1_000)
                        .toList());
    }

    @Test
    void anAnswerAfterTheTimeoutIsIgnoredAndTheNextProbeIsSentAgain() {
        answerTwoThenStall();
        int lastDue = lastDueBefore(dueNanos.get(2) + Duration.ofSeconds(20).toNanos());
        for (int k = 2; k <= lastDue; k++) {
            toDue(k);
        }
        long errors = metrics.probeErrors();
        long samples = dataSamples();
        assertThat(errors).isEqualTo(lastDue - 1);

        stall.countDown();
        callsReturned();
        assertThat(metrics.probeErrors()).as("errors after the late answers").isEqualTo(errors);
        assertThat(dataSamples()).as("samples after the late answers").isEqualTo(samples);

        int sent = calls.submitted.get();
        toDue(lastDue + 1);
        callsReturned();
        assertThat(calls.submitted)
                .as("the first probe after the target answered")
                .hasValue(sent + 1);
        assertThat(dataSamples()).isEqualTo(samples + 1);
        assertThat(metrics.probeErrors()).isEqualTo(errors);
        assertThat(timed.points())
                .last()
                .isEqualTo(new Recovery.Point(dueNanos.get(lastDue + 1) / 1_000, EVENT_AGE_MICROS));
    }

    /** Before: close waited for the probe's thread as long as the timeout and a second, 6 s here. */
    @Test
    void closeDoesNotWaitForCallsPastTheirTimeout() {
        answerTwoThenStall();
        int lastDue = lastDueBefore(dueNanos.get(2) + Duration.ofSeconds(20).toNanos());
        for (int k = 2; k <= lastDue; k++) {
            toDue(k);
        }
        assertThat(calls.getActiveCount()).as("calls blocked").isGreaterThanOrEqualTo(2);
        long errors = metrics.probeErrors();

        long startNanos = System.nanoTime();
        prober.close();
        assertThat(Duration.ofNanos(System.nanoTime() - startNanos))
                .as("close with calls blocked past their timeout")
                .isLessThan(Duration.ofSeconds(3));
        assertThat(calls.isShutdown()).isTrue();
        callsReturned(); // close interrupted the blocked calls; their ends are ignored
        assertThat(metrics.probeErrors()).isEqualTo(errors);
    }

    /** The pool of calls, counting what the prober hands it. */
    private static final class CountingPool extends ThreadPoolExecutor {
        final AtomicInteger submitted = new AtomicInteger();

        CountingPool() {
            super(16, 16, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), DaemonThreads.numbered("test-probe-call"));
        }

        @Override
        public void execute(Runnable command) {
            submitted.incrementAndGet();
            super.execute(command);
        }
    }
}
