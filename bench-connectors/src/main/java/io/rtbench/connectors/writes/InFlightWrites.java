package io.rtbench.connectors.writes;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Up to {@code maxInFlight} {@link Target#write} calls at once, each on a writer thread, so that a sink keeps the
 * database busy instead of waiting for each batch in turn (a plain writer with several bulks in flight is what a
 * database's own ceiling is measured with, docs/BENCHMARKS.md). A batch the target fails ({@link TargetException}) is
 * retried on its writer thread as the {@link RetryPolicy} says, never skipped; when it gives up, its completion says
 * why.
 *
 * <p>One owner thread submits batches and takes their completions, in the order the target finishes them, not the
 * order submitted: the owner keeps offsets in order with an {@link OffsetTracker}. Back-pressure is the owner's: it
 * submits only while {@link #hasRoom()}, otherwise it waits for a completion. Memory is bounded by
 * {@code maxInFlight} batches.
 *
 * @param <T> what the owner attaches to a batch, handed back with its completion
 */
public final class InFlightWrites<T> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(InFlightWrites.class);

    /** Writes in flight per consumer (or Connect task) unless configured. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 4;

    /** Called on a writer thread before each retry, after its log line (for counters). */
    public interface RetryListener {
        void retrying(int events, int attempt, long backoffMs, TargetException error);
    }

    /** How a writer thread waits between attempts; interrupted early by {@link #stopRetrying()}. */
    public interface Pause {
        void pause(long millis) throws InterruptedException;
    }

    /**
     * A finished write: either {@code result} (the target's answer) or {@code error} (the write gave up).
     *
     * @param writeNanos duration of the successful call (not of the retries before it)
     * @param attempts calls made, the successful one included
     * @param failingNanos for a write that gave up, how long it kept failing
     */
    public record Completion<T>(
            T tag,
            EventBatch batch,
            WriteResult result,
            long writeNanos,
            int attempts,
            RuntimeException error,
            long failingNanos) {

        public boolean succeeded() {
            return error == null;
        }
    }

    private final Target target;
    private final int maxInFlight;
    private final RetryPolicy retry;
    private final RetryListener listener;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final LongSupplier nanoClock;
    private final Pause pause;
    private final CountDownLatch stopRetrying = new CountDownLatch(1);
    private final BlockingQueue<Completion<T>> completions = new LinkedBlockingQueue<>();
    private int inFlight;

    /** Writes on threads of its own, named {@code <threadName>-1 … -maxInFlight}. */
    public InFlightWrites(
            Target target, int maxInFlight, RetryPolicy retry, RetryListener listener, String threadName) {
        this(target, maxInFlight, retry, listener, null, threadName, System::nanoTime, null);
    }

    /**
     * For tests: writes run on {@code executor} (e.g. the caller's thread), time comes from {@code nanoClock} and
     * backoff waits from {@code pause}.
     */
    public InFlightWrites(
            Target target,
            int maxInFlight,
            RetryPolicy retry,
            RetryListener listener,
            Executor executor,
            String threadName,
            LongSupplier nanoClock,
            Pause pause) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("writes in flight must be at least 1, got " + maxInFlight);
        }
        this.target = target;
        this.maxInFlight = maxInFlight;
        this.retry = retry;
        this.listener = listener;
        this.nanoClock = nanoClock;
        this.pause = pause != null ? pause : millis -> stopRetrying.await(millis, TimeUnit.MILLISECONDS);
        this.ownExecutor =
                executor == null ? Executors.newFixedThreadPool(maxInFlight, DaemonThreads.numbered(threadName)) : null;
        this.executor = executor == null ? ownExecutor : executor;
    }

    public int maxInFlight() {
        return maxInFlight;
    }

    /** Writes submitted whose completion was not taken yet. */
    public int inFlight() {
        return inFlight;
    }

    public boolean hasRoom() {
        return inFlight < maxInFlight;
    }

    /**
     * Starts writing a batch; returns at once.
     *
     * @throws IllegalStateException when {@link #hasRoom()} is false
     */
    public void submit(T tag, EventBatch batch) {
        if (!hasRoom()) {
            throw new IllegalStateException("already " + inFlight + " writes in flight");
        }
        inFlight++;
        executor.execute(() -> completions.add(write(tag, batch)));
    }

    /** A finished write, or null when none finished yet. */
    public Completion<T> poll() {
        return taken(completions.poll());
    }

    /** Waits at most {@code timeout} for a write to finish; null when none did. */
    public Completion<T> await(Duration timeout) throws InterruptedException {
        if (inFlight == 0) {
            return null;
        }
        return taken(completions.poll(timeout.toNanos(), TimeUnit.NANOSECONDS));
    }

    /** Hands every write that finished so far to {@code finished}, without waiting. */
    public void takeFinished(Consumer<Completion<T>> finished) {
        for (Completion<T> done = poll(); done != null; done = poll()) {
            finished.accept(done);
        }
    }

    /** Waits at most {@code timeout} for a write to finish and hands it to {@code finished}, if one did. */
    public void awaitFinished(Duration timeout, Consumer<Completion<T>> finished) throws InterruptedException {
        Completion<T> done = await(timeout);
        if (done != null) {
            finished.accept(done);
        }
    }

    private Completion<T> taken(Completion<T> completion) {
        if (completion != null) {
            inFlight--;
        }
        return completion;
    }

    /** From now on a write that fails gives up at once instead of retrying (the owner is stopping). */
    public void stopRetrying() {
        stopRetrying.countDown();
    }

    private Completion<T> write(T tag, EventBatch batch) {
        long firstNanos = nanoClock.getAsLong();
        long backoffMs = retry.firstBackoff().toMillis();
        for (int attempt = 1; ; attempt++) {
            try {
                long startNanos = nanoClock.getAsLong();
                WriteResult result = target.write(batch);
                return new Completion<>(tag, batch, result, nanoClock.getAsLong() - startNanos, attempt, null, 0);
            } catch (TargetException e) {
                long failingNanos = nanoClock.getAsLong() - firstNanos;
                if (failingNanos >= retry.timeout().toNanos() || stopRetrying.getCount() == 0) {
                    return new Completion<>(tag, batch, null, 0, attempt, e, failingNanos);
                }
                LOG.warn(
                        "write of {} events failed (attempt {}), retrying in {} ms: {}",
                        batch.size(),
                        attempt,
                        backoffMs,
                        e.getMessage());
                listener.retrying(batch.size(), attempt, backoffMs, e);
                try {
                    pause.pause(backoffMs);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return new Completion<>(tag, batch, null, 0, attempt, e, failingNanos);
                }
                backoffMs = retry.nextBackoffMs(backoffMs);
            } catch (RuntimeException | Error e) {
                // Not the target saying "not now" but a bug or a broken JVM: retrying would not help.
                RuntimeException error = e instanceof RuntimeException r ? r : new IllegalStateException(e);
                return new Completion<>(tag, batch, null, 0, attempt, error, nanoClock.getAsLong() - firstNanos);
            }
        }
    }

    /**
     * Stops the writer threads, interrupting writes still in flight (their completions are not waited for: the owner
     * takes every completion it needs before closing).
     */
    @Override
    public void close() {
        stopRetrying();
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
        }
    }
}
