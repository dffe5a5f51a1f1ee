package io.rtbench.core.metrics;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log ({@code .hlog}): one tagged interval histogram per metric per period, so that runs on
 * several hosts merge exactly (HdrHistogram's {@code HistogramLogProcessor} or {@code rtbench report}), never by
 * averaging percentiles (docs/MEASUREMENT.md). Beside the latencies (microseconds) it holds readings of another unit
 * under their own tags ({@link Metrics#READINGS}: the sink's backlog in events).
 */
public final class IntervalLog implements AutoCloseable {

    private final PrintStream out;
    private final HistogramLogWriter writer;

    public IntervalLog(Path file, long startTimeMillis) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            OutputStream stream = Files.newOutputStream(file);
            this.out = new PrintStream(stream, false, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write histogram log " + file + ": " + e.getMessage(), e);
        }
        this.writer = new HistogramLogWriter(out);
        writer.outputLogFormatVersion();
        writer.outputComment("rtbench intervals tagged by metric name: latencies in microseconds; tag "
                + Metrics.BACKLOG + ": the sink's backlog readings in events");
        writer.outputStartTime(startTimeMillis);
        writer.setBaseTime(startTimeMillis);
        writer.outputLegend();
    }

    /** Appends one interval histogram; its tag names the metric. Empty intervals are skipped. */
    public synchronized void append(Histogram interval) {
        if (interval.getTotalCount() > 0) {
            writer.outputIntervalHistogram(interval);
        }
    }

    @Override
    public synchronized void close() {
        out.close();
    }
}
