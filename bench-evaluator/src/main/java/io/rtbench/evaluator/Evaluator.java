package io.rtbench.evaluator;

import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.target.Target;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.Random;

/**
 * The measurement itself (docs/MEASUREMENT.md): probes each generator's newest visible event in the target and records
 * {@code data}, {@code dataAtRequest} and {@code query}. Used by {@code rtbench evaluate} and by the runner, which adds
 * and removes generators as steps begin and end.
 */
public final class Evaluator implements AutoCloseable {

    private final EvaluatorMetrics metrics;
    private final Prober prober;

    /**
     * @param target opened by the caller, with its timeout set to the probe timeout
     * @param interval time between two probes of one generator
     * @param timeout a probe that takes longer counts as failed
     */
    public Evaluator(
            Target target,
            String targetName,
            Duration interval,
            Duration timeout,
            EpochClock clock,
            MeterRegistry registry) {
        this.metrics = new EvaluatorMetrics(registry, targetName);
        this.prober = new Prober(target, metrics, clock, interval, timeout, new Random(), PROBE_THREADS);
    }

    /** The calls to the target run on a few threads: a slow probe must not delay the other generators' probes. */
    private static final int PROBE_THREADS = 4;

    /** Starts probing a generator; a no-op if it is already probed. */
    public void probe(long generatorId) {
        prober.add(generatorId);
    }

    /** Starts probing a generator and, for workload {@code dml}, its updates and deletes ({@code changes}). */
    public void probe(long generatorId, ChangeHistory changes) {
        prober.add(generatorId, changes);
    }

    /**
     * Sends probes only from {@code startNanos} until {@code endNanos} ({@link System#nanoTime()}'s scale): the phase
     * being measured. Until called again; before the first call, always.
     */
    public void probeWithin(long startNanos, long endNanos) {
        prober.within(startNanos, endNanos);
    }

    /** Stops probing a generator. */
    public void stopProbing(long generatorId) {
        prober.remove(generatorId);
    }

    /** How many generators are probed now. */
    public int probedGenerators() {
        return prober.size();
    }

    public EvaluatorMetrics metrics() {
        return metrics;
    }

    @Override
    public void close() {
        prober.close();
    }
}
