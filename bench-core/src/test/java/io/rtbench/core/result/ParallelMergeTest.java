package io.rtbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Parts that ran side by side (hosts) merged into one step, as the coordinator and {@code report --merge} do. */
class ParallelMergeTest {

    @Test
    void ratesCountsAndSchedulesAddUp() {
        StepResult merged = ParallelMerge.step(List.of(part(1_000, 1_200, false, 4.0), part(3_000, 1_300, true, 9.0)))
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
        StepResult merged = ParallelMerge.step(List.of(part(1_000, 1_200, false, 0), part(3_000, 1_300, true, 0)))
                .build();

        assertThat(merged.docBytes())
                .isEqualTo(new DocBytes((1_000 * 1_200.0 + 3_000 * 1_300.0) / 4_000, 1_000, 1_500, 9));

        StepResult idle = ParallelMerge.step(List.of(part(0, 1_200, false, 0), part(0, 1_300, false, 0)))
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

        StepResult merged = ParallelMerge.step(List.of(part(1_000, 1_200, false, 0), silent))
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

        StepResult nothing = ParallelMerge.step(List.of(
                        part(1_000, 1_200, false, 0), StepResult.builder().build()))
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

        StepResult merged = ParallelMerge.counts(step, List.of(part(1_000, 1_200, false, 7.0)))
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

        Map<String, LatencySummary> merged = ParallelMerge.latencies(
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
