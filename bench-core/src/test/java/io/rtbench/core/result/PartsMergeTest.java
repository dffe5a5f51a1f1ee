package io.rtbench.core.result;

import static io.rtbench.core.result.PartsMerge.Ran.ONE_AFTER_ANOTHER;
import static io.rtbench.core.result.PartsMerge.Ran.SIDE_BY_SIDE;
import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.core.utilisation.Utilisation.Sample;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Parts of a step merged into one: side by side (hosts), as the coordinator and {@code report --merge} do, and one
 * after another (forks), as the engine does.
 */
class PartsMergeTest {

    @Test
    void ratesCountsAndSchedulesAddUp() {
        StepResult merged = PartsMerge.step(
                        List.of(part(1_000, 1_200, false, 4.0), part(3_000, 1_300, true, 9.0)), SIDE_BY_SIDE)
                .build();

        assertThat(merged.rate()).isEqualTo(new StepRate(400.0, 500_000.0, 400.0, 500_000.0));
        assertThat(merged.events()).isEqualTo(EventCounts.ofEvents(4_000, 4_000L, 0L, 0L, 2L, null));
        assertThat(merged.schedule()).isEqualTo(new Schedule(4_000, 300, 300, true));
        assertThat(merged.probeErrors()).isEqualTo(2);
        assertThat(merged.probesBeforeVisible())
                .as("a part leaves it out when it counted none")
                .isEqualTo(3);
        assertThat(merged.durationSec()).as("the parts share the step's time").isEqualTo(10);
        assertThat(merged.backlog().slopeEventsPerSec())
                .as("one consumer group: the largest, not the sum")
                .isEqualTo(9.0);
        assertThat(merged.batchSize()).isEqualTo(50);
        assertThat(merged.sustained()).isFalse();
    }

    @Test
    void documentSizesAreWeightedByTheEventsOfEachPart() {
        StepResult merged = PartsMerge.step(
                        List.of(part(1_000, 1_200, false, 0), part(3_000, 1_300, true, 0)), SIDE_BY_SIDE)
                .build();

        assertThat(merged.docBytes())
                .isEqualTo(new DocBytes((1_000 * 1_200.0 + 3_000 * 1_300.0) / 4_000, 1_000, 1_500, 9));

        StepResult idle = PartsMerge.step(List.of(part(0, 1_200, false, 0), part(0, 1_300, false, 0)), SIDE_BY_SIDE)
                .build();
        assertThat(idle.docBytes().mean())
                .as("no part produced an event: each part weighs the same")
                .isEqualTo(1_250.0);
        assertThat(idle.sustained()).as("sustained on every part").isTrue();
    }

    @Test
    void aFigureOnePartLacksIsAbsentNotAPartialSum() {
        StepResult silent = part(3_000, 1_300, true, 0).toBuilder()
                .rate(null)
                .schedule(null)
                .docBytes(null)
                .probeErrors(null)
                .probesBeforeVisible(null)
                .sustained(null)
                .build();

        StepResult merged = PartsMerge.step(List.of(part(1_000, 1_200, false, 0), silent), SIDE_BY_SIDE)
                .build();

        assertThat(merged.rate()).isNull();
        assertThat(merged.schedule()).isNull();
        assertThat(merged.docBytes()).isNull();
        assertThat(merged.probeErrors()).isNull();
        assertThat(merged.probesBeforeVisible())
                .as("absent means none counted, and the other part counted none either")
                .isNull();
        assertThat(merged.events().produced()).isEqualTo(4_000);
        assertThat(merged.sustained()).as("one part without a verdict").isNull();

        StepResult nothing = PartsMerge.step(
                        List.of(
                                part(1_000, 1_200, false, 0),
                                StepResult.builder().build()),
                        SIDE_BY_SIDE)
                .build();
        assertThat(nothing.events()).as("a part that counted nothing").isNull();
        assertThat(nothing.docBytes()).as("no events to weigh its sizes by").isNull();
    }

    @Test
    void theCoordinatorKeepsWhatItMeasuredItself() {
        StepResult.Builder step = StepResult.builder()
                .durationSec(12)
                .backlog(new Backlog(0, 10, 1.0, null))
                .latencies(Map.of("data", new LatencySummary(1, 1, 1, 1, 1, 1, 1)));

        StepResult merged = PartsMerge.counts(step, List.of(part(1_000, 1_200, false, 7.0)), SIDE_BY_SIDE)
                .build();

        assertThat(merged.durationSec()).isEqualTo(12);
        assertThat(merged.backlog().slopeEventsPerSec()).isEqualTo(1.0);
        assertThat(merged.latencyMs()).containsOnlyKeys("data");
        assertThat(merged.events().produced()).isEqualTo(1_000);
    }

    @Test
    void latenciesComeFromTheHistogramsAddedTogether() {
        Histogram fast = histogram(1_000, 100);
        Histogram slow = histogram(900_000, 100);
        Histogram wide = new Histogram(3);
        wide.recordValue(7_200_000_000L);
        Histogram both = fast.copy();
        both.add(slow);

        Map<String, LatencySummary> merged = PartsMerge.latencies(
                List.of(Map.of("data", fast, "kafkaHop", fast, "query", wide), Map.of("data", slow, "query", fast)));

        assertThat(merged).as("kafkaHop is not in every part").containsOnlyKeys("data", "query");
        assertThat(merged.get("data")).isEqualTo(LatencySummary.ofMicros(both));
        assertThat(merged.get("data").p50())
                .as("the median of every sample, not an average of the parts' medians")
                .isEqualTo(LatencySummary.ofMicros(fast).p50());
        assertThat(merged.get("query").max())
                .as("a histogram of a wider range than the recorder's adds up too")
                .isEqualTo(LatencySummary.ofMicros(wide).max());
    }

    @Test
    void forksOneAfterAnotherAddTheirTimeAndAverageTheirRates() {
        StepResult merged = PartsMerge.step(
                        List.of(part(1_000, 1_200, false, 4.0), part(3_000, 1_300, true, 9.0)), ONE_AFTER_ANOTHER)
                .build();

        assertThat(merged.durationSec()).as("one after another").isEqualTo(20);
        assertThat(merged.rate())
                .as("the mean of 100 and 300 events/s, not their sum")
                .isEqualTo(new StepRate(200.0, 250_000.0, 200.0, 250_000.0));
        assertThat(merged.events().produced()).as("counts add up either way").isEqualTo(4_000);
        assertThat(merged.schedule()).isEqualTo(new Schedule(4_000, 300, 300, true));
        assertThat(merged.backlog().slopeEventsPerSec()).as("the worst fork's").isEqualTo(9.0);
        assertThat(merged.sustained()).isFalse();
    }

    @Test
    void forksThatShareTheirPlannedRateKeepItExactly() {
        StepResult fork = part(1_000, 1_200, false, 0).toBuilder()
                .rate(new StepRate(0.1, null, 0.1, null))
                .build();

        StepRate merged = PartsMerge.step(List.of(fork, fork, fork), ONE_AFTER_ANOTHER)
                .build()
                .rate();

        assertThat(merged.targetEventsPerSec())
                .as("not 0.1 + 0.1 + 0.1 over 3, which is 0.10000000000000002")
                .isEqualTo(0.1);
        assertThat(merged.targetBytesPerSec()).as("no fork had it").isNull();
    }

    @Test
    void aForkWithoutARateCountsOrAVerdictLeavesThemAbsentAsAHostDoes() {
        StepResult silent = part(3_000, 1_300, false, 0).toBuilder()
                .rate(null)
                .events(null)
                .sustained(null)
                .build();

        for (PartsMerge.Ran ran : PartsMerge.Ran.values()) {
            StepResult merged = PartsMerge.step(List.of(part(1_000, 1_200, false, 0), silent), ran)
                    .build();

            assertThat(merged.rate())
                    .as(ran + ": the other part's rate is not the step's")
                    .isNull();
            assertThat(merged.events())
                    .as(ran + ": the other part's counts are not the step's")
                    .isNull();
            assertThat(merged.sustained())
                    .as(ran + ": the part judged cannot speak for the one that was not")
                    .isNull();
        }
        StepResult behind =
                part(3_000, 1_300, true, 0).toBuilder().sustained(false).build();
        assertThat(PartsMerge.step(List.of(silent, behind), ONE_AFTER_ANOTHER)
                        .build()
                        .sustained())
                .as("one part not sustained is enough")
                .isFalse();
    }

    @Test
    void forksCpuSeriesFollowOneAnotherAndHostsKeepTheBusiestMachine() {
        HostUtilisation quiet = host(30.0, 20.0, 4);
        HostUtilisation busy = host(80.0, 50.0, 2);
        StepResult first = part(1_000, 1_200, false, 0).toBuilder()
                .host(quiet)
                .utilisation(Utilisation.of("process", List.of(new Sample(0, 10.0, null, null))))
                .build();
        StepResult second = part(1_000, 1_200, false, 0).toBuilder().host(busy).build();

        StepResult forks =
                PartsMerge.step(List.of(first, second), ONE_AFTER_ANOTHER).build();
        StepResult hosts = PartsMerge.step(List.of(first, second), SIDE_BY_SIDE).build();

        assertThat(forks.host().machine().series())
                .extracting(Sample::offsetSec)
                .as("the second fork's second 0 comes after the first fork's 10 s")
                .containsExactly(0.0, 10.0);
        assertThat(forks.utilisation().series()).hasSize(1);
        assertThat(hosts.host()).as("two machines' CPU are not added").isSameAs(busy);
        assertThat(hosts.utilisation()).as("the target is not a host's").isNull();
    }

    @Test
    void theBusiestHostIsTheOneNearestToRunningOutOfCpu() {
        HostUtilisation idleMachineBusyHarness = host(20.0, 95.0, 1);
        HostUtilisation busyMachine = host(70.0, 30.0, 8);
        HostUtilisation harnessOnly = HostUtilisation.of(
                new HostUtilisation.Harness(
                        1,
                        Utilisation.Summary.of(cpu(60.0)),
                        cpu(60.0),
                        Map.of("rtbench", Utilisation.of("process", cpu(60.0)))),
                null);

        assertThat(PartsMerge.busiest(Arrays.asList(busyMachine, null, idleMachineBusyHarness)))
                .as("a harness at 95 % of its one core is nearer than a machine at 70 %")
                .hasValue(2);
        assertThat(PartsMerge.busiest(Arrays.asList(busyMachine, harnessOnly)))
                .as("a host without its machine's figures is judged by its harness")
                .hasValue(0);
        assertThat(PartsMerge.busiest(List.of(busyMachine, busyMachine)))
                .as("the first of equals")
                .hasValue(0);
        assertThat(PartsMerge.busiest(Arrays.asList(null, null))).isEmpty();
        assertThat(PartsMerge.host(Arrays.asList(null, null))).isNull();
    }

    /** A host's figures of one second: its machine's CPU, and its harness's in percent of one core on its cores. */
    private static HostUtilisation host(double machinePercent, double harnessPercentOfOneCore, int harnessCores) {
        return new HostUtilisation(
                new HostUtilisation.Harness(
                        harnessCores,
                        Utilisation.Summary.of(cpu(harnessPercentOfOneCore)),
                        cpu(harnessPercentOfOneCore),
                        Map.of("rtbench", Utilisation.of("process", cpu(harnessPercentOfOneCore)))),
                new HostUtilisation.Machine(4, Utilisation.Summary.of(cpu(machinePercent)), cpu(machinePercent)));
    }

    private static List<Sample> cpu(double percent) {
        return List.of(new Sample(0, percent, null, null));
    }

    private static Histogram histogram(long micros, int count) {
        Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValueWithCount(micros, count);
        return histogram;
    }

    /** One host's step: {@code produced} events at 10 s, behind its schedule or not. */
    private static StepResult part(long produced, double docMean, boolean behind, double backlogSlope) {
        double perSec = produced / 10.0;
        return StepResult.builder()
                .rate(new StepRate(perSec, perSec * 1250, perSec, perSec * 1250))
                .batchSize(50)
                .durationSec(10)
                .docBytes(new DocBytes(docMean, behind ? 1_100 : 1_000, behind ? 1_500 : 1_400, 9))
                .events(EventCounts.ofEvents(produced, produced, 0L, 0L, 1L, null))
                .probeErrors(1L)
                .probesBeforeVisible(behind ? 3L : null)
                .backlog(new Backlog(0, 10, backlogSlope, null))
                .schedule(new Schedule(produced, behind ? produced / 10 : 0, behind ? 300 : 0, behind))
                .sustained(!behind)
                .build();
    }
}
