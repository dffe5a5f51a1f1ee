package io.rtbench.evaluator;

/**
 * The evaluator's view of one generator: turns its probe outcomes into samples by the rules of docs/MEASUREMENT.md. A probe
 * before the generator's first event is visible is not a sample, but is counted (the step says how many); a failed
 * probe is always counted and, once the generator has been seen, recorded with a data latency of at least the timeout.
 */
final class GeneratorProbe {

    private final long generatorId;
    private final EvaluatorMetrics metrics;
    private final long timeoutMicros;
    private long newestSeenMicros = ProbeOutcome.NOTHING_VISIBLE;

    GeneratorProbe(long generatorId, EvaluatorMetrics metrics, long timeoutMicros) {
        this.generatorId = generatorId;
        this.metrics = metrics;
        this.timeoutMicros = timeoutMicros;
    }

    long generatorId() {
        return generatorId;
    }

    synchronized void record(ProbeOutcome probe) {
        if (probe.failed()) {
            metrics.probeError(generatorId, probe.error());
            if (newestSeenMicros != ProbeOutcome.NOTHING_VISIBLE) {
                long data = LatencyMath.dataOfFailedProbe(probe, newestSeenMicros, timeoutMicros);
                metrics.sample(generatorId, data, data, Math.max(timeoutMicros, LatencyMath.query(probe)));
                metrics.timedSample(probe.responseMicros(), data);
            }
            return;
        }
        if (!probe.sawEvents()) {
            if (newestSeenMicros != ProbeOutcome.NOTHING_VISIBLE) {
                // Events that were visible are gone (index dropped, table truncated): a failure, not a sample.
                metrics.probeError(generatorId, "events of generator " + generatorId + " are no longer visible");
            } else {
                metrics.probeBeforeVisible();
            }
            return;
        }
        newestSeenMicros = Math.max(newestSeenMicros, probe.newestEventTimeMicros());
        metrics.sample(
                generatorId, LatencyMath.data(probe), LatencyMath.dataAtRequest(probe), LatencyMath.query(probe));
        metrics.timedSample(probe.responseMicros(), LatencyMath.data(probe));
    }

    /** Whether any event of this generator has been visible yet. */
    synchronized boolean seen() {
        return newestSeenMicros != ProbeOutcome.NOTHING_VISIBLE;
    }
}
