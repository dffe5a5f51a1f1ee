package io.rtbench.core.dml;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.dml.FinalStateAudit.FinalState;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.event.Op;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The audit of the final state against rows as a target would show them, right and wrong. */
class FinalStateAuditTest {

    private ChangeHistory history;
    /** Per _id its events' seqs in order, and whether its last is a delete. */
    private final Map<String, long[]> byId = new LinkedHashMap<>();

    private final Map<String, Op> lastOp = new LinkedHashMap<>();

    @BeforeEach
    void generate() {
        ChangeGenerator changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(5), 7),
                new DmlSettings(0.3, 0.1, UpdateMode.REPLACE, Duration.ZERO),
                5);
        for (int i = 0; i < 5_000; i++) {
            Event event = Event.parse(changes.nextTransient(1_000_000L + i).clone());
            long[] seqs = byId.getOrDefault(event.id(), new long[0]);
            long[] more = java.util.Arrays.copyOf(seqs, seqs.length + 1);
            more[seqs.length] = event.seq();
            byId.put(event.id(), more);
            lastOp.put(event.id(), event.op());
        }
        history = changes.history();
    }

    /** The rows of a correct target: each live _id at its last event, deleted ones as tombstones or absent. */
    private FinalStateAudit correct(boolean tombstones) {
        FinalStateAudit audit = new FinalStateAudit(history);
        byId.forEach((id, seqs) -> {
            boolean deleted = lastOp.get(id) == Op.DELETE;
            if (!deleted || tombstones) {
                audit.row(seqs[seqs.length - 1], deleted);
            }
        });
        return audit;
    }

    @Test
    void aCorrectTargetHasLandedEveryId() {
        for (boolean tombstones : new boolean[] {true, false}) {
            FinalState state = correct(tombstones).result();
            assertThat(state.correct()).isTrue();
            assertThat(state.ids()).isEqualTo(byId.size()).isEqualTo(history.inserts());
            assertThat(state.landed()).isEqualTo(state.ids());
            assertThat(state.duplicates()).isZero();
        }
        assertThat(history.deletes()).isPositive();
    }

    @Test
    void missingOlderAndResurrectedRowsAreEachNamed() {
        String changedTwice = byId.entrySet().stream()
                .filter(e -> e.getValue().length >= 2 && lastOp.get(e.getKey()) != Op.DELETE)
                .findFirst()
                .orElseThrow()
                .getKey();
        String deleted = lastOp.entrySet().stream()
                .filter(e -> e.getValue() == Op.DELETE)
                .findFirst()
                .orElseThrow()
                .getKey();
        String lost = byId.keySet().stream()
                .filter(id -> !id.equals(changedTwice) && lastOp.get(id) != Op.DELETE)
                .findFirst()
                .orElseThrow();
        FinalStateAudit audit = new FinalStateAudit(history);
        byId.forEach((id, seqs) -> {
            if (id.equals(lost)) {
                return;
            }
            if (id.equals(changedTwice)) {
                audit.row(seqs[seqs.length - 2], false); // an older version
            } else if (id.equals(deleted)) {
                audit.row(seqs[0], false); // the insert, visible after its delete
            } else if (lastOp.get(id) != Op.DELETE) {
                audit.row(seqs[seqs.length - 1], false);
            }
        });
        audit.row(byId.get(changedTwice)[byId.get(changedTwice).length - 1], false); // and a second row of it
        audit.row(1_000_000_000L, false); // a row of someone else

        FinalState state = audit.result();
        assertThat(state.lost()).isEqualTo(1);
        assertThat(state.stale()).isEqualTo(1);
        assertThat(state.resurrected()).isEqualTo(1);
        assertThat(state.duplicates()).isEqualTo(1);
        assertThat(state.unknownRows()).isEqualTo(1);
        assertThat(state.landed() + state.lost() + state.stale() + state.resurrected())
                .isEqualTo(state.ids());
    }
}
