package io.rtbench.core.result;

import java.util.Locale;
import java.util.Optional;

/**
 * The words for a step's verdicts and notes, the same in the table a run prints, in the HTML report and in what {@code
 * rtbench evaluate} prints.
 */
public final class Verdicts {

    private Verdicts() {}

    /**
     * {@code yes}, {@code NO} (capitals: the one word a reader must not miss), {@code -} when the step does not say. A
     * sustained step that began more than a second of events behind says why its latencies are not the steady state at
     * its rate: "yes, catching up" when the backlog ended lower than it began (the sink gained on it), "yes, lagging"
     * when it did not (the sink stayed that far behind; too little growth, against its sawtooth, to call the step not
     * sustained, e.g. ClickHouse's Kafka engine consuming in blocks every few seconds).
     */
    public static String sustained(StepResult step) {
        if (step.sustained() == null) {
            return "-";
        }
        if (!step.sustained()) {
            return "NO";
        }
        boolean startedBehind = step.backlog() != null
                && step.rate() != null
                && step.backlog().startEvents() > Math.max(1, step.rate().achievedEventsPerSec());
        if (!startedBehind) {
            return "yes";
        }
        return step.backlog().endEvents() < step.backlog().startEvents() ? "yes, catching up" : "yes, lagging";
    }

    /**
     * A step whose probes found no event of their generator visible for a while (the sink had not caught up when the
     * measured phase began): such a probe is not a sample (docs/MEASUREMENT.md), so the step's data latencies leave that
     * stretch out, and this says how many there were. Empty when there were none.
     */
    public static Optional<String> probesBeforeVisible(StepResult step) {
        return probesBeforeVisible(step, "a longer --warmup lets the sink catch up first");
    }

    /** As {@link #probesBeforeVisible(StepResult)}, with another {@code remedy} where there is no warmup. */
    public static Optional<String> probesBeforeVisible(StepResult step, String remedy) {
        Long probes = step.probesBeforeVisible();
        if (probes == null || probes == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "%,d %s no event of %s generator visible yet: not samples, so the data latencies leave that stretch"
                        + " out; %s",
                probes,
                probes == 1 ? "probe found" : "probes found",
                probes == 1 ? "its" : "their",
                remedy));
    }

    /**
     * Workload {@code dml}: what the step's "landed" counts, which is {@code _id}s in their final state, not events (an
     * update or a delete lands on an {@code _id} written before): "landed 8,181" beside "produced 10,400" and "lost 0"
     * reads as a shortfall otherwise. Empty for other workloads.
     */
    public static Optional<String> dmlCounts(StepResult step) {
        StepResult.EventCounts events = step.events();
        if (events == null || events.ids() == null || events.landed() == null) {
            return Optional.empty();
        }
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "workload dml: landed counts _ids as last written, %,d of %,d",
                events.landed(),
                events.ids()));
        StepResult.Operations ops = events.operations();
        if (ops != null) {
            line.append(String.format(
                    Locale.ROOT,
                    "; produced counts events, %,d inserts, %,d updates and %,d deletes",
                    ops.inserts(),
                    ops.updates(),
                    ops.deletes()));
        }
        line.append(String.format(
                Locale.ROOT,
                "; stale %,d, resurrected %,d",
                events.stale() == null ? 0 : events.stale(),
                events.resurrected() == null ? 0 : events.resurrected()));
        return Optional.of(line.toString());
    }

    /**
     * What one fault did (docs/MEASUREMENT.md, "Freshness under faults"), e.g. {@code fault target-pause@5s+4s (5.02 to
     * 9.03 s): staleness peak 4,134 ms; recovered 0.1 s after (data p99 of 5 s within 369 ms); backlog peak 2,000
     * events, drained at 1,940 events/s}.
     */
    public static String fault(StepFault fault) {
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "fault %s%s (%.2f to %.2f s): staleness peak %s",
                fault.fault(),
                fault.fork() == null ? "" : " in fork " + fault.fork(),
                fault.startOffsetSec(),
                fault.endOffsetSec(),
                fault.stalenessPeakMs() == null
                        ? "- (no data sample)"
                        : String.format(Locale.ROOT, "%,.0f ms", fault.stalenessPeakMs())));
        String window = String.format(Locale.ROOT, "%.0f s", fault.recoveryWindowSec());
        if (fault.recovered() == null) {
            line.append("; recovery not judged: no data sample in the ")
                    .append(window)
                    .append(" before it");
        } else if (fault.recovered()) {
            line.append(String.format(
                    Locale.ROOT,
                    "; recovered %.1f s after (data p99 of %s within %,.0f ms)",
                    fault.timeToRecoverSec(),
                    window,
                    fault.recoveryBoundMs()));
        } else {
            line.append(String.format(
                    Locale.ROOT,
                    "; NOT recovered before the measured phase ended (no data p99 of %s within %,.0f ms)",
                    window,
                    fault.recoveryBoundMs()));
        }
        if (fault.backlogPeakEvents() != null) {
            line.append(String.format(Locale.ROOT, "; backlog peak %,d events", fault.backlogPeakEvents()));
            if (fault.backlogDrainEventsPerSec() != null) {
                line.append(
                        String.format(Locale.ROOT, ", drained at %,.0f events/s", fault.backlogDrainEventsPerSec()));
            }
        }
        return line.toString();
    }
}
