package io.rtbench.evaluator;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.target.Target;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Probes each generator about every {@code interval}, at drawn times ({@link ProbeSchedule}): so that the probes of
 * many generators spread over the interval instead of hitting the target together, and so that no probe time is locked
 * to the producer's bursts or the target's refresh.
 *
 * <p>A probe never waits longer than the timeout (docs/MEASUREMENT.md, "Freshness under faults"): the scheduler only
 * sends the probes and times them out, and the calls to the target run on a pool of their own. A probe is settled once
 * ({@link ProbeCall}), by the target's answer or at the timeout, whichever comes first: one that times out is a failed
 * sample at that moment even while its call is still blocked in a stopped database, the call's answer is ignored when
 * it comes, and the generator's next probe goes out on schedule.
 */
final class Prober implements AutoCloseable {

    /**
     * How many of a generator's calls may have timed out and still not returned before its due probes fail at once,
     * without a call ({@link #UNANSWERED}). One such call can be one slow query; two mean the target has stopped
     * answering. Each call still blocked holds a thread of the pool and a query in the target, and more of them would
     * all be answered at once when the target continues, saying nothing their failed samples do not: without a bound,
     * a pause of a minute at a 200-ms interval would leave 300 calls waiting per generator. Calls not yet past their
     * timeout are not counted, so a slow target that answers within the timeout keeps its samples.
     */
    static final int MOST_UNANSWERED = 2;

    static final String UNANSWERED =
            "not sent: the target has not answered the last " + MOST_UNANSWERED + " probes that timed out";

    private final Target target;
    private final EvaluatorMetrics metrics;
    private final EpochClock clock;
    /** Monotonic nanoseconds on the scale of the scheduler's delays: {@link System#nanoTime()} but in unit tests. */
    private final LongSupplier nanoTime;

    private final Duration interval;
    private final Duration timeout;
    private final Random random;
    private final ScheduledExecutorService scheduler;
    /** Runs the calls to the target, so that a call that blocks holds up neither the schedule nor its timeout. */
    private final ExecutorService calls;
    /** The calls to the target that have not returned, of every generator: {@link #close} waits for some of them. */
    private final Set<ProbeCall> inFlight = ConcurrentHashMap.newKeySet();

    private final Map<Long, Scheduled> probes = new ConcurrentHashMap<>();
    /** The phase whose samples the probes are (see {@link #within}); a probe due outside it is skipped. */
    private volatile Window window;

    Prober(
            Target target,
            EvaluatorMetrics metrics,
            EpochClock clock,
            Duration interval,
            Duration timeout,
            Random random,
            int callThreads) {
        this(
                target,
                metrics,
                clock,
                System::nanoTime,
                interval,
                timeout,
                random,
                Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-probe")),
                Executors.newFixedThreadPool(callThreads, DaemonThreads.numbered("rtbench-probe-call")));
    }

    /**
     * With the monotonic clock and the scheduler given, both of one fake time in a unit test, so that the test moves
     * the probes' time instead of sleeping through it (docs/TESTING.md, "Writing a test"), and the pool that runs the
     * calls to the target: the fake scheduler too for a target that answers at once, real threads for one that blocks.
     */
    Prober(
            Target target,
            EvaluatorMetrics metrics,
            EpochClock clock,
            LongSupplier nanoTime,
            Duration interval,
            Duration timeout,
            Random random,
            ScheduledExecutorService scheduler,
            ExecutorService calls) {
        this.target = target;
        this.metrics = metrics;
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.interval = interval;
        this.timeout = timeout;
        this.random = random;
        this.scheduler = scheduler;
        this.calls = calls;
        this.window = new Window(nanoTime.getAsLong(), nanoTime.getAsLong() + Long.MAX_VALUE / 2);
    }

    /** Starts probing a generator (no-op if it is already probed). */
    void add(long generatorId) {
        add(generatorId, null);
    }

    /**
     * Starts probing a generator; with {@code changes} (workload {@code dml}) also its updates and deletes, right after
     * its newest event, on the same schedule.
     */
    void add(long generatorId, ChangeHistory changes) {
        probes.computeIfAbsent(generatorId, id -> {
            GeneratorProbe probe = new GeneratorProbe(id, metrics, timeout.toNanos() / 1_000);
            ChangeProbe changeProbe = changes == null
                    ? null
                    : ChangeProbe.probed(target)
                            .map(versioned ->
                                    new ChangeProbe(id, changes, versioned, metrics, clock, timeout.toNanos() / 1_000))
                            .orElse(null);
            Scheduled scheduled = new Scheduled(
                    new ProbeSchedule(nanoTime.getAsLong(), interval.toNanos(), random), probe, changeProbe);
            scheduled.next();
            return scheduled;
        });
    }

    /**
     * Probes are sent only from {@code startNanos} until {@code endNanos} ({@link System#nanoTime()}'s scale), the
     * phase being measured, until the next call. A phase's samples are the probes sent within it: after its end the
     * producer has stopped and the newest visible event only grows older, which is no latency of that phase. The
     * engine tells the stages one after the other that a phase ended, some of them slowly (Connect's waits for its
     * tasks' next metrics interval), so the probe must not wait to be told.
     */
    void within(long startNanos, long endNanos) {
        window = new Window(startNanos, endNanos);
    }

    /** Stops probing a generator (e.g. at the end of its step). */
    void remove(long generatorId) {
        Scheduled scheduled = probes.remove(generatorId);
        if (scheduled != null) {
            scheduled.stop();
        }
    }

    /** How many generators are probed now. */
    int size() {
        return probes.size();
    }

    /** One probe: asks the target for the newest event time and times the round trip. Never throws. */
    ProbeOutcome probeOnce(long generatorId) {
        long requestMicros = clock.epochMicros();
        try {
            long newest = target.newestEventTimeMicros(generatorId).orElse(ProbeOutcome.NOTHING_VISIBLE);
            long responseMicros = clock.epochMicros();
            if (responseMicros - requestMicros > timeout.toNanos() / 1_000) {
                return new ProbeOutcome(requestMicros, responseMicros, newest, ProbeOutcome.TOOK_LONGER);
            }
            return new ProbeOutcome(requestMicros, responseMicros, newest, null);
        } catch (RuntimeException e) {
            String reason =
                    e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            return new ProbeOutcome(requestMicros, clock.epochMicros(), ProbeOutcome.NOTHING_VISIBLE, reason);
        }
    }

    /**
     * Stops the probes and waits for the calls still within their timeout, as long as the timeout and a second at most:
     * a call past its timeout is not waited for, its answer would be ignored (a blocked call's thread is a daemon).
     */
    @Override
    public void close() {
        scheduler.shutdownNow();
        calls.shutdownNow();
        long now = nanoTime.getAsLong();
        long waitNanos = inFlight.stream()
                .mapToLong(call -> call.timeoutDueNanos() - now)
                .max()
                .orElse(0);
        waitNanos = Math.max(0, Math.min(waitNanos, timeout.toNanos() + TimeUnit.SECONDS.toNanos(1)));
        try {
            calls.awaitTermination(waitNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One generator's probes: each, when it has been sent, schedules the next at its drawn time. */
    private final class Scheduled implements Runnable {
        private final ProbeSchedule schedule;
        private final GeneratorProbe probe;
        /** Workload {@code dml}: its updates and deletes, probed right after its newest event; else null. */
        private final ChangeProbe changeProbe;
        /** This generator's calls that timed out and have not returned (or, queued, not started). */
        private final AtomicInteger unanswered = new AtomicInteger();

        private volatile boolean stopped;
        private volatile ScheduledFuture<?> next;

        Scheduled(ProbeSchedule schedule, GeneratorProbe probe, ChangeProbe changeProbe) {
            this.schedule = schedule;
            this.probe = probe;
            this.changeProbe = changeProbe;
        }

        @Override
        public void run() {
            if (stopped) {
                return;
            }
            if (window.holds(nanoTime.getAsLong())) {
                send();
            }
            schedule.advance();
            next();
        }

        /** Sends a probe and times it out, without waiting for the target. */
        private void send() {
            long sentMicros = clock.epochMicros();
            if (unanswered.get() >= MOST_UNANSWERED) {
                failed(sentMicros, sentMicros, UNANSWERED);
                return;
            }
            ProbeCall call = new ProbeCall(sentMicros, nanoTime.getAsLong() + timeout.toNanos());
            inFlight.add(call);
            try {
                call.timeoutTask(scheduler.schedule(() -> timeOut(call), timeout.toNanos(), TimeUnit.NANOSECONDS));
                calls.execute(() -> call(call));
            } catch (RejectedExecutionException e) {
                inFlight.remove(call); // the prober is closing
            }
        }

        /** On the pool of calls: asks the target, unless the probe timed out while it waited for a thread. */
        private void call(ProbeCall call) {
            try {
                if (call.timedOut()) {
                    return;
                }
                ProbeOutcome outcome = probeOnce(probe.generatorId());
                if (call.answer()) {
                    probe.record(outcome);
                    if (changeProbe != null) {
                        changeProbe.probe();
                    }
                } // else answered after its timeout: no sample, the timeout was one
            } finally {
                inFlight.remove(call);
                if (call.timedOut()) {
                    unanswered.decrementAndGet();
                }
            }
        }

        private void timeOut(ProbeCall call) {
            if (call.timeOut()) {
                unanswered.incrementAndGet();
                failed(call.sentMicros(), clock.epochMicros(), ProbeOutcome.TOOK_LONGER);
            }
        }

        /** A probe not answered: failed at {@code settledMicros}, its changes' probe with it. */
        private void failed(long sentMicros, long settledMicros, String reason) {
            probe.record(new ProbeOutcome(sentMicros, settledMicros, ProbeOutcome.NOTHING_VISIBLE, reason));
            if (changeProbe != null) {
                changeProbe.unanswered(reason, settledMicros);
            }
        }

        /** Schedules the probe that is due next; a probe that ran late is followed at once, as at a fixed rate. */
        void next() {
            try {
                ScheduledFuture<?> future = scheduler.schedule(
                        this, Math.max(0, schedule.dueNanos() - nanoTime.getAsLong()), TimeUnit.NANOSECONDS);
                next = future;
                if (stopped) {
                    future.cancel(false);
                }
            } catch (RejectedExecutionException e) {
                // the prober is closing
            }
        }

        void stop() {
            stopped = true;
            ScheduledFuture<?> pending = next;
            if (pending != null) {
                pending.cancel(false);
            }
        }
    }

    private record Window(long startNanos, long endNanos) {
        boolean holds(long nanos) {
            return nanos - startNanos >= 0 && nanos - endNanos < 0;
        }
    }
}
