package io.rtbench.evaluator;

import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import java.time.Duration;
import java.util.Map;

/**
 * The audit at the end of a step (docs/MEASUREMENT.md): per generator, what landed in the target against what was
 * produced. Events still in flight (consumer lag, refresh interval) are waited for: the audit repeats until nothing is
 * missing, or until nothing more has landed for {@code quiet}, or until {@code timeout} ({@link AuditRounds}).
 */
public final class Audit {

    private final Target target;
    private final Duration timeout;
    private final Duration quiet;

    public Audit(Target target, Duration timeout, Duration quiet) {
        this.target = target;
        this.timeout = timeout;
        this.quiet = quiet;
    }

    /**
     * @param produced events produced per generator; the audit expects {@code _seq} 0 … produced−1 of each
     */
    public EventCounts run(Map<Long, Long> produced, long failedToProduce) throws InterruptedException {
        return run(produced, Map.of(), failedToProduce);
    }

    /**
     * @param produced events produced per generator; the audit expects {@code _seq} 0 … produced−1 of each
     * @param newestEventTimes the newest {@code _event_time} each generator produced: once all landed, the probe must
     *     answer exactly that (checks the probe query as much as the target); empty to skip the check
     */
    public EventCounts run(Map<Long, Long> produced, Map<Long, Long> newestEventTimes, long failedToProduce)
            throws InterruptedException {
        Totals totals = AuditRounds.settle(
                () -> count(produced), counted -> counted.lost == 0, counted -> counted.landed, timeout, quiet);
        Boolean newestVisible = newestEventTimes.isEmpty() || totals.lost > 0
                ? null
                : AuditRounds.answered(() -> probeSeesNewest(newestEventTimes), System.nanoTime() + quiet.toNanos());
        return EventCounts.ofEvents(
                totals.produced, totals.landed, totals.lost, totals.duplicates, failedToProduce, newestVisible);
    }

    private boolean probeSeesNewest(Map<Long, Long> newestEventTimes) {
        return newestEventTimes.entrySet().stream()
                .allMatch(
                        newest -> target.newestEventTimeMicros(newest.getKey()).orElse(-1) == newest.getValue());
    }

    private Totals count(Map<Long, Long> produced) {
        Totals totals = new Totals();
        produced.forEach((generatorId, events) -> {
            AuditCounts counts = target.audit(generatorId);
            totals.produced += events;
            totals.landed += counts.distinctSeqs();
            totals.lost += counts.lost(events);
            totals.duplicates += counts.duplicates();
        });
        return totals;
    }

    private static final class Totals {
        long produced;
        long landed;
        long lost;
        long duplicates;
    }
}
