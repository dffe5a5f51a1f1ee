package io.rtbench.producer;

import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.pacing.Pacer;
import io.rtbench.core.pacing.PacingClock;
import io.rtbench.core.pacing.Rate;
import io.rtbench.producer.sink.SinkFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The generators of one step and the phases they run: prefill (as fast as possible, unmeasured), warmup (paced,
 * discarded) and the measured phase (paced, recorded). Each generator runs on its own thread.
 */
public final class ProducerStep {

    /** A paced phase starts a little after it is scheduled, so that every generator thread starts on time. */
    private static final long START_LEAD_NANOS = 20_000_000;

    private final List<GeneratorLoop> loops;
    private final SinkFactory sinks;
    private final int docSizeBytes;

    ProducerStep(List<GeneratorLoop> loops, SinkFactory sinks, int docSizeBytes) {
        this.loops = List.copyOf(loops);
        this.sinks = sinks;
        this.docSizeBytes = docSizeBytes;
    }

    public List<Long> generatorIds() {
        return loops.stream().map(GeneratorLoop::generatorId).toList();
    }

    /** Writes {@code events} in all, as fast as possible, unmeasured, and waits until they are acknowledged. */
    public void prefill(long events, int batchSize, AtomicBoolean stop) {
        if (events > 0) {
            run(Rate.MAX, batchSize, events, Long.MAX_VALUE, false, stop, System.nanoTime());
            sinks.flush();
        }
    }

    /**
     * A paced phase at {@code rate} (split evenly over the generators) for {@code duration} or until {@code maxEvents}
     * (0: no limit) or {@code stop}.
     *
     * @param measured false for a warmup: nothing is recorded
     * @return the phase's length in seconds: the length of the pacing schedule (see {@link GeneratorLoop#run})
     */
    public double run(
            Rate rate, int batchSize, Duration duration, long maxEvents, boolean measured, AtomicBoolean stop) {
        long startNanos = System.nanoTime() + START_LEAD_NANOS;
        long endNanos = startNanos + duration.toNanos();
        long stoppedNanos = run(rate, batchSize, maxEvents, endNanos, measured, stop, startNanos);
        return Math.max(1e-9, (stoppedNanos - startNanos) / 1e9);
    }

    /** Returns when the last generator stopped: the end of the longest schedule, at most {@code endNanos}. */
    private long run(
            Rate rate,
            int batchSize,
            long maxEvents,
            long endNanos,
            boolean measured,
            AtomicBoolean stop,
            long startNanos) {
        int n = loops.size();
        double eventsPerSecond = rate.eventsPerSecond(docSizeBytes) / n;
        ExecutorService threads = Executors.newFixedThreadPool(n, runnable -> {
            Thread thread = new Thread(runnable, "rtbench-generator");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<Long>> running = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                GeneratorLoop loop = loops.get(i);
                long share = Workload.share(maxEvents, n, i);
                if (maxEvents > 0 && share == 0) {
                    continue;
                }
                // Phase-shifted so that the bursts of several generators interleave instead of coinciding.
                long phaseShiftNanos =
                        Double.isInfinite(eventsPerSecond) ? 0 : Math.round(batchSize * 1e9 / eventsPerSecond * i / n);
                Pacer pacer = new Pacer(PacingClock.SYSTEM, eventsPerSecond, batchSize, startNanos + phaseShiftNanos);
                running.add(threads.submit(() -> loop.run(pacer, batchSize, share, endNanos, measured, stop)));
            }
            long longestNanos = 0;
            for (Future<Long> generator : running) {
                longestNanos = Math.max(longestNanos, generator.get());
            }
            return stop.get() ? System.nanoTime() : Math.min(startNanos + longestNanos, endNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.set(true);
            return System.nanoTime();
        } catch (ExecutionException e) {
            stop.set(true);
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } finally {
            threads.shutdownNow();
        }
    }

    /** Events produced per generator so far, prefill and warmup included ({@code _seq} 0 … n−1): for the audit. */
    public Map<Long, Long> producedByGenerator() {
        Map<Long, Long> produced = new TreeMap<>();
        loops.forEach(loop -> produced.put(loop.generatorId(), loop.producedEvents()));
        return produced;
    }

    /** The newest {@code _event_time} each generator produced so far. */
    public Map<Long, Long> newestEventTimes() {
        Map<Long, Long> newest = new TreeMap<>();
        loops.forEach(loop -> newest.put(loop.generatorId(), loop.lastEventTimeMicros()));
        return newest;
    }

    /** Sizes of the documents of the measured phases. */
    public DocSizeStats docSizes() {
        DocSizeStats merged = new DocSizeStats();
        loops.forEach(loop -> merged.add(loop.docSizes()));
        return merged;
    }

    List<GeneratorLoop> loops() {
        return loops;
    }
}
