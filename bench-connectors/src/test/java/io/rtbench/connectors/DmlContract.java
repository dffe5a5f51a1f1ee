package io.rtbench.connectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.event.Op;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.Versioned;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.Function;

/**
 * The contract of workload {@code dml} (docs/TARGETS.md), the same for every target that takes it: versions decide,
 * whatever order events arrive in, and a delete is not undone by an older event delivered after it. A kind that refuses
 * the workload must say so in one line that names the way out. Run by {@link TargetContractIT} for every target.
 */
final class DmlContract {

    private static final long START_MICROS = 1_764_000_000_000_000L;

    private final Function<TargetConfig, Target> open;
    private final boolean visible;
    private final Duration within;
    private final EventGenerator generator;
    private final long generatorId;

    /**
     * @param visible whether the target makes writes visible to probes at all (not the null target)
     */
    DmlContract(Function<TargetConfig, Target> open, boolean visible, Duration within, long generatorId) {
        this.open = open;
        this.visible = visible;
        this.within = within;
        this.generatorId = generatorId;
        this.generator = EventGenerator.forChanges(GeneratorSettings.withSeed(3), generatorId);
    }

    void check(TargetConfig config) {
        var refusal = Targets.provider(config.kind()).dmlRefusal(UpdateMode.REPLACE);
        if (refusal.isPresent()) {
            assertThat(refusal.get()).contains(config.kind()).contains("--workload ingest");
            assertThat(open.apply(config)).isNotInstanceOf(Versioned.class);
            return;
        }
        Target target = open.apply(config.forDml(UpdateMode.REPLACE));
        target.ensureCollection();
        assertThat(target).isInstanceOf(Versioned.class);
        Versioned versioned = (Versioned) target;

        Event insertA = change(0, Op.INSERT, null, 1);
        Event insertB = change(1, Op.INSERT, null, 1);
        Event updateA3 = change(3, Op.UPDATE, insertA, 3);
        Event updateA2 = change(2, Op.UPDATE, insertA, 2);
        Event deleteB = change(4, Op.DELETE, insertB, 2);
        written(target, insertA, insertB);
        written(target, updateA3);
        written(target, updateA2); // older, after the newer one: must not win
        written(target, deleteB);
        written(target, insertB); // re-delivered after its delete: must not bring it back

        List<String> ids = List.of(insertA.id(), insertB.id());
        Map<String, Long> expected = visible ? Map.of(insertA.id(), 3L) : Map.of();
        await().atMost(within)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> versioned
                        .liveVersions(generatorId, ids, Versioned.CONSISTENT)
                        .equals(expected));
        assertThat(versioned.liveVersions(generatorId, ids, Versioned.CONSISTENT))
                .isEqualTo(expected);
        if (visible) {
            assertThat(target.newestEventTimeMicros(generatorId))
                    .as("the probe sees the newest live row, not the older update nor the delete")
                    .isEqualTo(OptionalLong.of(updateA3.eventTimeMicros()));
        }
        List<long[]> rows = new ArrayList<>();
        versioned.rows(generatorId, (seq, deleted) -> rows.add(new long[] {seq, deleted ? 1 : 0}));
        assertThat(rows)
                .as("A shows its version 3; B is gone or a tombstone of its delete")
                .anySatisfy(row -> assertThat(row).containsExactly(updateA3.seq(), 0))
                .allSatisfy(row -> assertThat(row[0]).isIn(updateA3.seq(), deleteB.seq()))
                .allSatisfy(row -> assertThat(row[1]).isEqualTo(row[0] == deleteB.seq() ? 1 : 0));
        assertThat(rows).hasSizeBetween(1, 2);
    }

    /** Patches, where the kind takes them: a patch of version 2 lands as version 2; a re-delivered one changes nothing. */
    void checkPatch(TargetConfig config) {
        if (Targets.provider(config.kind()).dmlRefusal(UpdateMode.PATCH).isPresent()) {
            return;
        }
        Target target = open.apply(config.forDml(UpdateMode.PATCH));
        try {
            target.ensureCollection();
        } catch (TargetException e) {
            // Elasticsearch/OpenSearch without painless (their integ-test zips): refused at the start, as documented
            assertThat(e.getMessage()).contains("painless").contains("--update-mode replace");
            return;
        }
        Versioned versioned = (Versioned) target;
        Event insert = change(10, Op.INSERT, null, 1);
        Event patch = patchOf(11, insert, 2);
        written(target, insert);
        written(target, patch);
        written(target, patch);
        Map<String, Long> expected = visible ? Map.of(insert.id(), 2L) : Map.of();
        await().atMost(within)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> versioned
                        .liveVersions(generatorId, List.of(insert.id()), Versioned.CONSISTENT)
                        .equals(expected));
        List<Long> seqs = new ArrayList<>();
        versioned.rows(generatorId, (seq, deleted) -> seqs.add(seq));
        assertThat(seqs).contains(patch.seq());
    }

    private Event change(long offsetMicros, Op op, Event of, long version) {
        UUID id = of == null ? new UUID(0, 0) : UUID.fromString(of.id());
        byte[] json = generator
                .nextChangeTransient(
                        START_MICROS + offsetMicros,
                        op,
                        id.getMostSignificantBits(),
                        id.getLeastSignificantBits(),
                        version,
                        false)
                .clone();
        return Event.parse(json);
    }

    private Event patchOf(long offsetMicros, Event of, long version) {
        UUID id = UUID.fromString(of.id());
        byte[] json = generator
                .nextChangeTransient(
                        START_MICROS + offsetMicros,
                        Op.UPDATE,
                        id.getMostSignificantBits(),
                        id.getLeastSignificantBits(),
                        version,
                        true)
                .clone();
        return Event.parse(json);
    }

    private static void written(Target target, Event... events) {
        assertThat(target.write(new EventBatch(List.of(events))).failures()).isEmpty();
    }
}
