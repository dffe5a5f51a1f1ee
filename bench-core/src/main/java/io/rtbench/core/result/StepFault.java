package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one fault did in a step (docs/MEASUREMENT.md, "Freshness under faults"): when it was on, and freshness and the
 * backlog around it. A figure the series did not allow is absent, never 0; a fault that never recovered has
 * {@code recovered: false} and no time to recover.
 *
 * @param fault as the user gave it, e.g. {@code target-pause@5s+4s}
 * @param fork the fork whose measured phase it was in, with repetitions of several forks; absent otherwise
 * @param startOffsetSec when it took effect, in seconds from the start of the measured phase
 * @param endOffsetSec when it ended (the process continued), likewise
 * @param startEpochMs {@code startOffsetSec} as ms since the epoch
 * @param endEpochMs {@code endOffsetSec} as ms since the epoch
 * @param recoveryWindowSec the length of the windows whose data p99 is compared
 * @param baselineDataP99Ms the data p99 of the window before the fault; absent without a sample there
 * @param recoveryBoundMs the data p99 a window after the fault must be within to count as recovered
 * @param stalenessPeakMs the worst data latency from the fault's start until recovery (or the phase's end)
 * @param recovered whether freshness was back within the bound before the measured phase ended; absent when it could
 *     not be judged (no data sample before the fault)
 * @param timeToRecoverSec from the fault's end to the first probe answer of the first window within the bound; absent
 *     unless recovered
 * @param backlogPeakEvents the sink's largest backlog from the fault's start to the phase's end; absent without a sink
 * @param backlogDrainEventsPerSec how fast the backlog fell from its peak back to its level before the fault; absent
 *     when it did not grow, did not get back before the phase ended, or was not read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepFault(
        String fault,
        Integer fork,
        double startOffsetSec,
        double endOffsetSec,
        long startEpochMs,
        long endEpochMs,
        double recoveryWindowSec,
        Double baselineDataP99Ms,
        Double recoveryBoundMs,
        Double stalenessPeakMs,
        Boolean recovered,
        Double timeToRecoverSec,
        Long backlogPeakEvents,
        Double backlogDrainEventsPerSec) {}
