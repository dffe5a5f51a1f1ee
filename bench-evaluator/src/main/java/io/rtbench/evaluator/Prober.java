package io.rtbench.evaluator;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Probes each generator every {@code interval}, with a random phase per generator so that probes of many generators
 * spread over the interval instead of hitting the target together (and so that the probe times are not locked to the
 * producer's bursts).
 */
final class Prober implements AutoCloseable {

    private final Target target;
    private final EvaluatorMetrics metrics;
    private final EpochClock clock;
    private final Duration interval;
    private final Duration timeout;
    private final Random random;
    private final ScheduledExecutorService scheduler;
    private final Map<Long, Scheduled> probes = new ConcurrentHashMap<>();
    /** The phase whose samples the probes are (see {@link #within}); a probe due outside it is skipped. */
    private volatile Window window = new Window(System.nanoTime(), System.nanoTime() + Long.MAX_VALUE / 2);

    Prober(
            Target target,
            EvaluatorMetrics metrics,
            EpochClock clock,
            Duration interval,
            Duration timeout,
            Random random,
            int threads) {
        this.target = target;
        this.metrics = metrics;
        this.clock = clock;
        this.interval = interval;
        this.timeout = timeout;
        this.random = random;
        this.scheduler = Executors.newScheduledThreadPool(threads, DaemonThreads.named("rtbench-probe"));
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
            ChangeProbe changeProbe = changes != null && target instanceof Versioned versioned
                    ? new ChangeProbe(id, changes, versioned, metrics, clock, timeout.toNanos() / 1_000)
                    : null;
            long phaseNanos = (long) (random.nextDouble() * interval.toNanos());
            ScheduledFuture<?> future = scheduler.scheduleAtFixedRate(
                    () -> {
                        if (!window.holds(System.nanoTime())) {
                            return;
                        }
                        probe.record(probeOnce(id));
                        if (changeProbe != null) {
                            changeProbe.probe();
                        }
                    },
                    phaseNanos,
                    interval.toNanos(),
                    TimeUnit.NANOSECONDS);
            return new Scheduled(probe, future);
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
            scheduled.future().cancel(false);
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

    private record Scheduled(GeneratorProbe probe, ScheduledFuture<?> future) {}

    private record Window(long startNanos, long endNanos) {
        boolean holds(long nanos) {
            return nanos - startNanos >= 0 && nanos - endNanos < 0;
        }
    }
}
