package io.rtbench.evaluator;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.engine.Step;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.mixed.OpenLoopReads;
import io.rtbench.core.mixed.ReadCandidates;
import io.rtbench.core.mixed.WindowSummaries;
import io.rtbench.core.result.StepReads;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.target.Readable;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The reads of workload {@code mixed} as a stage of the engine (docs/GUIDE.md, "Reads under write load"): from each
 * step's warmup to the end of its measured phase, a dispatcher thread issues reads open-loop at the step's read rate
 * ({@link OpenLoopReads}) to a pool of reader threads, each about an event the producer offered to the
 * {@link ReadCandidates} ledger at least {@code --read-age} ago. Records {@code select}, counts failed, skipped and empty
 * reads, and summarizes {@code select}, {@code data} and {@code sinkWrite} per {@code --window} from the engine's ticks.
 */
public final class ReadStage implements Stage {

    /** Prometheus name {@code rtbench_select_latency_seconds}: every read's latency, as a histogram. */
    public static final String SELECT_LATENCY = "rtbench.select.latency";

    /**
     * Reader threads at most: enough that one slow read does not hold up the next ones (200 reads/s of 100 ms each need
     * 20); idle ones end after a minute. Beyond them reads queue, and the queueing is in their latency.
     */
    static final int READER_THREADS = 32;

    private final Target target;
    private final MixedSettings settings;
    private final Duration timeout;
    private final int docSizeBytes;
    private final ReadCandidates candidates;
    private final LatencyRecorder select = new LatencyRecorder(Metrics.SELECT);
    private final ExecutorService readers;
    private final ExecutorService dispatcher;
    private final WindowSummaries windows;
    private final Timer timer;
    private OpenLoopReads reads;
    private double readsPerSec;
    private AtomicBoolean phaseStop = new AtomicBoolean();
    private Future<?> dispatching;

    /**
     * Opens the reads' own target (calls bounded by {@code timeout}); a target that cannot be reached, or whose driver
     * has no reads, fails the run at its start.
     */
    public ReadStage(
            TargetConfig target,
            MixedSettings settings,
            Duration timeout,
            int docSizeBytes,
            ReadCandidates candidates,
            MeterRegistry registry) {
        this.target = Targets.open(target.withTimeout(timeout));
        if (!(this.target instanceof Readable)) {
            this.target.close();
            throw new IllegalArgumentException(target.kind() + " has no reads (docs/TARGETS.md)");
        }
        this.settings = settings;
        this.timeout = timeout;
        this.docSizeBytes = docSizeBytes;
        this.candidates = candidates;
        this.windows = new WindowSummaries(settings.window(), Set.of(Metrics.SELECT, Metrics.DATA, Metrics.SINK_WRITE));
        this.timer = Timer.builder(SELECT_LATENCY)
                .description("A read's intended time (open-loop schedule) to its last row; failed reads at least at"
                        + " the timeout")
                .tags("target", target.kind(), "query", settings.readQuery().cliName())
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofMinutes(10))
                .register(registry);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(
                READER_THREADS,
                READER_THREADS,
                1,
                TimeUnit.MINUTES,
                new LinkedBlockingQueue<>(),
                DaemonThreads.named("rtbench-reader"));
        pool.allowCoreThreadTimeOut(true);
        this.readers = pool;
        this.dispatcher = Executors.newSingleThreadExecutor(DaemonThreads.named("rtbench-read-schedule"));
    }

    @Override
    public String name() {
        return "reads";
    }

    @Override
    public void beginStep(Step step) {
        double writesPerSec = step.rate() == null ? Double.NaN : step.eventsPerSecond(docSizeBytes);
        readsPerSec = settings.readsPerSec(writesPerSec);
        candidates.sampleFor(writesPerSec, readsPerSec);
        Readable readable = (Readable) target;
        reads = new OpenLoopReads(
                candidates,
                settings.readAge(),
                timeout,
                (int) Math.max(100, Math.min(1_000_000, readsPerSec * timeout.toSeconds() * 2)),
                candidate -> readable.read(settings.readQuery(), candidate.id(), candidate.userId()),
                readers,
                System::nanoTime,
                EpochClock.SYSTEM::epochMicros,
                ReadStage::parkUntil,
                select,
                micros -> timer.record(micros, TimeUnit.MICROSECONDS));
    }

    private static void parkUntil(long deadlineNanos) throws InterruptedException {
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    @Override
    public void startPhase(Phase phase) {
        if (phase.kind() == Phase.Kind.PREFILL || reads == null || !(readsPerSec > 0)) {
            return;
        }
        if (phase.measured()) {
            windows.start(phase.startNanos());
        }
        phaseStop = new AtomicBoolean();
        AtomicBoolean stop = phaseStop;
        OpenLoopReads current = reads;
        double rate = readsPerSec;
        dispatching = dispatcher.submit(() -> current.dispatch(rate, phase.startNanos(), phase.endNanos(), stop));
    }

    /**
     * Stops issuing and waits, bounded by the timeout, for the reads still running; those still pending then are
     * counted as failed ({@link OpenLoopReads#abandonPending}), so the step's counts add up.
     */
    @Override
    public void endPhase(Phase phase) {
        phaseStop.set(true);
        if (phase.measured()) {
            // reads still finishing after it are the last window's, not windows of their own
            windows.end(Math.min(System.nanoTime(), phase.endNanos()));
        }
        if (reads == null) {
            return;
        }
        if (dispatching != null) {
            try {
                // the dispatcher notices the stop at its next due read: a read interval away
                dispatching.get(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // counted below like any read still pending
            }
            dispatching = null;
        }
        long deadline = System.nanoTime() + timeout.toNanos() + TimeUnit.SECONDS.toNanos(1);
        while (reads.pending() > 0 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        reads.abandonPending();
    }

    /** The engine's tick (a {@link io.rtbench.core.engine.TickListener}): the second's intervals go to the windows. */
    public void tick(Map<String, Histogram> intervals, double eventsPerSecond) {
        windows.tick(intervals, System.nanoTime());
    }

    @Override
    public List<LatencyRecorder> recorders() {
        return List.of(select);
    }

    @Override
    public void resetMetrics() {
        select.reset();
        if (reads != null) {
            reads.resetCounts();
        }
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        Histogram interval = intervals.get(Metrics.SELECT);
        if (interval == null || interval.getTotalCount() == 0) {
            return reads == null || reads.counts().skipped() == 0 ? "" : "reads skipped (none old enough)";
        }
        return String.format(
                Locale.ROOT,
                "select p50 %.1f p99 %.1f ms",
                interval.getValueAtPercentile(50) / 1000.0,
                interval.getValueAtPercentile(99) / 1000.0);
    }

    @Override
    public void finishStep(StepResult.Builder step) {
        if (reads == null) {
            return;
        }
        OpenLoopReads.Counts counts = reads.counts();
        Long writes = step.events() == null ? null : step.events().produced();
        Double share = writes == null || counts.issued() + writes == 0
                ? null
                : counts.issued() / (double) (counts.issued() + writes);
        step.reads(new StepReads(
                settings.readQuery().cliName(),
                readsPerSec,
                counts.issued(),
                counts.succeeded(),
                counts.errors(),
                counts.skipped(),
                counts.empty(),
                counts.repeated(),
                writes,
                share,
                settings.window().toMillis() / 1000.0,
                windows.finish(System.nanoTime())));
    }

    /** Why the latest read failed, for messages; null when none did. */
    public String lastError() {
        return reads == null ? null : reads.lastError();
    }

    @Override
    public void close() {
        phaseStop.set(true);
        dispatcher.shutdownNow();
        readers.shutdownNow();
        target.close();
    }
}
