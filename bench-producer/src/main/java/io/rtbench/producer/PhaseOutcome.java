package io.rtbench.producer;

/**
 * How one paced phase of a step went, on the wall clock. A phase ends at its end time whatever its schedule says, so a
 * rate the producer cannot reach ends on time, behind its schedule, and the achieved rate is what was sent over
 * {@link #wallSeconds} (docs/GUIDE.md: a step is sustained when the achieved rate is within 2 % of the target).
 *
 * @param wallSeconds how long the phase lasted: from its start to its end time, or to its last event (a run with an
 *     event count), or to a stop request; longer than asked when the last burst ran past the end time
 * @param eventsDue events the schedule had due before the phase ended (0 for {@code --rate max}, which has none)
 * @param eventsBehind of those, the events not sent when the phase ended: the producer's schedule lag in events
 * @param scheduleLagMillis how late the first unsent burst was when the phase ended; 0 when on schedule
 * @param behindSchedule whether the producer fell behind: more events behind than 2 % of those due (the tolerance of
 *     the achieved rate) and than one burst per generator (a phase may end just as a burst falls due)
 */
public record PhaseOutcome(
        double wallSeconds, long eventsDue, long eventsBehind, double scheduleLagMillis, boolean behindSchedule) {

    /** The share of the due events a producer may be behind by at the end and still count as on schedule. */
    static final double TOLERANCE_OF_DUE = 0.02;

    static PhaseOutcome of(
            double wallSeconds, long eventsDue, long eventsBehind, double scheduleLagMillis, long burstEvents) {
        double tolerance = Math.max(burstEvents, TOLERANCE_OF_DUE * eventsDue);
        return new PhaseOutcome(wallSeconds, eventsDue, eventsBehind, scheduleLagMillis, eventsBehind > tolerance);
    }

    /** A phase without a schedule to fall behind ({@code --rate max}, or one that was interrupted). */
    static PhaseOutcome unscheduled(double wallSeconds) {
        return new PhaseOutcome(wallSeconds, 0, 0, 0, false);
    }
}
