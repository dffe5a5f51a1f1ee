package io.rtbench.core.engine;

import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;

/**
 * Whether a step was sustained (docs/MEASUREMENT.md, "Sustained"): the achieved rate is within 2 % of the target, the
 * backlog did not grow over the step, and nothing was lost. "Grows" is a slope test: the least-squares slope exceeds
 * max(5 events/s, 2 % of the rate) and three times its standard error, so that a sawtooth lag (batches, commits) does
 * not count as growth. Three, not two: the lag moves in whole batches, so over a short step one batch in flight at the
 * last sample makes a slope of batch size / step length (50 events over 6 s: 8.9 ± 3.1 events/s measured at 400/s
 * against a 1,200/s target), which twice the error called growth about once in twenty steps; a backlog that really
 * grows keeps rising every second and clears three errors at once. And it ends above where it started: a lag that is
 * back where it was at the end did not grow, whatever its samples did in between (a Kafka Connect sink's lag is
 * measured against offsets it commits once a second: a step into Elasticsearch at 3,200 events/s whose lag was 0 at
 * both ends had a slope of 161 ± 42 events/s).
 */
public final class Sustained {

    /** A growth below this fraction of the ingest rate does not count: the same tolerance as for the achieved rate. */
    static final double SLOPE_TOLERANCE_OF_RATE = 0.02;

    /** ... and below this many events per second, whatever the rate. */
    static final double MIN_SLOPE_TOLERANCE_EVENTS_PER_SEC = 5;

    /** The achieved rate must reach this fraction of the target. */
    static final double RATE_TOLERANCE = 0.98;

    private Sustained() {}

    /**
     * @param rate the step's target (null for {@code --rate max} or where nothing was paced) and achieved rate
     * @param backlog the consumer lag's summary, or null where there is no Kafka hop
     * @param events the audit, or null
     */
    public static boolean judge(StepRate rate, Backlog backlog, EventCounts events) {
        Double target = rate.targetEventsPerSec();
        boolean rateKept = target == null || rate.achievedEventsPerSec() >= RATE_TOLERANCE * target;
        boolean nothingLost = events == null || events.lost() == null || events.lost() == 0;
        return rateKept && nothingLost && !grows(backlog, rate.achievedEventsPerSec());
    }

    /** The slope must exceed this many of its standard errors to count as growth. */
    static final double SLOPE_STANDARD_ERRORS = 3;

    static boolean grows(Backlog backlog, double achievedEventsPerSec) {
        if (backlog == null) {
            return false;
        }
        double tolerance = Math.max(MIN_SLOPE_TOLERANCE_EVENTS_PER_SEC, SLOPE_TOLERANCE_OF_RATE * achievedEventsPerSec);
        double slope = backlog.slopeEventsPerSec();
        return backlog.endEvents() > backlog.startEvents()
                && slope > tolerance
                && (backlog.slopeStdErrorEventsPerSec() == null
                        || slope > SLOPE_STANDARD_ERRORS * backlog.slopeStdErrorEventsPerSec());
    }
}
