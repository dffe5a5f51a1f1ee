package io.rtbench.core.engine;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a step was sustained (docs/GUIDE.md, "Concepts"): the producers kept to their schedule, the achieved rate
 * is within 2 % of the target, the backlog did not grow over the step, and nothing was lost. "Grows" is a slope test: the least-squares slope exceeds
 * max(5 events/s, 2 % of the rate) and three times its standard error, so that a sawtooth lag (batches, commits) does
 * not count as growth. Three, not two: the lag moves in whole batches, so over a short step one batch in flight at the
 * last sample makes a slope of batch size / step length (50 events over 6 s: 8.9 ± 3.1 events/s measured at 400/s
 * against a 1,200/s target), which twice the error called growth about once in twenty steps; a backlog that really
 * grows keeps rising every second and clears three errors at once. And it ends above where it started: a lag that is
 * back where it was at the end did not grow, whatever its samples did in between (a Kafka Connect sink's lag is
 * measured against offsets it commits once a second: a step into Elasticsearch at 3,200 events/s whose lag was 0 at
 * both ends had a slope of 161 ± 42 events/s). And by more than what is in flight by construction
 * ({@link Backlog#inFlightEvents()}: a burst per generator, the sink's commit period at the rate): over a 2-s step at
 * 200/s, one batch not yet polled at the last sample is a slope of 8 to 50 events/s, and with four samples or fewer
 * there is no standard error to weigh it against (3 of about 6 such steps were called unsustained). Such a step is
 * judged by where its backlog ended against what is in flight, and its console line says so.
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
     * @param schedule how far the producers kept to their schedule, or null where nothing was paced here
     * @param backlog the consumer lag's summary, or null where there is no Kafka hop
     * @param events the audit, or null
     */
    public static boolean judge(StepRate rate, Schedule schedule, Backlog backlog, EventCounts events) {
        return shortfalls(rate, schedule, backlog, events).isEmpty();
    }

    /**
     * What kept a step from being sustained, in words, one entry per reason; empty when it was sustained. The same
     * tests as {@link #judge}, which is this list being empty.
     */
    public static List<String> shortfalls(StepRate rate, Schedule schedule, Backlog backlog, EventCounts events) {
        List<String> shortfalls = new ArrayList<>();
        if (schedule != null && schedule.behind()) {
            shortfalls.add(String.format(
                    Locale.ROOT, "the producer fell %,d events behind its schedule", schedule.eventsBehind()));
        }
        Double target = rate.targetEventsPerSec();
        if (target != null && rate.achievedEventsPerSec() < RATE_TOLERANCE * target) {
            shortfalls.add(String.format(
                    Locale.ROOT,
                    "sent %,.0f of %,.0f events/s (%.0f %%)",
                    rate.achievedEventsPerSec(),
                    target,
                    100 * rate.achievedEventsPerSec() / target));
        }
        if (events != null && events.lost() != null && events.lost() > 0) {
            shortfalls.add(String.format(Locale.ROOT, "%,d events lost", events.lost()));
        }
        if (grows(backlog, rate.achievedEventsPerSec())) {
            shortfalls.add(String.format(
                    Locale.ROOT,
                    "backlog grew %,.0f events/s (%,d to %,d events)",
                    backlog.slopeEventsPerSec(),
                    backlog.startEvents(),
                    backlog.endEvents()));
        }
        return shortfalls;
    }

    /**
     * Why a finished step was not sustained, one entry per reason, and last what ran out ({@link RanOut}) where the
     * step has its utilisation; empty when it was sustained or has no verdict.
     */
    public static List<String> reasons(StepResult step) {
        if (!Boolean.FALSE.equals(step.sustained()) || step.rate() == null) {
            return List.of();
        }
        List<String> reasons = new ArrayList<>(shortfalls(step.rate(), step.schedule(), step.backlog(), step.events()));
        RanOut.judge(step).ifPresent(ranOut -> reasons.add(ranOut.text()));
        return reasons;
    }

    /**
     * One line for the console as a step ends: its verdict and why, e.g. {@code NOT sustained: sent 36,374 of 64,000
     * events/s (57 %); backlog grew 1,234 events/s (240 to 20,100 events); 1,250,000 of 1,250,000 events landed};
     * none where the step has no verdict.
     */
    public static Optional<String> describe(StepResult step) {
        if (step.sustained() == null || step.rate() == null) {
            return Optional.empty();
        }
        StringBuilder line = new StringBuilder();
        if (step.sustained()) {
            line.append(String.format(
                    Locale.ROOT, "sustained: %,.0f events/s", step.rate().achievedEventsPerSec()));
        } else {
            line.append("NOT sustained");
            List<String> why = reasons(step);
            if (!why.isEmpty()) {
                line.append(": ").append(String.join("; ", why));
            }
        }
        Backlog backlog = step.backlog();
        if (backlog != null && backlog.slopeStdErrorEventsPerSec() == null) {
            line.append(String.format(
                    Locale.ROOT,
                    "; backlog sampled too few times to weigh its slope (a step under 4 s): judged by where it ended,"
                            + " %,d events from %,d",
                    backlog.endEvents(),
                    backlog.startEvents()));
            if (backlog.inFlightEvents() != null) {
                line.append(String.format(Locale.ROOT, " (%,d in flight by construction)", backlog.inFlightEvents()));
            }
        }
        StepResult.EventCounts events = step.events();
        if (events != null && events.landed() != null) {
            // workload dml: the audit counts _ids in their final state, not events (an update lands on its _id)
            line.append(
                    events.ids() != null
                            ? String.format(
                                    Locale.ROOT,
                                    "; %,d of %,d _ids landed as last written (%,d events)",
                                    events.landed(),
                                    events.ids(),
                                    events.produced())
                            : String.format(
                                    Locale.ROOT, "; %,d of %,d events landed", events.landed(), events.produced()));
        }
        return Optional.of(line.toString());
    }

    /** The rate above a peak that was not sustained, in words: {@code 64,000 events/s was not sustained: …}. */
    public static String describe(RunResult.Peak.NotSustained above) {
        return String.format(
                Locale.ROOT,
                "%,.0f events/s was not sustained: %s",
                above.targetEventsPerSec(),
                String.join("; ", above.reasons()));
    }

    /**
     * When a peak search ended before it pinned the peak down (at {@code --max-steps}, or stopped), what the peak is
     * then: a lower bound, with the rate above it that failed if one did; empty when it came within its precision (and
     * for a result written before this was recorded).
     */
    public static Optional<String> peakBound(RunResult.Peak peak) {
        if (!Boolean.FALSE.equals(peak.withinPrecision())) {
            return Optional.empty();
        }
        return Optional.of(
                peak.notSustainedAbove() == null
                        ? String.format(
                                Locale.ROOT,
                                "no rate tried was too much: the peak is above %,.0f events/s; a higher --start-rate"
                                        + " or more --max-steps reach it",
                                peak.sustainedEventsPerSec())
                        : String.format(
                                Locale.ROOT,
                                "the search ended before the two came within --precision: the peak lies between"
                                        + " %,.0f and %,.0f events/s; more --max-steps narrow it",
                                peak.sustainedEventsPerSec(),
                                peak.notSustainedAbove().targetEventsPerSec()));
    }

    /** The slope must exceed this many of its standard errors to count as growth. */
    static final double SLOPE_STANDARD_ERRORS = 3;

    static boolean grows(Backlog backlog, double achievedEventsPerSec) {
        if (backlog == null) {
            return false;
        }
        double tolerance = Math.max(MIN_SLOPE_TOLERANCE_EVENTS_PER_SEC, SLOPE_TOLERANCE_OF_RATE * achievedEventsPerSec);
        double slope = backlog.slopeEventsPerSec();
        long inFlight = backlog.inFlightEvents() == null ? 0 : backlog.inFlightEvents();
        return backlog.endEvents() - backlog.startEvents() > inFlight
                && slope > tolerance
                && (backlog.slopeStdErrorEventsPerSec() == null
                        || slope > SLOPE_STANDARD_ERRORS * backlog.slopeStdErrorEventsPerSec());
    }
}
