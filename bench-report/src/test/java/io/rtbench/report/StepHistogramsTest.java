package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.metrics.Metrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepHistogramsTest {

    private static final long START_MILLIS = 1_741_082_400_000L;

    @TempDir
    Path dir;

    @Test
    void readsBackWhatIntervalLogWrote() throws IOException {
        Path hlog = dir.resolve("step.hlog");
        Map<String, Histogram> recorded =
                Fixtures.writeLog(hlog, START_MILLIS, 10, Map.of(Metrics.DATA, 500_000L, Metrics.KAFKA_HOP, 7_000L), 1);

        StepHistograms read = StepHistograms.read(hlog);

        assertThat(read.metrics()).containsExactlyInAnyOrder(Metrics.DATA, Metrics.KAFKA_HOP);
        for (String metric : List.of(Metrics.DATA, Metrics.KAFKA_HOP)) {
            Histogram total = read.total(metric).orElseThrow();
            Histogram expected = recorded.get(metric);
            assertThat(total.getTotalCount()).isEqualTo(500).isEqualTo(expected.getTotalCount());
            for (double percentile : new double[] {0, 50, 90, 99, 99.9, 100}) {
                assertThat(total.getValueAtPercentile(percentile))
                        .as("%s p%s", metric, percentile)
                        .isEqualTo(expected.getValueAtPercentile(percentile));
            }
            assertThat(total.getMaxValue()).isEqualTo(expected.getMaxValue());
        }
        assertThat(read.total(Metrics.SINK_WRITE)).isEmpty();
    }

    @Test
    void timelineHasOnePointPerIntervalWithThatIntervalsPercentiles() throws IOException {
        Path hlog = dir.resolve("step.hlog");
        Fixtures.writeLog(hlog, START_MILLIS, 5, Map.of(Metrics.DATA, 100_000L), 2);

        List<StepHistograms.IntervalPoint> points = StepHistograms.read(hlog).timeline(Metrics.DATA);

        assertThat(points).extracting(StepHistograms.IntervalPoint::second).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(points).allSatisfy(point -> assertThat(point.count()).isEqualTo(50));
        // The medians of the fixture grow by 1 ms per second; each point shows its own second, not an average.
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).p99Ms()).isGreaterThan(points.get(0).p50Ms());
        }
        assertThat(points.get(0).p50Ms()).isBetween(50.0, 150.0);
    }

    @Test
    void logsOfSeveralHostsMergeExactly() throws IOException {
        Path a = dir.resolve("host-a.hlog");
        Path b = dir.resolve("host-b.hlog");
        Histogram fromA = Fixtures.writeLog(a, START_MILLIS, 4, Map.of(Metrics.DATA, 200_000L), 3)
                .get(Metrics.DATA);
        // The second host's log starts 300 ms later and its latencies are ten times higher.
        Histogram fromB = Fixtures.writeLog(b, START_MILLIS + 300, 4, Map.of(Metrics.DATA, 2_000_000L), 4)
                .get(Metrics.DATA);
        Histogram all = fromA.copy();
        all.add(fromB);

        StepHistograms merged = StepHistograms.merge(List.of(StepHistograms.read(a), StepHistograms.read(b)));

        Histogram total = merged.total(Metrics.DATA).orElseThrow();
        assertThat(total.getTotalCount()).isEqualTo(400);
        for (double percentile : new double[] {25, 50, 75, 99}) {
            assertThat(total.getValueAtPercentile(percentile)).isEqualTo(all.getValueAtPercentile(percentile));
        }
        // Half the samples are A's (all below 0.31 s): the merged median is A's top, where averaging the two hosts'
        // medians would have said about 1.1 s.
        assertThat(total.getValueAtPercentile(50)).isLessThan(310_000L);
        assertThat(merged.timeline(Metrics.DATA))
                .hasSize(4)
                .allSatisfy(point -> assertThat(point.count()).isEqualTo(100));
    }

    @Test
    void anHoursLogIsHeldAsTotalsAndCompressedDataIntervals() throws IOException {
        // A decoded interval of LatencyRecorder's range (1 µs … 1 h, 3 digits) is a 188 KB array: a 10-minute soak's
        // 8 metrics held 900 MB while its report was drawn, and a 12-hour run's log could not be read at all.
        Path hlog = dir.resolve("hour.hlog");
        int seconds = 3_600;
        Fixtures.writeLog(
                hlog,
                START_MILLIS,
                seconds,
                Map.of(Metrics.DATA, 500_000L, Metrics.KAFKA_HOP, 7_000L, Metrics.SINK_WRITE, 40_000L),
                5);

        StepHistograms read = StepHistograms.read(hlog);

        assertThat(read.total(Metrics.KAFKA_HOP).orElseThrow().getTotalCount()).isEqualTo(50L * seconds);
        assertThat(read.timeline(Metrics.DATA)).hasSize(seconds);
        // About 1 MB: three totals (auto-resizing, ~110 KB each here) and 3,600 data seconds compressed (~190 bytes
        // each). Holding the decoded intervals, as the report did before, was 2.04 GB for this log.
        assertThat(read.retainedBytes()).isLessThan(2_000_000L);
    }

    @Test
    void aFileThatIsNotAnIntervalLogIsReported() throws IOException {
        Path junk = dir.resolve("junk.hlog");
        Files.writeString(junk, "0.000,1.000,2.0,not-a-histogram\n");

        assertThatThrownBy(() -> StepHistograms.read(junk))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not an HdrHistogram interval log");
    }
}
