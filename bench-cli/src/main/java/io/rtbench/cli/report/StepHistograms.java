package io.rtbench.cli.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The interval histograms of one step, by metric (the tag of each interval in the {@code .hlog}), values in
 * microseconds, timestamps absolute (epoch milliseconds). Totals and per-second points are computed by adding
 * histograms, never by averaging percentiles, so they are exact whatever the number of intervals or hosts.
 */
final class StepHistograms {

    /** Metric name → interval histograms, in log order. Untagged intervals are kept under "". */
    private final Map<String, List<Histogram>> intervals;

    private StepHistograms(Map<String, List<Histogram>> intervals) {
        this.intervals = intervals;
    }

    /**
     * Reads an HdrHistogram interval log as {@link io.rtbench.core.metrics.IntervalLog} writes it (or any other
     * writer of the format); double histograms are skipped, since rtbench records integers.
     *
     * @throws IOException when the file cannot be read or is not an interval log
     */
    static StepHistograms read(Path hlog) throws IOException {
        Map<String, List<Histogram>> byMetric = new LinkedHashMap<>();
        try (InputStream in = Files.newInputStream(hlog);
                HistogramLogReader reader = new HistogramLogReader(in)) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram histogram) {
                    String tag = histogram.getTag() == null ? "" : histogram.getTag();
                    byMetric.computeIfAbsent(tag, t -> new ArrayList<>()).add(histogram);
                }
            }
        } catch (RuntimeException e) {
            // HistogramLogReader reports a malformed line or payload as an unchecked exception.
            throw new IOException("not an HdrHistogram interval log (" + e.getMessage() + ")", e);
        }
        return new StepHistograms(byMetric);
    }

    /** The intervals of several hosts' logs of the same step, side by side; totals then cover every host. */
    static StepHistograms merge(Collection<StepHistograms> parts) {
        Map<String, List<Histogram>> byMetric = new LinkedHashMap<>();
        for (StepHistograms part : parts) {
            part.intervals.forEach((metric, list) ->
                    byMetric.computeIfAbsent(metric, m -> new ArrayList<>()).addAll(list));
        }
        return new StepHistograms(byMetric);
    }

    Set<String> metrics() {
        return intervals.keySet();
    }

    /** Every interval of {@code metric} added into one histogram; empty when the log holds none. */
    Optional<Histogram> total(String metric) {
        List<Histogram> list = intervals.get(metric);
        if (list == null || list.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(sum(list));
    }

    /**
     * One point per second of the step: the intervals of {@code metric} that start in the same second (rounded,
     * relative to the first interval of any metric in the step) are added, then p50 and p99 read off the sum. With
     * one host that is one interval per point; with several, the hosts' intervals of that second.
     */
    List<IntervalPoint> timeline(String metric) {
        List<Histogram> list = intervals.get(metric);
        if (list == null || list.isEmpty()) {
            return List.of();
        }
        long firstMillis = firstStartMillis();
        TreeMap<Long, List<Histogram>> bySecond = new TreeMap<>();
        for (Histogram interval : list) {
            long second = Math.round((interval.getStartTimeStamp() - firstMillis) / 1000.0);
            bySecond.computeIfAbsent(second, s -> new ArrayList<>()).add(interval);
        }
        List<IntervalPoint> points = new ArrayList<>(bySecond.size());
        bySecond.forEach((second, histograms) -> {
            Histogram merged = sum(histograms);
            points.add(new IntervalPoint(
                    second,
                    merged.getTotalCount(),
                    merged.getValueAtPercentile(50) / 1000.0,
                    merged.getValueAtPercentile(99) / 1000.0));
        });
        return points;
    }

    private long firstStartMillis() {
        long first = Long.MAX_VALUE;
        for (List<Histogram> list : intervals.values()) {
            for (Histogram interval : list) {
                first = Math.min(first, interval.getStartTimeStamp());
            }
        }
        return first;
    }

    private static Histogram sum(List<Histogram> histograms) {
        // Auto-resizing, so that intervals recorded with different ranges still add exactly.
        Histogram sum = new Histogram(histograms.get(0).getNumberOfSignificantValueDigits());
        histograms.forEach(sum::add);
        return sum;
    }

    /** Data of one second of a step: sample count and percentiles of that second, in milliseconds. */
    record IntervalPoint(long second, long count, double p50Ms, double p99Ms) {}
}
