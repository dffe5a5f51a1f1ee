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

    private static final long START_LEAD_NANOS = 20_000_000;

    private final List<GeneratorLoop> loops;
    private final SinkFactory sinks;
    private final int docSizeBytes;
    private final PacingClock clock;

    ProducerStep(List<GeneratorLoop> loops, SinkFactory sinks, int docSizeBytes, PacingClock clock) {
        this.loops = List.copyOf(loops);
        this.sinks = sinks;
        this.docSizeBytes = docSizeBytes;
        this.clock = clock;
    }

    public List<Long> generatorIds() {
        return loops.stream().map(GeneratorLoop::generatorId).toList();
    }

    /** Writes {@code events} in all, as fast as possible, unmeasured, and waits until they are acknowledged. */
    public void prefill(long events, int batchSize, AtomicBoolean stop) {
        if (events > 0) {
            long startNanos = clock.nanoTime();
            // No end time: the prefill ends with its events (≈ 146 years of nanoseconds keeps the arithmetic safe).
            run(Rate.MAX, batchSize, events, startNanos + Long.MAX_VALUE / 2, false, stop, startNanos);
            sinks.flush();
        }
    }

    /**
     * A paced phase at {@code rate} (split evenly over the generators) for {@code duration} or until {@code maxEvents}
     * (0: no limit) or {@code stop}. It ends at its end time on the clock whatever the schedule says: a producer that
     * cannot reach the rate stops on time, behind its schedule, and the outcome says so.
     *
     * @param measured false for a warmup: nothing is recorded
     */
    public PhaseOutcome run(
            Rate rate, int batchSize, Duration duration, long maxEvents, boolean measured, AtomicBoolean stop) {
        // A paced phase starts a little after it is scheduled, so that every generator thread starts on time.
        long startNanos = clock.nanoTime() + (rate.isMax() ? 0 : START_LEAD_NANOS);
        long endNanos = startNanos + duration.toNanos();
        return run(rate, batchSize, maxEvents, endNanos, measured, stop, startNanos);
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
        ExecutorService threads = Executors.newFixedThreadPool(n, runnable -> {
            Thread thread = new Thread(runnable, "rtbench-generator");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<GeneratorLoop.Share>> running = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                GeneratorLoop loop = loops.get(i);
                long share = Workload.share(maxEvents, n, i);
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
