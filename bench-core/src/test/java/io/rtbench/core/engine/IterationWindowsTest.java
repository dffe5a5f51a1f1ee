package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.result.StepRepetitions.Iteration;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IterationWindowsTest {

    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void warmupWindowsAreDiscardedAndEachMeasuredWindowHasItsOwnHistogramsAndLog() throws IOException {
        IterationWindows windows =
                new IterationWindows(1, 3, Duration.ofSeconds(2), i -> "r.iteration-" + i + ".hlog", dir, 0);
        assertThat(windows.boundaries()).containsExactly(2 * SECOND, 4 * SECOND);
        assertThat(windows.phaseLength()).isEqualTo(Duration.ofSeconds(6));

        windows.record(interval("data", 9_000)); // warmup: discarded
        windows.close(2 * SECOND);
        windows.record(interval("data", 1_000));
        windows.record(interval("data", 2_000));
        windows.record(interval("query", 500));
        windows.close(4 * SECOND);
        windows.record(interval("data", 3_000));
        windows.close(6 * SECOND);

        assertThat(windows.finished()).isTrue();
        List<Iteration> iterations = windows.iterations(2);
        assertThat(iterations).extracting(Iteration::iteration).containsExactly(1, 2);
        assertThat(iterations).extracting(Iteration::fork).containsExactly(2, 2);
        assertThat(iterations.get(0).durationSec()).isEqualTo(2.0);
        assertThat(iterations.get(0).latencyMs().get("data").count()).isEqualTo(2);
        assertThat(iterations.get(0).latencyMs()).containsKey("query");
        assertThat(iterations.get(1).latencyMs().get("data").max())
                .isCloseTo(3.0, org.assertj.core.api.Assertions.within(0.01));
        Histogram data = windows.totals().get("data");
        assertThat(data.getTotalCount()).isEqualTo(3);
        assertThat(data.getMaxValue()).isLessThan(9_000);
        assertThat(Files.exists(dir.resolve("r.iteration-0.hlog"))).isFalse();
        assertThat(countIn(dir.resolve("r.iteration-1.hlog"))).isEqualTo(3);
        assertThat(countIn(dir.resolve("r.iteration-2.hlog"))).isEqualTo(1);
    }

    @Test
    void aPhaseCutShortKeepsTheWindowItWasIn() {
        IterationWindows windows = new IterationWindows(0, 3, Duration.ofSeconds(2), null, null, 0);
        windows.record(interval("data", 1_000));
        windows.close(SECOND);

        assertThat(windows.finished()).isFalse();
        assertThat(windows.iterations(1)).singleElement().satisfies(it -> {
            assertThat(it.durationSec()).isEqualTo(1.0);
            assertThat(it.histogramLog()).isNull();
        });
    }

    @Test
    void readingsGoToTheMeasuredWindowsLogButNotToItsHistograms() throws IOException {
        IterationWindows windows =
                new IterationWindows(1, 2, Duration.ofSeconds(2), i -> "b.iteration-" + i + ".hlog", dir, 0);

        windows.log(interval("backlog", 7_000)); // warmup: no log
        windows.close(2 * SECOND);
        windows.record(interval("data", 1_000));
        windows.log(interval("backlog", 2_500));
        windows.close(4 * SECOND);
        windows.log(interval("backlog", 3_000)); // after the last window: nowhere

        assertThat(windows.totals()).containsOnlyKeys("data");
        assertThat(windows.iterations(1).get(0).latencyMs()).containsOnlyKeys("data");
        assertThat(countIn(dir.resolve("b.iteration-1.hlog")))
                .as("the data and the one reading")
                .isEqualTo(2);
    }

    private static Histogram interval(String metric, long micros) {
        Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValue(micros);
        histogram.setTag(metric);
        return histogram;
    }

    private static long countIn(Path log) throws IOException {
        long count = 0;
        try (FileInputStream in = new FileInputStream(log.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            Histogram next;
            while ((next = (Histogram) reader.nextIntervalHistogram()) != null) {
                count += next.getTotalCount();
            }
        }
        return count;
    }
}
