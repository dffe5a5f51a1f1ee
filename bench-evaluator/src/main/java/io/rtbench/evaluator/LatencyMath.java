package io.rtbench.evaluator;

/**
 * The latency definitions of docs/MEASUREMENT.md, as pure functions of a probe's outcome, so they are testable without a
 * database or a clock. All values are microseconds.
 */
final class LatencyMath {

    private LatencyMath() {}

    /** {@code data}: t_response − newest visible event time (RockBench's data latency, round trip included). */
    static long data(ProbeOutcome probe) {
        return probe.responseMicros() - probe.newestEventTimeMicros();
    }

    /** {@code dataAtRequest}: t_request − newest visible event time (the round trip separated out). */
    static long dataAtRequest(ProbeOutcome probe) {
        return probe.requestMicros() - probe.newestEventTimeMicros();
    }

    /** {@code query}: the probe's round trip. */
    static long query(ProbeOutcome probe) {
        return probe.responseMicros() - probe.requestMicros();
    }

    /**
     * A failed or timed-out probe still yields a data-latency sample, never smaller than the timeout (docs/MEASUREMENT.md):
     * the data is at least as old as the newest event seen before, and the target did not prove anything newer.
     *
     * @param lastNewestMicros the newest event time a successful probe of this generator saw before
     */
    static long dataOfFailedProbe(ProbeOutcome probe, long lastNewestMicros, long timeoutMicros) {
        return Math.max(timeoutMicros, probe.responseMicros() - lastNewestMicros);
    }
}
