package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rtbench.core.metrics.LatencySummary;
import java.util.Map;

/**
 * One measured step: one rate (and batch size) held for {@link #durationSec}. Latencies by metric name (see
 * {@link io.rtbench.core.metrics.Metrics}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepResult(
        StepRate rate,
        Integer batchSize,
        double durationSec,
        DocBytes docBytes,
        EventCounts events,
        Long probeErrors,
        Map<String, LatencySummary> latencyMs,
        Backlog backlog,
        Boolean sustained,
        String histogramLog) {

    public StepResult {
        latencyMs = Map.copyOf(latencyMs);
    }

    /**
     * Intended and achieved rates. The targets are null for {@code --rate max}, and are then written as explicit
     * nulls, as the schema asks.
     */
    public record StepRate(
            @JsonInclude(JsonInclude.Include.ALWAYS) Double targetEventsPerSec,
            @JsonInclude(JsonInclude.Include.ALWAYS) Double targetBytesPerSec,
            double achievedEventsPerSec,
            double achievedBytesPerSec) {}

    /** Serialized document sizes in the step, and the field count of the document (spec section 2). */
    public record DocBytes(double mean, int min, int max, int fields) {}

    /**
     * The audit (spec section 3): produced versus landed; landed/lost/duplicates are absent without a target.
     * {@code failed} counts events the producer sent but Kafka or the target refused (they can never land);
     * {@code newestVisible} says whether, once everything landed, the probe answered each generator's newest event.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EventCounts(
            long produced, Long landed, Long lost, Long duplicates, Long failed, Boolean newestVisible) {
        public static EventCounts producedOnly(long produced, long failed) {
            return new EventCounts(produced, null, null, null, failed, null);
        }
    }

    /**
     * Consumer lag of the sink's group over the step (spec section 3): first and last sample, least-squares slope and
     * the slope's standard error (null with fewer than three samples).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Backlog(
            long startEvents, long endEvents, double slopeEventsPerSec, Double slopeStdErrorEventsPerSec) {}
}
