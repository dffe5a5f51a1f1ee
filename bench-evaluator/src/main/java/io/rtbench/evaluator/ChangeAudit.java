package io.rtbench.evaluator;

import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.dml.FinalStateAudit;
import io.rtbench.core.dml.FinalStateAudit.FinalState;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Operations;
import io.rtbench.core.target.Versioned;
import java.time.Duration;
import java.util.Map;

/**
 * The audit of workload {@code dml} at the end of a step (docs/MEASUREMENT.md): the final state of every {@code _id}
 * the step's generators wrote ({@link FinalStateAudit}), read again until nothing is lost, stale or resurrected, or
 * until nothing more has landed for {@code quiet}, or until {@code timeout}, as {@link Audit} waits for events in
 * flight.
 */
final class ChangeAudit {

    private final Versioned target;
    private final Duration timeout;
    private final Duration quiet;

    ChangeAudit(Versioned target, Duration timeout, Duration quiet) {
        this.target = target;
        this.timeout = timeout;
        this.quiet = quiet;
    }

    EventCounts run(Map<Long, ChangeHistory> histories, long failedToProduce) throws InterruptedException {
        FinalState state =
                AuditRounds.settle(() -> count(histories), FinalState::correct, FinalState::landed, timeout, quiet);
        long produced = 0;
        long inserts = 0;
        long updates = 0;
        long deletes = 0;
        for (ChangeHistory history : histories.values()) {
            produced += history.events();
            inserts += history.inserts();
            updates += history.updates();
            deletes += history.deletes();
        }
        return new EventCounts(
                produced,
                state.landed(),
                state.lost(),
                state.duplicates(),
                failedToProduce,
                null,
                state.ids(),
                state.stale(),
                state.resurrected(),
                new Operations(inserts, updates, deletes));
    }

    private FinalState count(Map<Long, ChangeHistory> histories) {
        FinalState total = FinalState.EMPTY;
        for (Map.Entry<Long, ChangeHistory> generator : histories.entrySet()) {
            FinalStateAudit audit = new FinalStateAudit(generator.getValue());
            target.rows(generator.getKey(), audit);
            total = total.plus(audit.result());
        }
        return total;
    }
}
