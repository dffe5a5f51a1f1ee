package io.rtbench.core.mixed;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.target.TargetException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The open-loop schedule of workload mixed's reads, on a fake clock (docs/MEASUREMENT.md, "Reads under write load"). */
class OpenLoopReadsTest {

    private static final long MS = 1_000_000L;
    private static final long EPOCH_MICROS = 1_800_000_000_000_000L;

    /** The monotonic clock; the wall clock moves with it. */
    private final AtomicLong nanos = new AtomicLong();

    private final LatencyRecorder select = new LatencyRecorder("select");
    private final List<Long> observed = new ArrayList<>();

    private ReadCandidates candidates(int events, long eventTimeMicros) {
        ReadCandidates candidates = new ReadCandidates(1024);
        for (int i = 0; i < events; i++) {
            candidates.offer(i, i, i % 7, eventTimeMicros);
        }
        return candidates;
    }

    private OpenLoopReads reads(ReadCandidates candidates, OpenLoopReads.Reader reader, Duration timeout) {
        return new OpenLoopReads(
                candidates,
                Duration.ofSeconds(30),
                timeout,
                1000,
                reader,
                Runnable::run, // one reader, in the dispatcher's thread: a stall holds up the schedule itself
                nanos::get,
                () -> EPOCH_MICROS + nanos.get() / 1000,
                deadline -> nanos.accumulateAndGet(deadline, Math::max),
                select,
                observed::add);
    }

    /**
     * 100 reads/s; read 3 stalls for a second. The reads due during the stall start late, and each is recorded from
     * its intended time: the stall shows in ~100 samples, not in one (coordinated omission).
     */
    @Test
    void latencyRunsFromTheIntendedTimeSoAStallShowsInEveryReadItDelayed() {
        ReadCandidates candidates = candidates(500, 0);
        AtomicLong calls = new AtomicLong();
        OpenLoopReads reads = reads(
                candidates,
                candidate -> {
                    nanos.addAndGet(calls.incrementAndGet() == 3 ? 1000 * MS : MS);
                    return 1;
                },
                Duration.ofSeconds(5));

        long due = reads.dispatch(100, 0, 2000 * MS, new AtomicBoolean());

        assertThat(due).isEqualTo(200);
        Histogram total = select.total();
        assertThat(total.getTotalCount()).isEqualTo(200);
        // the stalled read: 1 s; the next one was due 10 ms after it, started 1 s later: ~990 ms
        assertThat(total.getMaxValue()).isBetween(999_000L, 1_002_000L);
        assertThat(observed.get(3)).isBetween(989_000L, 992_000L);
        // every read due during the stall waited: read k (k ≥ 3) ends at 1,020 + (k − 2) ms, was due at 10·k ms, so
        // reads 2 … 111 are above 11 ms, 9 ms less each, until the backlog is worked off
        assertThat(total.getCountBetweenValues(11_000, 2_000_000)).isEqualTo(110);
        assertThat(observed.get(50)).isBetween(567_000L, 569_000L);
        // after the backlog of due reads is worked off, latencies are back at the read's 1 ms
        assertThat(observed.get(199)).isLessThan(2_000L);
        OpenLoopReads.Counts counts = reads.counts();
        assertThat(counts.issued()).isEqualTo(200);
        assertThat(counts.succeeded()).isEqualTo(200);
        assertThat(counts.errors()).isZero();
        assertThat(counts.repeated()).isZero();
    }

    /** A closed loop would have issued ~100 reads in the same 2 s; the schedule issues all 200 whatever the reads do. */
    @Test
    void theScheduleDoesNotWaitForReads() {
        ReadCandidates candidates = candidates(500, 0);
        OpenLoopReads reads = reads(
                candidates,
                candidate -> {
                    nanos.addAndGet(20 * MS); // each read takes twice its slot
                    return 1;
                },
                Duration.ofSeconds(5));

        assertThat(reads.dispatch(100, 0, 2000 * MS, new AtomicBoolean())).isEqualTo(200);
        assertThat(reads.counts().issued()).isEqualTo(200);
        // read k starts at 20 ms × k, was due at 10 ms × k: the latency grows, as the queue in front of it does
        assertThat(observed.get(199)).isBetween(2_000_000L, 2_030_000L);
    }

    @Test
    void aFailedReadIsCountedAndRecordedAtLeastAtTheTimeout() {
        ReadCandidates candidates = candidates(10, 0);
        OpenLoopReads reads = reads(
                candidates,
                candidate -> {
                    nanos.addAndGet(MS);
                    if (candidate.offer() % 2 == 1) {
                        throw new TargetException("read timed out");
                    }
                    return 1;
                },
                Duration.ofSeconds(5));

        reads.dispatch(100, 0, 100 * MS, new AtomicBoolean());

        OpenLoopReads.Counts counts = reads.counts();
        assertThat(counts.issued()).isEqualTo(10);
        assertThat(counts.errors()).isEqualTo(5);
        assertThat(counts.succeeded()).isEqualTo(5);
        assertThat(select.total().getCountBetweenValues(5_000_000, 6_000_000)).isEqualTo(5);
        assertThat(reads.lastError()).contains("timed out");
    }

    /** Nothing old enough: the read is skipped, neither a success nor a failure, and not in select. */
    @Test
    void aReadWithNoEventOldEnoughIsSkipped() {
        // written "now": 30 s too young for --read-age 30s until the clock passes 30 s
        ReadCandidates candidates = candidates(1000, EPOCH_MICROS);
        OpenLoopReads reads = reads(candidates, candidate -> 1, Duration.ofSeconds(5));

        reads.dispatch(10, 0, 40_000 * MS, new AtomicBoolean());

        OpenLoopReads.Counts counts = reads.counts();
        assertThat(counts.skipped()).isEqualTo(300); // 0 … 29.9 s
        assertThat(counts.issued()).isEqualTo(100); // 30 … 39.9 s
        assertThat(select.total().getTotalCount()).isEqualTo(100);
        assertThat(counts.errors()).isZero();
    }

    @Test
    void aReadFindingNothingSucceedsAndIsCountedAsEmpty() {
        OpenLoopReads reads = reads(candidates(10, 0), candidate -> 0, Duration.ofSeconds(5));
        reads.dispatch(100, 0, 100 * MS, new AtomicBoolean());
        assertThat(reads.counts().succeeded()).isEqualTo(10);
        assertThat(reads.counts().empty()).isEqualTo(10);
    }

    /**
     * Reads still queued when the phase ends are counted as failed at the timeout, so the counts add up; when they run
     * later they count for nothing.
     */
    @Test
    void readsStillPendingAtTheEndAreFailedAtTheTimeoutAndDoNotCountLater() {
        List<Runnable> queued = new ArrayList<>();
        OpenLoopReads reads = new OpenLoopReads(
                candidates(10, 0),
                Duration.ofSeconds(30),
                Duration.ofSeconds(5),
                1000,
                candidate -> 1,
                queued::add, // a pool whose threads are all busy
                nanos::get,
                () -> EPOCH_MICROS,
                deadline -> nanos.accumulateAndGet(deadline, Math::max),
                select,
                observed::add);
        reads.dispatch(100, 0, 100 * MS, new AtomicBoolean());
        assertThat(reads.pending()).isEqualTo(10);

        assertThat(reads.abandonPending()).isEqualTo(10);
        queued.forEach(Runnable::run);

        OpenLoopReads.Counts counts = reads.counts();
        assertThat(counts.issued()).isEqualTo(10);
        assertThat(counts.errors()).isEqualTo(10);
        assertThat(counts.succeeded()).isZero();
        assertThat(reads.pending()).isZero();
        assertThat(select.total().getTotalCount()).isEqualTo(10);
        assertThat(select.total().getMinValue()).isGreaterThanOrEqualTo(4_995_000L);
        assertThat(reads.lastError()).contains("10 reads still pending");
    }

    /**
     * Real threads: four generators offer concurrently while a pool of eight readers reads at the schedule's pace; no
     * event is read twice, and every read is one the generators offered.
     */
    @Test
    void concurrentOffersAndReadersReadNoEventTwice() throws Exception {
        ReadCandidates candidates = new ReadCandidates(4096);
        Set<String> offered = ConcurrentHashMap.newKeySet();
        Set<String> read = ConcurrentHashMap.newKeySet();
        AtomicLong duplicates = new AtomicLong();
        ExecutorService generators = Executors.newFixedThreadPool(4);
        ExecutorService readers = Executors.newFixedThreadPool(8);
        try {
            for (int g = 0; g < 4; g++) {
                long generator = g;
                generators.execute(() -> {
                    for (long i = 0; i < 5000; i++) {
                        long msb = generator << 32 | i;
                        if (candidates.offer(msb, 7, i, 0)) {
                            offered.add(new java.util.UUID(msb, 7).toString());
                        }
                    }
                });
            }
            OpenLoopReads reads = new OpenLoopReads(
                    candidates,
                    Duration.ZERO,
                    Duration.ofSeconds(5),
                    100_000,
                    candidate -> {
                        if (!read.add(candidate.id())) {
                            duplicates.incrementAndGet();
                        }
                        return 1;
                    },
                    readers,
                    System::nanoTime,
                    () -> EPOCH_MICROS,
                    deadline -> {},
                    select,
                    micros -> {});
            // an instantaneous schedule (the wait does nothing): 200,000 reads as fast as the ledger fills
            reads.dispatch(1e6, 0, 200 * MS, new AtomicBoolean());
            readers.shutdown();
            assertThat(readers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            generators.shutdown();
            assertThat(generators.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            assertThat(duplicates.get()).isZero();
            assertThat(reads.counts().repeated()).isZero();
            assertThat(read).isNotEmpty();
            assertThat(offered).containsAll(read);
            assertThat(reads.counts().issued()).isEqualTo(read.size());
        } finally {
            generators.shutdownNow();
            readers.shutdownNow();
        }
    }
}
