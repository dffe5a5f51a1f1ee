package io.rtbench.core.mixed;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.mixed.ReadCandidates.Candidate;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * The reads of workload {@code mixed}, issued open-loop (docs/MEASUREMENT.md, "Reads under write load"): read k is
 * due at {@code start + k / rate} whatever became of the reads before it, is handed to a pool of reader threads at that
 * time, and its latency ({@code select}) runs from that intended time to its last row. A target that stalls for a
 * second therefore shows a second's worth of reads, each as late as it really was, instead of one slow read and a
 * pause in the schedule (coordinated omission). A read that fails or times out is counted and recorded at least at the
 * timeout; a read that finds no event old enough is skipped: counted, neither a success nor a failure.
 *
 * <p>Clocks, the wait and the pool are injected, so the schedule is testable without sleeping.
 */
public final class OpenLoopReads {

    /** Runs one read to its end; returns how many events it found. */
    @FunctionalInterface
    public interface Reader {
        long read(Candidate candidate) throws Exception;
    }

    /** Waits until the monotonic clock reaches a time (or returns early when interrupted). */
    @FunctionalInterface
    public interface Waiter {
        void awaitNanos(long deadlineNanos) throws InterruptedException;
    }

    /**
     * Counts of one phase: reads issued (handed to a reader), succeeded, failed, skipped, found nothing, and about an
     * event taken before (the ledger's order checked at run time; 0 unless it is broken).
     */
    public record Counts(long issued, long succeeded, long errors, long skipped, long empty, long repeated) {}

    private final ReadCandidates candidates;
    private final long readAgeMicros;
    private final long timeoutMicros;
    private final int maxPending;
    private final Reader reader;
    private final Executor pool;
    private final LongSupplier nanoClock;
    private final LongSupplier epochMicros;
    private final Waiter waiter;
    private final LatencyRecorder select;
    private final LongConsumer observer;
    private final LongAdder issued = new LongAdder();
    private final LongAdder succeeded = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder skipped = new LongAdder();
    private final LongAdder empty = new LongAdder();
    private final LongAdder repeated = new LongAdder();
    /** The ledger's place of the latest event taken; only the dispatcher thread touches it. */
    private long lastOffer = -1;

    private final AtomicLong pending = new AtomicLong();
    private final AtomicReference<String> lastError = new AtomicReference<>();
    /** Bumped by {@link #abandonPending()}: reads of an earlier generation no longer count when they finish. */
    private volatile int generation;

    /**
     * @param timeout a read's bound (the target's timeout): a failed read is recorded at least at it
     * @param maxPending reads handed to the pool and not finished at most; a read due beyond it is not started but
     *     counted as failed at the timeout (a target so slow that reads pile up would otherwise fill the memory)
     * @param observer each read's latency in µs, also of failed ones (Prometheus)
     */
    public OpenLoopReads(
            ReadCandidates candidates,
            Duration readAge,
            Duration timeout,
            int maxPending,
            Reader reader,
            Executor pool,
            LongSupplier nanoClock,
            LongSupplier epochMicros,
            Waiter waiter,
            LatencyRecorder select,
            LongConsumer observer) {
        this.candidates = candidates;
        this.readAgeMicros = readAge.toNanos() / 1000;
        this.timeoutMicros = timeout.toNanos() / 1000;
        this.maxPending = maxPending;
        this.reader = reader;
        this.pool = pool;
        this.nanoClock = nanoClock;
        this.epochMicros = epochMicros;
        this.waiter = waiter;
        this.select = select;
        this.observer = observer;
    }

    /** The intended time of read {@code k} (0-based) of a schedule starting at {@code startNanos}. */
    public static long intendedNanos(long startNanos, double readsPerSec, long k) {
        return startNanos + (long) (k * 1e9 / readsPerSec);
    }

    /**
     * Issues reads at their intended times from {@code startNanos} until {@code endNanos} or {@code stop}; returns the
     * number of reads due. Runs in the caller's thread (the dispatcher), which only waits and hands reads over.
     */
    public long dispatch(double readsPerSec, long startNanos, long endNanos, AtomicBoolean stop) {
        long k = 0;
        while (!stop.get()) {
            long intended = intendedNanos(startNanos, readsPerSec, k);
            if (intended - endNanos >= 0) {
                break;
            }
            try {
                waiter.awaitNanos(intended);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            if (stop.get()) {
                break;
            }
            k++;
            issue(intended);
        }
        return k;
    }

    private void issue(long intendedNanos) {
        Candidate candidate = candidates.take(epochMicros.getAsLong() - readAgeMicros);
        if (candidate == null) {
            skipped.increment();
            return;
        }
        issued.increment();
        if (candidate.offer() <= lastOffer) {
            repeated.increment();
        }
        lastOffer = candidate.offer();
        if (pending.incrementAndGet() > maxPending) {
            failed(intendedNanos, "more than " + maxPending + " reads pending: the target does not keep up");
            return;
        }
        int current = generation;
        try {
            pool.execute(() -> run(candidate, intendedNanos, current));
        } catch (RejectedExecutionException e) {
            failed(intendedNanos, "the reader pool is shut down");
        }
    }

    private void run(Candidate candidate, long intendedNanos, int issuedIn) {
        if (issuedIn != generation) {
            return; // abandoned while it waited for a reader: already counted as failed
        }
        long found;
        try {
            found = reader.read(candidate);
        } catch (Exception e) {
            failed(intendedNanos, e.getMessage() == null ? e.toString() : e.getMessage(), issuedIn);
            return;
        }
        succeeded(intendedNanos, found, issuedIn);
    }

    /** Accounts a finished read unless it was abandoned (synchronized with {@link #abandonPending}). */
    private synchronized void succeeded(long intendedNanos, long found, int issuedIn) {
        if (issuedIn != generation) {
            return;
        }
        long micros = (nanoClock.getAsLong() - intendedNanos) / 1000;
        select.recordMicros(micros);
        observer.accept(Math.max(0, micros));
        succeeded.increment();
        if (found == 0) {
            empty.increment();
        }
        pending.decrementAndGet();
    }

    private void failed(long intendedNanos, String reason) {
        failed(intendedNanos, reason, generation);
    }

    private synchronized void failed(long intendedNanos, String reason, int issuedIn) {
        if (issuedIn != generation) {
            return;
        }
        long micros = Math.max(timeoutMicros, (nanoClock.getAsLong() - intendedNanos) / 1000);
        select.recordMicros(micros);
        observer.accept(micros);
        errors.increment();
        lastError.set(reason);
        pending.decrementAndGet();
    }

    /**
     * The phase is over and the reads still pending will not be waited for: each is counted as failed and recorded at
     * the timeout (it has waited at least that long, or the caller would still be waiting), and none of them counts
     * when it finishes later. Called after {@link #dispatch} returned.
     */
    public synchronized long abandonPending() {
        generation++;
        long abandoned = pending.getAndSet(0);
        for (long i = 0; i < abandoned; i++) {
            select.recordMicros(timeoutMicros);
            observer.accept(timeoutMicros);
            errors.increment();
        }
        if (abandoned > 0) {
            lastError.set(abandoned + " reads still pending at the end of the phase");
        }
        return abandoned;
    }

    /** Reads handed over and not finished yet. */
    public long pending() {
        return pending.get();
    }

    public Counts counts() {
        return new Counts(issued.sum(), succeeded.sum(), errors.sum(), skipped.sum(), empty.sum(), repeated.sum());
    }

    /** Why the latest read failed; null when none did. */
    public String lastError() {
        return lastError.get();
    }

    /** Forgets the counts (the end of a warmup); the recorder is the engine's to reset. */
    public void resetCounts() {
        issued.reset();
        succeeded.reset();
        errors.reset();
        skipped.reset();
        empty.reset();
        repeated.reset();
        lastError.set(null);
    }
}
