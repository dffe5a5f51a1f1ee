package io.rtbench.producer;

import io.rtbench.core.engine.Phase;
import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.pacing.Pacer;
import io.rtbench.core.pacing.PacingClock;
import io.rtbench.core.pacing.Rate;
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

    private final List<GeneratorLoop> loops;
    private final int docSizeBytes;

    ProducerStep(List<GeneratorLoop> loops, int docSizeBytes) {
        this.loops = List.copyOf(loops);
        this.docSizeBytes = docSizeBytes;
    }

    public List<Long> generatorIds() {
        return loops.stream().map(GeneratorLoop::generatorId).toList();
    }

    /**
     * Runs one phase of the engine: the prefill ({@link Rate#MAX}, up to its event count), a warmup or the measured
     * phase, at the phase's rate split evenly over the generators, from its start to its end, its event limit or its
     * stop flag.
     *
     * @return when the last generator stopped, on {@link System#nanoTime()}'s scale
     */
    public long run(Phase phase) {
        return run(
                phase.rate(),
                phase.batchSize(),
                phase.maxEvents(),
                phase.endNanos(),
                phase.measured(),
                phase.stop(),
                phase.startNanos());
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
