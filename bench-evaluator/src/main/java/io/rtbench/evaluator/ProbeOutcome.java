package io.rtbench.evaluator;

/**
 * What one probe of one generator saw, with the times of docs/MEASUREMENT.md (all µs since the epoch, one host's clock).
 *
 * @param requestMicros when the query was sent ({@code t_request})
 * @param responseMicros when its answer (or the failure) arrived ({@code t_response})
 * @param newestEventTimeMicros the newest visible {@code _event_time}, or -1 when nothing is visible yet
 * @param error why the probe failed or timed out, or null when it succeeded
 */
record ProbeOutcome(long requestMicros, long responseMicros, long newestEventTimeMicros, String error) {

    static final long NOTHING_VISIBLE = -1;

    /** Why a probe answered after the timeout, or not within it, failed. */
    static final String TOOK_LONGER = "probe took longer than the timeout";

    boolean failed() {
        return error != null;
    }

    boolean sawEvents() {
        return !failed() && newestEventTimeMicros != NOTHING_VISIBLE;
    }
}
