package io.rtbench.cli.run;

import io.rtbench.core.metrics.MetricSet;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Follows the interval logs ({@code .hlog}) that Kafka Connect sink tasks write in a directory and records each new
 * interval into a {@link MetricSet} by its tag, so that a sink in another class loader (or process) reports its stage
 * latencies like the in-process bridge. Intervals that ended before {@link #skipUntil} (a warmup) are left out.
 */
final class HistogramLogTail {

    private final Path dir;
    private final MetricSet metrics;
    private final Map<Path, Integer> intervalsRead = new HashMap<>();
    private volatile long skipUntilMillis;

    HistogramLogTail(Path dir, MetricSet metrics) {
        this.dir = dir;
        this.metrics = metrics;
    }

    /** Intervals ending before this moment (epoch ms) are not recorded. */
    void skipUntil(long epochMillis) {
        skipUntilMillis = epochMillis;
    }

    /** Reads what the logs gained since the previous call. */
    synchronized void poll() throws IOException {
        try (DirectoryStream<Path> logs = Files.newDirectoryStream(dir, "*.hlog")) {
            for (Path log : logs) {
                readNew(log);
            }
        }
    }

    private void readNew(Path log) throws FileNotFoundException {
        int seen = intervalsRead.getOrDefault(log, 0);
        int index = 0;
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null; index++) {
            if (index < seen || !(interval instanceof Histogram histogram) || histogram.getTag() == null) {
                continue;
            }
            if (histogram.getEndTimeStamp() >= skipUntilMillis) {
                metrics.recorder(histogram.getTag()).recordAll(histogram);
            }
        }
        intervalsRead.put(log, index);
    }
}
