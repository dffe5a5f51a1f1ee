package io.rtbench.evaluator;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
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
 * (the step's backlog summary and the sustained test read it), read after a warmup (the engine extends a warmup while
 * the sink is behind) and between steps (one step's backlog must not spill into the next).
 */
public final class BacklogStage implements Stage {

    private static final Logger LOG = LoggerFactory.getLogger(BacklogStage.class);
    private static final long SAMPLE_MILLIS = 1_000;
    private static final long DRAIN_POLL_MILLIS = 500;

    private final BacklogSampler sampler;
    private final Duration drainTimeout;
    private final EvaluatorMetrics metrics;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-backlog"));
    private BacklogSeries series = new BacklogSeries();
    private ScheduledFuture<?> sampling;

    /**
     * @param drainTimeout how long to wait between steps for the sink to catch up
     * @param metrics where Prometheus finds the last sample
     */
    public BacklogStage(BacklogSampler sampler, Duration drainTimeout, EvaluatorMetrics metrics) {
        this.sampler = sampler;
        this.drainTimeout = drainTimeout;
        this.metrics = metrics;
    }

    @Override
    public String name() {
        return "backlog";
    }

    @Override
    public void startPhase(Phase phase) {
        if (phase.measured()) {
            series = new BacklogSeries();
            sampling = timer.scheduleAtFixedRate(this::sample, 0, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void sample() {
        try {
            long lag = sampler.lag();
            series.add(System.currentTimeMillis(), lag);
            metrics.backlog(lag);
        } catch (Exception e) {
            LOG.warn("backlog sample failed: {}", e.toString());
        }
    }

    @Override
    public void endPhase(Phase phase) {
        if (sampling != null) {
            sampling.cancel(false);
            sampling = null;
        }
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

    @Override
    public void finishStep(StepResult.Builder step) {
        step.backlog(series.summary());
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
