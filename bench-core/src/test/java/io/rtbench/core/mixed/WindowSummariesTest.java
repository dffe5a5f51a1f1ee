package io.rtbench.core.mixed;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.result.StepReads.Window;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WindowSummariesTest {

    private static final long S = 1_000_000_000L;

    private static Histogram interval(String metric, long micros, int count) {
        Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValueWithCount(micros, count);
        histogram.setTag(metric);
        return histogram;
    }

    /**
     * Windows of 3 s over ticks a second apart (slightly off the boundaries, as real ticks are): each window merges its
     * seconds' histograms, so a bad second shows in its window's p99 and not in the others'.
     */
    @Test
    void eachWindowMergesItsSecondsAndSummarizesThem() {
        WindowSummaries windows = new WindowSummaries(Duration.ofSeconds(3), Set.of("select", "data"));
        long start = 100 * S;
        windows.start(start);
        for (int second = 1; second <= 7; second++) {
            long select = second == 5 ? 900_000 : 2_000; // one slow second, in window 2
            windows.tick(
                    Map.of(
                            "select", interval("select", select, 200),
                            "data", interval("data", 50_000, 4),
                            "produceAck", interval("produceAck", 1_000, 800)),
                    start + second * S - 3_000_000); // 3 ms early
        }

        List<Window> closed = windows.finish(start + 7 * S + 100_000_000);

        assertThat(closed).hasSize(3);
        assertThat(closed.get(0).index()).isEqualTo(1);
        assertThat(closed.get(0).startSec()).isEqualTo(0);
        assertThat(closed.get(0).durationSec()).isCloseTo(3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(closed.get(0).latencyMs()).containsOnlyKeys("select", "data");
        assertThat(closed.get(0).latencyMs().get("select").count()).isEqualTo(600);
        assertThat(closed.get(0).latencyMs().get("select").p99())
                .isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(closed.get(1).latencyMs().get("select").count()).isEqualTo(600);
        assertThat(closed.get(1).latencyMs().get("select").p99())
                .isCloseTo(900, org.assertj.core.data.Offset.offset(1.0));
        assertThat(closed.get(1).latencyMs().get("select").p50())
                .isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(closed.get(1).latencyMs().get("data").count()).isEqualTo(12);
        // the last, part window: the seventh second only
        assertThat(closed.get(2).latencyMs().get("select").count()).isEqualTo(200);
        assertThat(closed.get(2).latencyMs().get("select").max())
                .isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void ticksOutsideAMeasuredPhaseAreIgnoredAndAStartForgetsEarlierWindows() {
        WindowSummaries windows = new WindowSummaries(Duration.ofSeconds(2), Set.of("select"));
        windows.tick(Map.of("select", interval("select", 1_000, 5)), S);
        windows.start(10 * S);
        windows.tick(Map.of("select", interval("select", 1_000, 5)), 11 * S);
        assertThat(windows.finish(11 * S)).hasSize(1);
        windows.start(20 * S);
        assertThat(windows.finish(21 * S)).isEmpty();
    }

    /**
     * Reads issued in the phase and finishing after it (a queue behind a slow target) land in the last window: the
     * phase's end closes no window and opens none, and the last window ends at the phase's end.
     */
    @Test
    void readsFinishingAfterThePhaseAreTheLastWindows() {
        WindowSummaries windows = new WindowSummaries(Duration.ofSeconds(2), Set.of("select"));
        long start = 100 * S;
        windows.start(start);
        for (int second = 1; second <= 3; second++) {
            windows.tick(Map.of("select", interval("select", 1_000, 10)), start + second * S);
        }
        windows.end(start + 4 * S);
        for (int second = 4; second <= 8; second++) { // 4 s of draining reads, 2 windows' worth
            windows.tick(Map.of("select", interval("select", 2_000_000, 10)), start + second * S);
        }

        List<Window> closed = windows.finish(start + 9 * S);

        assertThat(closed).hasSize(2);
        assertThat(closed.get(1).startSec()).isEqualTo(2);
        assertThat(closed.get(1).durationSec()).isCloseTo(2, org.assertj.core.data.Offset.offset(0.001));
        assertThat(closed.get(1).latencyMs().get("select").count()).isEqualTo(60);
    }
}
