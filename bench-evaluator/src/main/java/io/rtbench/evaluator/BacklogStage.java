package io.rtbench.evaluator;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.fault.Recovery;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.metrics.ReadingRecorder;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink's backlog as a stage of the engine: the consumer lag of its group, sampled every second of a measured phase
 * (the step's backlog summary and the sustained test read it; each reading goes to the step's interval log under
 * {@link Metrics#BACKLOG}, which the report draws over time), read after a warmup (the engine extends a warmup while
 * the sink is behind) and between steps (one step's backlog must not spill into the next).
 */
public final class BacklogStage implements Stage {

    private static final Logger LOG = LoggerFactory.getLogger(BacklogStage.class);
    private static final long SAMPLE_MILLIS = 1_000;
    private static final long DRAIN_POLL_MILLIS = 500;

    /**
     * What a sink that keeps up holds by construction (docs/GUIDE.md, Concepts): a burst per generator that it has not
     * yet polled, and the events of its commit period, written but whose offsets are not yet committed.
     *
     * @param generators the run's generators, each with a burst in flight
     * @param commitPeriod how long the sink's committed offsets trail what it wrote: the bridge's linger, Connect's
     *     {@code offset.flush.interval.ms}
     */
    public record InFlight(int generators, Duration commitPeriod) {

        /** The events in flight at a batch size and a rate. */
        public long events(int batchSize, double eventsPerSec) {
            return (long) generators * batchSize + Math.round(eventsPerSec * commitPeriod.toNanos() / 1e9);
        }
    }

    private final BacklogSampler sampler;
    private final Duration drainTimeout;
    private final EvaluatorMetrics metrics;
    private final InFlight inFlight;
    private int batchSize;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-backlog"));
    private BacklogSeries series = new BacklogSeries();
    private final ReadingRecorder log = new ReadingRecorder(Metrics.BACKLOG);
    private ScheduledFuture<?> sampling;

    /**
     * @param drainTimeout how long to wait between steps for the sink to catch up
     * @param metrics where Prometheus finds the last sample
     * @param inFlight what the sink holds by construction; null where unknown (an evaluator on its own)
     */
    public BacklogStage(BacklogSampler sampler, Duration drainTimeout, EvaluatorMetrics metrics, InFlight inFlight) {
        this.sampler = sampler;
        this.drainTimeout = drainTimeout;
        this.metrics = metrics;
        this.inFlight = inFlight;
    }

    @Override
    public String name() {
        return "backlog";
    }

    @Override
    public void startPhase(Phase phase) {
        if (phase.measured()) {
            series = new BacklogSeries();
            batchSize = phase.batchSize();
            sampling = timer.scheduleAtFixedRate(this::sample, 0, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void sample() {
        try {
            long lag = sampler.lag();
            long atMillis = System.currentTimeMillis();
            series.add(atMillis, lag);
            log.record(atMillis, lag);
            metrics.backlog(lag);
        } catch (Exception e) {
            LOG.warn("backlog sample failed: {}", e.toString());
        }
    }

    /**
     * Stops sampling and, as a measured phase ends, takes one sample more: the backlog where the step ended, so that a
     * 2-s step has three samples (0, 1 and 2 s) and a slope with a standard error, whatever the timer's last tick did.
     */
    @Override
    public void endPhase(Phase phase) {
        if (sampling != null) {
            sampling.cancel(false);
            sampling = null;
            if (phase.measured() && !phase.stop().get()) {
                try {
                    timer.submit(this::sample).get(); // after a tick in progress: the timer has one thread
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException e) {
                    LOG.warn("backlog sample failed: {}", e.getCause().toString());
                }
            }
        }
    }

    /** The readings of the current (or last) measured phase, for the figures of faults. */
    public List<Recovery.Point> backlogPoints() {
        return series.points();
    }

    /** Each reading of a measured phase, for the step's interval log. */
    @Override
    public List<ReadingRecorder> readings() {
        return List.of(log);
    }

    @Override
    public OptionalLong backlogEvents() {
        try {
            return OptionalLong.of(sampler.lag());
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        return series.size() == 0 ? "" : String.format(java.util.Locale.ROOT, "backlog %,d", series.last());
    }

    /**
     * The backlog's summary, with what is in flight at the achieved rate: the producing stage, added to the run before
     * this one, has set it.
     */
    @Override
    public void finishStep(StepResult.Builder step) {
        StepResult.Backlog summary = series.summary();
        if (summary != null && inFlight != null && step.rate() != null) {
            summary =
                    summary.withInFlight(inFlight.events(batchSize, step.rate().achievedEventsPerSec()));
        }
        step.backlog(summary);
    }

    /** Waits until the sink has caught up, at most the drain timeout. */
    @Override
    public void settleBetweenSteps(BooleanSupplier stopped) {
        long deadline = System.nanoTime() + drainTimeout.toNanos();
        try {
            while (!stopped.getAsBoolean() && System.nanoTime() - deadline < 0 && sampler.lag() > 0) {
                Thread.sleep(DRAIN_POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("could not read the backlog: {}", e.toString());
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        sampler.close();
    }
}
