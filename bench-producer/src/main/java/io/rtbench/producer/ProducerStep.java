package io.rtbench.producer;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.dml.ChangeHistory;
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
    private final PacingClock clock;

    ProducerStep(List<GeneratorLoop> loops, int docSizeBytes, PacingClock clock) {
        this.loops = List.copyOf(loops);
        this.docSizeBytes = docSizeBytes;
        this.clock = clock;
    }

    public List<Long> generatorIds() {
        return loops.stream().map(GeneratorLoop::generatorId).toList();
    }

    /**
     * Runs one phase of the engine: the prefill ({@link Rate#MAX}, up to its event count), a warmup or the measured
     * phase, at the phase's rate split evenly over the generators, from its start to its end, its event limit or its
     * stop flag.
     *
     * @return how the phase went: its wall-clock length and whether the generators kept their schedule
     */
    public PhaseOutcome run(Phase phase) {
        return run(
                phase.rate(),
                phase.batchSize(),
                phase.maxEvents(),
                phase.endNanos(),
                phase.measured(),
                phase.stop(),
                phase.startNanos());
    }

    private PhaseOutcome run(
            Rate rate,
            int batchSize,
            long maxEvents,
            long endNanos,
            boolean measured,
            AtomicBoolean stop,
            long startNanos) {
        int n = loops.size();
        double eventsPerSecond = rate.eventsPerSecond(docSizeBytes) / n;
        ExecutorService threads = Executors.newFixedThreadPool(n, DaemonThreads.named("rtbench-generator"));
        try {
            List<Future<GeneratorLoop.Share>> running = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                GeneratorLoop loop = loops.get(i);
                long share = PacingSettings.share(maxEvents, n, i);
                if (maxEvents > 0 && share == 0) {
                    continue;
                }
                // Phase-shifted so that the bursts of several generators interleave instead of coinciding.
                long phaseShiftNanos =
                        Double.isInfinite(eventsPerSecond) ? 0 : Math.round(batchSize * 1e9 / eventsPerSecond * i / n);
                Pacer pacer = new Pacer(clock, eventsPerSecond, batchSize, startNanos + phaseShiftNanos);
                running.add(threads.submit(() -> loop.run(pacer, batchSize, share, endNanos, measured, stop)));
            }
            long longestNanos = 0;
            long due = 0;
            long behind = 0;
            long lagNanos = 0;
            for (Future<GeneratorLoop.Share> generator : running) {
                GeneratorLoop.Share part = generator.get();
                longestNanos = Math.max(longestNanos, part.lengthNanos());
                due = saturatedAdd(due, part.eventsDue());
                behind = saturatedAdd(behind, part.eventsBehind());
                lagNanos = Math.max(lagNanos, part.lagNanos());
            }
            if (stop.get()) {
                return PhaseOutcome.unscheduled(seconds(clock.nanoTime() - startNanos));
            }
            return PhaseOutcome.of(seconds(longestNanos), due, behind, lagNanos / 1e6, (long) batchSize * n);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.set(true);
            return PhaseOutcome.unscheduled(seconds(clock.nanoTime() - startNanos));
        } catch (ExecutionException e) {
            stop.set(true);
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } finally {
            threads.shutdownNow();
        }
    }

    private static double seconds(long nanos) {
        return Math.max(1e-9, nanos / 1e9);
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /** Events produced per generator so far, prefill and warmup included ({@code _seq} 0 … n−1): for the audit. */
    public Map<Long, Long> producedByGenerator() {
        Map<Long, Long> produced = new TreeMap<>();
        loops.forEach(loop -> produced.put(loop.generatorId(), loop.producedEvents()));
        return produced;
    }

    /** Workload {@code dml}: what each generator changed, by generator; empty for workload {@code ingest}. */
    public Map<Long, ChangeHistory> changeHistories() {
        Map<Long, ChangeHistory> histories = new TreeMap<>();
        loops.forEach(loop -> {
            if (loop.changes() != null) {
                histories.put(loop.generatorId(), loop.changes());
            }
        });
        return histories;
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
