package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Operations;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ForkMergeTest {

    private static final Repetitions THREE_BY_THREE = new Repetitions(3, 3, Duration.ofSeconds(5), 0);

    @Test
    void pooledPercentilesAreThoseOfOneHistogramOfEverySampleNotAnAverage() {
        SplittableRandom random = new SplittableRandom(7);
        ForkMerge merge = new ForkMerge(THREE_BY_THREE);
        Histogram everySample = LatencyRecorder.newHistogram();
        StepResult merged = null;
        for (int fork = 1; fork <= 3; fork++) {
            Histogram forkTotal = LatencyRecorder.newHistogram();
            // forks differ on purpose (a slower one with a long tail): an average of percentiles would differ
            long base = 100_000L * fork;
            for (int sample = 0; sample < 5_000; sample++) {
                long micros = base + random.nextLong(fork == 3 ? 900_000 : 50_000);
                forkTotal.recordValue(micros);
                everySample.recordValue(micros);
            }
            merged = merge.add(0, new ForkMerge.ForkStep(step(1_000, true), Map.of("data", forkTotal), List.of(), 5));
        }

        assertThat(merged.latencyMs().get("data")).isEqualTo(LatencySummary.ofMicros(everySample));
        StepRepetitions repetitions = merged.repetitions();
        assertThat(repetitions.forks()).isEqualTo(3);
        StepRepetitions.Score p99 = repetitions.scores().get("data").p99();
        assertThat(p99.perFork()).hasSize(3);
        assertThat(p99.score())
                .isEqualTo(p99.perFork().stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElseThrow());
        assertThat(p99.scoreError()).isFinite().isPositive();
        assertThat(merged.latencyMs().get("data").p99()).isNotEqualTo(p99.score());
    }

    @Test
    void countsAddUpAndAStepIsSustainedOnlyWhenEveryForkSustainedIt() {
        ForkMerge merge = new ForkMerge(THREE_BY_THREE);
        Histogram one = LatencyRecorder.newHistogram();
        one.recordValue(1_000);
        merge.add(0, new ForkMerge.ForkStep(step(1_000, true), Map.of("data", one), List.of(), 5));
        assertThat(merge.merged().get(0).probesBeforeVisible())
                .as("no fork had any: absent, not 0")
                .isNull();
        StepResult late = step(2_000, false).toBuilder().probesBeforeVisible(3L).build();
        StepResult merged = merge.add(0, new ForkMerge.ForkStep(late, Map.of("data", one), List.of(), 5));

        assertThat(merged.events().produced()).isEqualTo(3_000);
        assertThat(merged.probesBeforeVisible())
                .as("a fork without the figure counted none")
                .isEqualTo(3);
        assertThat(merged.events().lost()).isZero();
        assertThat(merged.durationSec()).isEqualTo(20.0);
        assertThat(merged.sustained()).isFalse();
        assertThat(merged.histogramLog()).isNull();
    }

    /** Workload dml: landed counts _ids, so the forks' ids, stale and resurrected rows and ops must add up too. */
    @Test
    void theFinalStateAuditsOfUpdatesAndDeletesAddUp() {
        ForkMerge merge = new ForkMerge(THREE_BY_THREE);
        Histogram one = LatencyRecorder.newHistogram();
        one.recordValue(1_000);
        StepResult first = step(1_000, true).toBuilder()
                .events(new EventCounts(1_000, 880L, 0L, 0L, 0L, true, 880L, 0L, 0L, new Operations(880, 100, 20)))
                .build();
        StepResult second = step(1_000, true).toBuilder()
                .events(new EventCounts(1_000, 869L, 0L, 0L, 0L, true, 870L, 1L, 0L, new Operations(870, 110, 20)))
                .build();
        merge.add(0, new ForkMerge.ForkStep(first, Map.of("data", one), List.of(), 5));

        EventCounts events = merge.add(0, new ForkMerge.ForkStep(second, Map.of("data", one), List.of(), 5))
                .events();

        assertThat(events.ids()).isEqualTo(1_750);
        assertThat(events.landed()).isEqualTo(1_749);
        assertThat(events.stale())
                .as("one fork's stale row is not hidden by the merge")
                .isEqualTo(1);
        assertThat(events.resurrected()).isZero();
        assertThat(events.operations()).isEqualTo(new Operations(1_750, 210, 40));
    }

    /** The rules a step's parts share (PartsMerge): before, a fork without a figure left the first fork's. */
    @Test
    void aForkWithoutARateCountsOrAVerdictLeavesThemAbsentRatherThanTheFirstForks() {
        ForkMerge merge = new ForkMerge(THREE_BY_THREE);
        Histogram one = LatencyRecorder.newHistogram();
        one.recordValue(1_000);
        StepResult measured = step(1_000, true).toBuilder()
                .rate(new StepRate(100.0, null, 100.0, null))
                .build();
        StepResult unmeasured = step(1_000, true).toBuilder()
                .rate(null)
                .events(null)
                .sustained(null)
                .build();
        merge.add(0, new ForkMerge.ForkStep(measured, Map.of("data", one), List.of(), 5));

        StepResult merged = merge.add(0, new ForkMerge.ForkStep(unmeasured, Map.of("data", one), List.of(), 5));

        assertThat(merged.rate()).as("the first fork's rate is not the step's").isNull();
        assertThat(merged.events())
                .as("the first fork's counts are not the step's")
                .isNull();
        assertThat(merged.sustained())
                .as("a fork without a verdict is no verdict, not 'not sustained'")
                .isNull();
        assertThat(merged.latencyMs().get("data").count())
                .as("pooled from both forks")
                .isEqualTo(2);
    }

    @Test
    void forksAverageTheirRatesAndWeighTheirDocumentSizesByTheirEvents() {
        ForkMerge merge = new ForkMerge(THREE_BY_THREE);
        Histogram one = LatencyRecorder.newHistogram();
        one.recordValue(1_000);
        StepResult slow = step(1_000, true).toBuilder()
                .rate(new StepRate(200.0, null, 100.0, null))
                .docBytes(new DocBytes(1_000, 900, 1_100, 9))
                .schedule(new Schedule(2_000, 1_000, 50, true))
                .build();
        StepResult fast = step(3_000, true).toBuilder()
                .rate(new StepRate(200.0, null, 300.0, null))
                .docBytes(new DocBytes(2_000, 1_900, 2_100, 9))
                .schedule(new Schedule(2_000, 0, 0, false))
                .build();
        merge.add(0, new ForkMerge.ForkStep(slow, Map.of("data", one), List.of(), 5));

        StepResult merged = merge.add(0, new ForkMerge.ForkStep(fast, Map.of("data", one), List.of(), 5));

        assertThat(merged.rate()).isEqualTo(new StepRate(200.0, null, 200.0, null));
        assertThat(merged.docBytes())
                .as("not the first fork's sizes")
                .isEqualTo(new DocBytes((1_000 * 1_000.0 + 3_000 * 2_000.0) / 4_000, 900, 2_100, 9));
        assertThat(merged.schedule())
                .as("the events due and behind of both forks")
                .isEqualTo(new Schedule(4_000, 1_000, 50, true));
    }

    @Test
    void eachForksFaultsFollowOneAnotherAndForksWithoutAnyAddNone() {
        ForkMerge merge = new ForkMerge(THREE_BY_THREE);
        Histogram one = LatencyRecorder.newHistogram();
        one.recordValue(1_000);
        StepFault first = fault(1);
        StepFault third = fault(3);
        merge.add(0, new ForkMerge.ForkStep(withFault(first), Map.of("data", one), List.of(), 5));
        merge.add(0, new ForkMerge.ForkStep(step(1_000, true), Map.of("data", one), List.of(), 5));
        StepResult merged = merge.add(0, new ForkMerge.ForkStep(withFault(third), Map.of("data", one), List.of(), 5));

        assertThat(merged.faults()).containsExactly(first, third);
        assertThat(new ForkMerge(THREE_BY_THREE)
                        .add(0, new ForkMerge.ForkStep(step(1_000, true), Map.of("data", one), List.of(), 5))
                        .faults())
                .as("no fault: absent")
                .isNull();
    }

    private static StepResult withFault(StepFault fault) {
        return step(1_000, true).toBuilder().faults(List.of(fault)).build();
    }

    private static StepFault fault(int fork) {
        return new StepFault(
                "target-pause@1s+1s", fork, 1.0, 2.0, 1_000L, 2_000L, 5.0, 10.0, 60.0, 1_010.0, true, 0.2, null, null);
    }

    @Test
    void aRunWithoutRepetitionsKeepsItsStepAsItIs() {
        ForkMerge merge = new ForkMerge(Repetitions.NONE);
        StepResult step = step(1_000, true);

        assertThat(merge.add(0, new ForkMerge.ForkStep(step, Map.of(), List.of(), 10)))
                .isSameAs(step);
        assertThat(merge.merged()).containsExactly(step);
    }

    private static StepResult step(long produced, boolean sustained) {
        return StepResult.builder()
                .durationSec(10)
                .events(EventCounts.ofEvents(produced, produced, 0L, 0L, 0L, true))
                .sustained(sustained)
                .histogramLog("x.step-1.hlog")
                .build();
    }
}
