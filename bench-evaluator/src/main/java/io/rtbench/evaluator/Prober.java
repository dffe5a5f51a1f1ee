package io.rtbench.evaluator;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.target.Target;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Probes each generator about every {@code interval}, at drawn times ({@link ProbeSchedule}): so that the probes of
 * many generators spread over the interval instead of hitting the target together, and so that no probe time is locked
 * to the producer's bursts or the target's refresh.
 */
final class Prober implements AutoCloseable {

    private final Target target;
    private final EvaluatorMetrics metrics;
    private final EpochClock clock;
    /** Monotonic nanoseconds on the scale of the scheduler's delays: {@link System#nanoTime()} but in unit tests. */
    private final LongSupplier nanoTime;

    private final Duration interval;
    private final Duration timeout;
    private final Random random;
    private final ScheduledExecutorService scheduler;
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
            int threads) {
        this(
                target,
                metrics,
                clock,
                System::nanoTime,
                interval,
                timeout,
                random,
                Executors.newScheduledThreadPool(threads, DaemonThreads.named("rtbench-probe")));
    }

    /**
     * With the monotonic clock and the scheduler given, both of one fake time in a unit test, so that the test moves
     * the probes' time instead of sleeping through it (docs/TESTING.md, "Writing a test").
     */
    Prober(
            Target target,
            EvaluatorMetrics metrics,
            EpochClock clock,
            LongSupplier nanoTime,
            Duration interval,
            Duration timeout,
            Random random,
            ScheduledExecutorService scheduler) {
        this.target = target;
        this.metrics = metrics;
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.interval = interval;
        this.timeout = timeout;
        this.random = random;
        this.scheduler = scheduler;
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
            Scheduled scheduled =
                    new Scheduled(new ProbeSchedule(nanoTime.getAsLong(), interval.toNanos(), random), () -> {
                        probe.record(probeOnce(id));
                        if (changeProbe != null) {
                            changeProbe.probe();
                        }
                    });
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
                return new ProbeOutcome(requestMicros, responseMicros, newest, "probe took longer than the timeout");
            }
            return new ProbeOutcome(requestMicros, responseMicros, newest, null);
        } catch (RuntimeException e) {
            String reason =
                    e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            return new ProbeOutcome(requestMicros, clock.epochMicros(), ProbeOutcome.NOTHING_VISIBLE, reason);
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One generator's probes: each, when it has run, schedules the next at its drawn time. */
    private final class Scheduled implements Runnable {
        private final ProbeSchedule schedule;
        private final Runnable probe;
        private volatile boolean stopped;
        private volatile ScheduledFuture<?> next;

        Scheduled(ProbeSchedule schedule, Runnable probe) {
            this.schedule = schedule;
            this.probe = probe;
        }

        @Override
        public void run() {
            if (stopped) {
                return;
            }
            if (window.holds(nanoTime.getAsLong())) {
                probe.run();
            }
            schedule.advance();
            next();
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
