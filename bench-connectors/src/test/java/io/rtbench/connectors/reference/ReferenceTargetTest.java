package io.rtbench.connectors.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.event.Op;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.testkit.FakeClock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ReferenceTargetTest {

    private static final long START = 1_700_000_000_000_000L;
    private static final long GENERATOR = 77;

    private final FakeClock clock = FakeClock.atEpochMicros(START);
    private final InMemoryCollections<ReferenceStore> collections = new InMemoryCollections<>();

    private ReferenceTarget open(Map<String, String> options) {
        TargetConfig config = new TargetConfig(
                "reference", URI.create("reference://test"), "events", null, Duration.ofSeconds(5), options);
        return new ReferenceTarget(config, collections, clock, clock::sleepUntilMicros);
    }

    /** How long the target's writes waited, in all. */
    private long sleptMicros() {
        return clock.sleptNanos() / 1_000;
    }

    private ReferenceTarget created(Map<String, String> options) {
        ReferenceTarget target = open(options);
        target.ensureCollection();
        return target;
    }

    @Test
    void anEventBecomesVisibleExactlyTheDelayAfterItsWrite() {
        ReferenceTarget target = created(Map.of("visibility.delay", "200ms"));
        EventBatch batch = TestEvents.batch(GENERATOR, 0, 10, START - 5_000);

        target.write(batch);

        clock.advanceMicros(199_999);
        assertThat(target.newestEventTimeMicros(GENERATOR)).isEmpty();
        clock.advanceMicros(1);
        assertThat(target.newestEventTimeMicros(GENERATOR)).isEqualTo(OptionalLong.of(START - 5_000 + 9_000));
    }

    @Test
    void theProbeReturnsTheNewestVisibleEventNotTheNewestWritten() {
        ReferenceTarget target = created(Map.of("visibility.delay", "100ms"));
        target.write(TestEvents.batch(GENERATOR, 0, 5, START));
        clock.advanceMicros(60_000);
        target.write(TestEvents.batch(GENERATOR, 5, 5, START));

        clock.advanceMicros(40_000);
        assertThat(target.newestEventTimeMicros(GENERATOR)).isEqualTo(OptionalLong.of(START + 4_000));
        clock.advanceMicros(60_000);
        assertThat(target.newestEventTimeMicros(GENERATOR)).isEqualTo(OptionalLong.of(START + 9_000));
        assertThat(target.newestEventTimeMicros(GENERATOR + 1)).isEmpty();
    }

    @Test
    void groundTruthIsVisibilityTimeMinusEventTimePerEvent() {
        ReferenceTarget target = created(Map.of("visibility.delay", "200ms"));
        clock.advanceMicros(30_000);

        target.write(TestEvents.batch(GENERATOR, 0, 1, START));
        target.write(TestEvents.batch(GENERATOR, 1, 1, START));

        Histogram truth = target.truth().total();
        assertThat(truth.getTotalCount()).isEqualTo(2);
        // seq 0: visible at START+230ms, event time START; seq 1: event time START+1ms.
        assertThat(truth.getMaxValue()).isEqualTo(truth.highestEquivalentValue(230_000));
        assertThat(truth.getMinValue()).isEqualTo(truth.lowestEquivalentValue(229_000));
    }

    @Test
    void jitterSpreadsVisibilityOverDelayPlusOrMinusJitterPerWriteCall() {
        ReferenceTarget target = created(Map.of("visibility.delay", "100ms", "visibility.jitter", "20ms"));
        // Write calls 50 ms apart (more than twice the jitter): each call's draw stands on its own.
        for (int seq = 0; seq < 2_000; seq++) {
            target.write(new EventBatch(List.of(TestEvents.event(GENERATOR, seq, clock.epochMicros()))));
            clock.advanceMicros(50_000);
        }

        Histogram truth = target.truth().total();
        assertThat(truth.getTotalCount()).isEqualTo(2_000);
        assertThat(truth.getMinValue()).isBetween(truth.lowestEquivalentValue(80_000), 85_000L);
        assertThat(truth.getMaxValue()).isBetween(115_000L, truth.highestEquivalentValue(120_000));
        assertThat(truth.getValueAtPercentile(50)).isBetween(95_000L, 105_000L);
    }

    @Test
    void aBatchBecomesVisibleAtOnceAndNeverBeforeEarlierWrites() {
        ReferenceTarget target = created(Map.of("visibility.delay", "100ms", "visibility.jitter", "20ms"));
        List<Event> first = new ArrayList<>();
        for (int seq = 0; seq < 100; seq++) {
            first.add(TestEvents.event(GENERATOR, seq, START + seq));
        }
        target.write(new EventBatch(first));
        Histogram truth = target.truth().total();
        // One draw for the whole batch: its 100 truths differ only by their event times (100 µs apart at most).
        assertThat(truth.getMaxValue() - truth.getMinValue()).isLessThanOrEqualTo(100 + truth.getMaxValue() / 500);
        clock.advanceMicros(1_000);
        target.write(new EventBatch(List.of(TestEvents.event(GENERATOR, 100, START + 100))));

        clock.advanceMicros(79_000 - 1_000 - 1);
        assertThat(target.newestEventTimeMicros(GENERATOR)).isEmpty();
        clock.advanceMicros(45_000);
        // Both visible by now, and the second never became visible while the first was not.
        assertThat(target.newestEventTimeMicros(GENERATOR)).hasValue(START + 100);
    }

    @Test
    void redeliveriesAreCountedButDoNotChangeTheTruth() {
        ReferenceTarget target = created(Map.of());
        EventBatch batch = TestEvents.batch(GENERATOR, 0, 50, START);

        target.write(batch);
        clock.advanceMicros(1_000_000);
        target.write(batch);

        assertThat(target.audit(GENERATOR)).isEqualTo(new AuditCounts(100, 50, 49));
        assertThat(target.truth().total().getTotalCount()).isEqualTo(50);
        assertThat(target.truth().total().getMaxValue()).isLessThan(100_000);
    }

    @Test
    void targetsOpenedSeparatelyShareTheCollection() {
        ReferenceTarget writer = created(Map.of("visibility.delay", "10ms"));
        ReferenceTarget evaluator = open(Map.of());

        writer.write(TestEvents.batch(GENERATOR, 0, 20, START));
        clock.advanceMicros(10_000);

        assertThat(evaluator.newestEventTimeMicros(GENERATOR)).hasValue(START + 19_000);
        assertThat(evaluator.audit(GENERATOR).count()).isEqualTo(20);
        assertThat(evaluator.truth()).isSameAs(writer.truth());
    }

    @Test
    void writeLimitMakesWritesTakeTheirShareOfTheCapacity() {
        ReferenceTarget target = created(Map.of("write.limit", "1000"));

        target.write(TestEvents.batch(GENERATOR, 0, 100, START));
        target.write(TestEvents.batch(GENERATOR, 100, 100, START));
        assertThat(sleptMicros()).isEqualTo(200_000);

        clock.advanceMicros(1_000_000);
        target.write(TestEvents.batch(GENERATOR, 200, 50, START));
        assertThat(sleptMicros()).as("idle time is not banked").isEqualTo(250_000);
    }

    @Test
    void writeLimitCanBeInBytesPerSecondAndIsSharedByWriters() {
        ReferenceTarget first = created(Map.of("write.limit", "1MB/s"));
        ReferenceTarget second = open(Map.of("write.limit", "1MB/s"));
        EventBatch batch = TestEvents.batch(GENERATOR, 0, 100, START);

        first.write(batch);
        long afterFirst = sleptMicros();
        second.write(TestEvents.batch(GENERATOR, 100, 100, START));

        assertThat(afterFirst).isBetween(batch.bytes() - 1, batch.bytes() + 1);
        assertThat(sleptMicros()).isGreaterThan(2 * batch.bytes() - 10);
    }

    @Test
    void aWriteThatWouldWaitBeyondTheTimeoutFailsWithoutBookingCapacity() {
        ReferenceTarget target = created(Map.of("write.limit", "10/s"));

        assertThatThrownBy(() -> target.write(TestEvents.batch(GENERATOR, 0, 100, START)))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("write.limit 10/s")
                .hasMessageContaining("timeout");
        target.write(TestEvents.batch(GENERATOR, 0, 10, START));
        assertThat(sleptMicros()).isEqualTo(1_000_000);
    }

    @Test
    void eachLookupRecordsWhatTheChangeMetricsShouldReadAtItsInstant() {
        TargetConfig config = new TargetConfig(
                        "reference",
                        URI.create("reference://test"),
                        "events",
                        null,
                        Duration.ofSeconds(5),
                        Map.of("visibility.delay", "100ms"))
                .forDml(UpdateMode.REPLACE);
        ReferenceTarget target = new ReferenceTarget(config, collections, clock, clock::sleepUntilMicros);
        target.ensureCollection();
        EventGenerator changes = EventGenerator.forChanges(GeneratorSettings.withSeed(5), GENERATOR);
        Event rowA = change(changes, START, Op.INSERT, null, 1);
        Event rowB = change(changes, START + 1_000, Op.INSERT, null, 1);
        target.write(new EventBatch(List.of(rowA, rowB)));
        target.write(new EventBatch(List.of(change(changes, START + 2_000, Op.UPDATE, rowA, 2))));
        clock.advanceMicros(10_000);
        target.write(new EventBatch(List.of(change(changes, START + 3_000, Op.DELETE, rowB, 2))));
        List<String> ids = List.of(rowA.id(), rowB.id());

        clock.advanceMicros(95_000); // the update is visible since 100 ms, the delete from 110 ms
        assertThat(target.liveVersions(GENERATOR, ids, Versioned.CONSISTENT))
                .isEqualTo(Map.of(rowA.id(), 2L, rowB.id(), 1L));
        Histogram updates = target.truths().get(3).total();
        assertThat(updates.getTotalCount()).isEqualTo(1);
        assertThat(updates.getMaxValue()).isEqualTo(updates.highestEquivalentValue(105_000 - 2_000));
        assertThat(target.truths().get(4).total().getTotalCount())
                .as("no delete visible yet")
                .isZero();

        clock.advanceMicros(20_000);
        assertThat(target.liveVersions(GENERATOR, ids, Versioned.CONSISTENT)).isEqualTo(Map.of(rowA.id(), 2L));
        Histogram deletes = target.truths().get(4).total();
        assertThat(deletes.getTotalCount()).isEqualTo(1);
        assertThat(deletes.getMaxValue()).isEqualTo(deletes.highestEquivalentValue(125_000 - 3_000));
        assertThat(target.truths().get(3).total().getMaxValue())
                .as("the same update, 20 ms older")
                .isEqualTo(updates.highestEquivalentValue(125_000 - 2_000));
        assertThat(target.truths().stream().map(LatencyRecorder::name))
                .containsExactly("truth", "updateTruth", "deleteTruth", "updateVisibleTruth", "deleteVisibleTruth")
                .as("every truth recorded is one that tables keep out of the measured metrics")
                .containsExactlyInAnyOrderElementsOf(Metrics.TRUTHS);
    }

    private static Event change(EventGenerator changes, long eventTimeMicros, Op op, Event of, long version) {
        UUID id = of == null ? new UUID(0, 0) : UUID.fromString(of.id());
        return Event.parse(changes.nextChangeTransient(
                        eventTimeMicros, op, id.getMostSignificantBits(), id.getLeastSignificantBits(), version, false)
                .clone());
    }

    @Test
    void aCollectionExistsOnlyOnceCreated() {
        ReferenceTarget target = open(Map.of());

        assertThatThrownBy(() -> target.newestEventTimeMicros(GENERATOR))
                .isInstanceOf(TargetException.class)
                .hasMessage("reference at reference://test: probe failed: collection 'events' does not exist;"
                        + " check --collection, or create it first (run, bridge and produce --sink do)");
        assertThatThrownBy(() -> target.write(TestEvents.batch(GENERATOR, 0, 1, START)))
                .isInstanceOf(TargetException.class);
        target.ensureCollection();
        assertThat(target.audit(GENERATOR)).isEqualTo(AuditCounts.NONE);
    }

    @Test
    void invalidOptionsAreUsageErrors() {
        assertThatThrownBy(() -> open(Map.of("visibility.delay", "soon")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("visibility.delay=soon");
        assertThatThrownBy(() -> open(Map.of("write.limit", "fast")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("write.limit=fast");
    }
}
