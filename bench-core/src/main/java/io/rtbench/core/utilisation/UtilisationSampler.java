package io.rtbench.core.utilisation;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the target's utilisation once a second during each step's measured phase, on a daemon thread of its own (never
 * on the probe's or producer's), and adds the series and its summary to the step (docs/MEASUREMENT.md, "Target
 * utilisation"). A second whose reading fails is skipped, not written as 0. The series holds at most an hour of
 * one-second points ({@link UtilisationSeries}).
 */
public final class UtilisationSampler implements Stage {

    private static final Logger LOG = LoggerFactory.getLogger(UtilisationSampler.class);
    private static final long INTERVAL_MS = 1000;

    private final UtilisationSource source;
    private final Consumer<Reading> listener;
    private final LongSupplier nanoClock;
    private final ScheduledExecutorService executor;
    /** At most an hour of one-second points, folded beyond (a 12-hour run keeps memory and its result flat). */
    private final UtilisationSeries samples = new UtilisationSeries();

    private ScheduledFuture<?> task;
    private long phaseStartNanos;
    private boolean firstOfPhase;
    private long failedReadings;

    /** @param listener gets every reading as it is taken (the Prometheus gauges), on the sampler's thread */
    public UtilisationSampler(UtilisationSource source, Consumer<Reading> listener) {
        this(source, listener, System::nanoTime);
    }

    UtilisationSampler(UtilisationSource source, Consumer<Reading> listener, LongSupplier nanoClock) {
        this.source = source;
        this.listener = listener;
        this.nanoClock = nanoClock;
        this.executor = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-utilisation"));
    }

    @Override
    public String name() {
        return "utilisation";
    }

    @Override
    public synchronized void startPhase(Phase phase) {
        if (!phase.measured()) {
            return;
        }
        beginMeasuring();
        task = executor.scheduleAtFixedRate(this::sampleOnce, 0, INTERVAL_MS, TimeUnit.MILLISECONDS);
    }

    /** Forgets the previous step's samples; the next reading is the phase's first. */
    synchronized void beginMeasuring() {
        samples.clear();
        phaseStartNanos = nanoClock.getAsLong();
        firstOfPhase = true;
    }

    @Override
    public void endPhase(Phase phase) {
        ScheduledFuture<?> running;
        synchronized (this) {
            running = task;
            task = null;
        }
        if (running != null) {
            running.cancel(false);
        }
    }

    /** One reading; package-private so a test drives it without a thread. */
    void sampleOnce() {
        Reading reading;
        try {
            reading = source.read();
        } catch (RuntimeException e) {
            synchronized (this) {
                if (failedReadings++ == 0) {
                    LOG.warn("cannot read the target's utilisation ({}): {}", source.name(), e.getMessage());
                }
            }
            return;
        }
        Reading kept;
        synchronized (this) {
            double offsetSec = Math.round((nanoClock.getAsLong() - phaseStartNanos) / 1e6) / 1e3;
            // The first reading's CPU covers the time before the phase (since the previous step, or none at all).
            Double cpu = firstOfPhase ? null : reading.cpuPercent();
            firstOfPhase = false;
            kept = new Reading(cpu, reading.rssBytes(), reading.diskBytes());
            samples.add(new Utilisation.Sample(offsetSec, cpu, reading.rssBytes(), reading.diskBytes()));
        }
        try {
            listener.accept(kept);
        } catch (RuntimeException e) {
            LOG.debug("utilisation listener failed", e);
        }
    }

    /** The measured phase's samples, with their summary; absent from the step when there were none. */
    @Override
    public synchronized void finishStep(StepResult.Builder step) {
        if (!samples.isEmpty()) {
            step.utilisation(new Utilisation(source.name(), samples.summary(), samples.series()));
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        source.close();
    }
}
