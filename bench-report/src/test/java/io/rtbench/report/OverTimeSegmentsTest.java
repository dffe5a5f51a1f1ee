package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The over-time chart of a forked step draws each fork as its own line: the forks' intervals are minutes apart on the
 * step's timeline, and one line through them joined the last second of one fork to the first of the next.
 */
class OverTimeSegmentsTest {

    private static List<StepHistograms.IntervalPoint> seconds(long... seconds) {
        return LongStream.of(seconds)
                .mapToObj(second -> new StepHistograms.IntervalPoint(second, 10, 1.0, 2.0))
                .toList();
    }

    @Test
    void twoForksMinutesApartAreTwoSegments() {
        List<List<StepHistograms.IntervalPoint>> segments = OverTimeCharts.segments(seconds(0, 1, 2, 3, 95, 96, 97));

        assertThat(segments).hasSize(2);
        assertThat(segments.get(0))
                .extracting(StepHistograms.IntervalPoint::second)
                .containsExactly(0L, 1L, 2L, 3L);
        assertThat(segments.get(1))
                .extracting(StepHistograms.IntervalPoint::second)
                .containsExactly(95L, 96L, 97L);
    }

    @Test
    void aLateTickIsNoGap() {
        assertThat(OverTimeCharts.segments(seconds(0, 1, 3, 4))).hasSize(1);
        assertThat(OverTimeCharts.segments(seconds(0, 1, 4, 5))).hasSize(2);
    }

    @Test
    void aRunWithoutForksIsOneSegment() {
        assertThat(OverTimeCharts.segments(seconds(0, 1, 2, 3, 4))).hasSize(1);
        assertThat(OverTimeCharts.segments(List.of())).isEmpty();
    }
}
