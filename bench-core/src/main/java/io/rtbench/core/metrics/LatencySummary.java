package io.rtbench.core.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A latency distribution as the result file reports it: count and percentiles in milliseconds (docs/MEASUREMENT.md). Means
 * are deliberately absent.
 */
public record LatencySummary(long count, double p50, double p90, double p95, double p99, double p999, double max) {

    /** Summarizes a histogram recorded in microseconds. */
    public static LatencySummary ofMicros(Histogram micros) {
        return new LatencySummary(
                micros.getTotalCount(),
                millis(micros.getValueAtPercentile(50)),
                millis(micros.getValueAtPercentile(90)),
                millis(micros.getValueAtPercentile(95)),
                millis(micros.getValueAtPercentile(99)),
                millis(micros.getValueAtPercentile(99.9)),
                millis(micros.getMaxValue()));
    }

    /**
     * The summary of each histogram (in microseconds) that has samples, in the map's order; the result file leaves out
     * metrics with none.
     */
    public static Map<String, LatencySummary> ofEachWithSamples(Map<String, Histogram> micros) {
        Map<String, LatencySummary> summaries = new LinkedHashMap<>();
        micros.forEach((name, histogram) -> {
            if (histogram.getTotalCount() > 0) {
                summaries.put(name, ofMicros(histogram));
            }
        });
        return summaries;
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
