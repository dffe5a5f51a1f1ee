package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rtbench.core.metrics.LatencySummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reads of a step of workload {@code mixed} (docs/MEASUREMENT.md, "Reads under write load"); their latency is
 * {@code latencyMs.select} of the step, and per window in {@link #windows}.
 *
 * @param query {@code point}, {@code user-recent} or {@code aggregate}
 * @param targetReadsPerSec the read rate of the step's schedule
 * @param issued reads handed to a reader (succeeded + readErrors, once all finished)
 * @param readErrors reads that failed or timed out (recorded in {@code select} at least at the timeout)
 * @param skipped reads due when no event was old enough yet: neither a success nor a failure, and not in {@code select}
 * @param notFound successful reads that found no event (it had not landed, or was lost)
 * @param repeated reads of an event read before: 0, checked at run time from the ledger's order
 * @param writes events the producer sent in the step: with {@code issued}, the write:read split
 * @param readShare issued / (issued + writes)
 * @param windowSec the planned length of a window ({@code --window})
 * @param windows latency per window of the measured phase
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepReads(
        String query,
        double targetReadsPerSec,
        long issued,
        long succeeded,
        long readErrors,
        long skipped,
        long notFound,
        long repeated,
        Long writes,
        Double readShare,
        double windowSec,
        List<Window> windows) {

    public StepReads {
        windows = List.copyOf(windows);
    }

    /** One window: its start from the measured phase's start, its length, and the latency of each metric in it. */
    public record Window(int index, double startSec, double durationSec, Map<String, LatencySummary> latencyMs) {
        public Window {
            latencyMs = Collections.unmodifiableMap(new LinkedHashMap<>(latencyMs));
        }
    }
}
