package io.rtbench.report;

import io.rtbench.core.metrics.Metrics;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The interval histograms of one step, by metric (the tag of each interval in the {@code .hlog}), values in
 * microseconds, timestamps absolute (epoch milliseconds). The tags of readings that are not latencies
 * ({@link Metrics#READINGS}: the sink's backlog in events, each reading an interval of its own) are kept apart as
 * readings: no total, metric list or merge of latencies has them, only {@link #readings}. Totals and per-second
 * points are computed by adding histograms, never by averaging percentiles, so they are exact whatever the number of
 * intervals or hosts.
 *
 * <p>The log is read as a stream and only what the report uses is kept: one total per metric, the intervals of
 * {@link #TIMELINE_METRICS} compressed (about 100 bytes a second) and the readings' times and values (32 bytes each).
 * A decoded interval of LatencyRecorder's range is a 188 KB array: holding every one of them took a 10-minute mixed
 * soak's report to 1.36 GB (docs/BENCHMARKS.md, "Workload mixed: a 10-minute soak with reads"), and a 12-hour run's
 * log would not fit at all.
 */
final class StepHistograms {

    /** The metrics whose per-second {@link #timeline} the report draws. */
    static final Set<String> TIMELINE_METRICS = Set.of(Metrics.DATA);

    /** Metric name → every interval added up, in log order of first appearance. Untagged intervals are under "". */
    private final Map<String, Histogram> totals;
    /** Metric name → its intervals compressed, for the metrics of {@link #TIMELINE_METRICS}. */
    private final Map<String, List<Interval>> timelines;
    /** Tag of {@link Metrics#READINGS} → its readings, in log order. */
    private final Map<String, List<Reading>> readings;
    /** The earliest interval start of any metric (Long.MAX_VALUE when none): second 0 of the timeline. */
    private final long firstStartMillis;

    private StepHistograms(
            Map<String, Histogram> totals,
            Map<String, List<Interval>> timelines,
            Map<String, List<Reading>> readings,
            long firstStartMillis) {
        this.totals = totals;
        this.timelines = timelines;
        this.readings = readings;
        this.firstStartMillis = firstStartMillis;
    }

    /**
     * Reads an HdrHistogram interval log as {@link io.rtbench.core.metrics.IntervalLog} writes it (or any other
     * writer of the format); double histograms are skipped, since rtbench records integers.
     *
     * @throws IOException when the file cannot be read or is not an interval log
     */
    static StepHistograms read(Path hlog) throws IOException {
        Map<String, Histogram> totals = new LinkedHashMap<>();
        Map<String, List<Interval>> timelines = new LinkedHashMap<>();
        Map<String, List<Reading>> readings = new LinkedHashMap<>();
        long first = Long.MAX_VALUE;
        try (InputStream in = Files.newInputStream(hlog);
                HistogramLogReader reader = new HistogramLogReader(in)) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram histogram) {
                    String tag = histogram.getTag() == null ? "" : histogram.getTag();
                    first = Math.min(first, histogram.getStartTimeStamp());
                    if (Metrics.READINGS.contains(tag)) {
                        readings.computeIfAbsent(tag, t -> new ArrayList<>())
                                .add(new Reading(histogram.getStartTimeStamp(), histogram.getMaxValue()));
                        continue;
                    }
                    totals.computeIfAbsent(tag, t -> newSum(histogram)).add(histogram);
                    if (TIMELINE_METRICS.contains(tag)) {
                        timelines.computeIfAbsent(tag, t -> new ArrayList<>()).add(Interval.of(histogram));
                    }
                    first = Math.min(first, histogram.getStartTimeStamp());
                }
            }
        } catch (RuntimeException e) {
            // HistogramLogReader reports a malformed line or payload as an unchecked exception.
            throw new IOException("not an HdrHistogram interval log (" + e.getMessage() + ")", e);
        }
        return new StepHistograms(totals, timelines, readings, first);
    }

    /** The intervals of several hosts' logs of the same step, side by side; totals then cover every host. */
    static StepHistograms merge(Collection<StepHistograms> parts) {
        Map<String, Histogram> totals = new LinkedHashMap<>();
        Map<String, List<Interval>> timelines = new LinkedHashMap<>();
        Map<String, List<Reading>> readings = new LinkedHashMap<>();
        long first = Long.MAX_VALUE;
        for (StepHistograms part : parts) {
            part.totals.forEach((metric, total) ->
                    totals.computeIfAbsent(metric, m -> newSum(total)).add(total));
            part.timelines.forEach((metric, list) ->
                    timelines.computeIfAbsent(metric, m -> new ArrayList<>()).addAll(list));
            part.readings.forEach((metric, list) ->
                    readings.computeIfAbsent(metric, m -> new ArrayList<>()).addAll(list));
            first = Math.min(first, part.firstStartMillis);
        }
        return new StepHistograms(totals, timelines, readings, first);
    }

    Set<String> metrics() {
        return totals.keySet();
    }

    /** {@link #total} of every tagged metric: an untagged interval names no metric to merge it under. */
    Map<String, Histogram> totals() {
        Map<String, Histogram> tagged = new LinkedHashMap<>();
        totals.forEach((metric, total) -> {
            if (!metric.isEmpty()) {
                tagged.put(metric, total.copy());
            }
        });
        return tagged;
    }

    /** Every interval of {@code metric} added into one histogram; empty when the log holds none. */
    Optional<Histogram> total(String metric) {
        Histogram total = totals.get(metric);
        return total == null ? Optional.empty() : Optional.of(total.copy());
    }

    /**
     * One point per second of the step, for a metric of {@link #TIMELINE_METRICS} (empty for any other): the intervals
     * of {@code metric} that start in the same second (rounded, relative to the first interval of any metric in the
     * step) are added, then p50 and p99 read off the sum. With one host that is one interval per point; with several,
     * the hosts' intervals of that second.
     */
    List<IntervalPoint> timeline(String metric) {
        List<Interval> list = timelines.get(metric);
        if (list == null || list.isEmpty()) {
            return List.of();
        }
        TreeMap<Long, List<Interval>> bySecond = new TreeMap<>();
        for (Interval interval : list) {
            bySecond.computeIfAbsent(secondFrom(interval.startMillis()), s -> new ArrayList<>())
                    .add(interval);
        }
        List<IntervalPoint> points = new ArrayList<>(bySecond.size());
        bySecond.forEach((second, intervals) -> {
            // one second decoded at a time: the decoded arrays are garbage by the next one
            Histogram merged = null;
            for (Interval interval : intervals) {
                Histogram decoded = interval.decode();
                if (merged == null) {
                    merged = newSum(decoded);
                }
                merged.add(decoded);
            }
            points.add(new IntervalPoint(
                    second,
                    merged.getTotalCount(),
                    merged.getValueAtPercentile(50) / 1000.0,
                    merged.getValueAtPercentile(99) / 1000.0));
        });
        return points;
    }

    /**
     * The readings of a tag of {@link Metrics#READINGS} (empty for any other) in the order they were read, each at the
     * moment it was read on the x axis of {@link #timeline}. With {@code --merge} the hosts' readings interleave: they
     * read the lag of the same consumer group, so each is a reading of the one backlog.
     */
    List<ReadingPoint> readings(String metric) {
        return readings.getOrDefault(metric, List.of()).stream()
                .sorted(Comparator.comparingLong(Reading::atMillis))
                .map(reading -> new ReadingPoint(secondOf(reading.atMillis()), reading.value()))
                .toList();
    }

    /**
     * The end of the x axis that the step's charts over time share, so that a moment is at the same place on each of
     * them: the last second of {@link #timeline}'s points, or after the last reading; 0 without any.
     */
    long lastSecond() {
        long last = 0;
        for (List<Interval> list : timelines.values()) {
            for (Interval interval : list) {
                last = Math.max(last, secondFrom(interval.startMillis()));
            }
        }
        for (List<Reading> list : readings.values()) {
            for (Reading reading : list) {
                last = Math.max(last, (long) Math.ceil(secondOf(reading.atMillis())));
            }
        }
        return last;
    }

    /** The whole second of the timeline that a moment (ms since the epoch) falls in, rounded. */
    private long secondFrom(long epochMillis) {
        return Math.round((epochMillis - firstStartMillis) / 1000.0);
    }

    /**
     * Where a moment (ms since the epoch) lies on the x axis of {@link #timeline}: seconds from the first interval of
     * the step, unrounded.
     */
    double secondOf(long epochMillis) {
        return (epochMillis - firstStartMillis) / 1000.0;
    }

    /** What this object holds, in bytes (estimated as HdrHistogram does for the totals): bounded, tested. */
    long retainedBytes() {
        long bytes = totals.values().stream()
                .mapToLong(Histogram::getEstimatedFootprintInBytes)
                .sum();
        for (List<Interval> list : timelines.values()) {
            bytes += list.stream().mapToLong(Interval::retainedBytes).sum();
        }
        for (List<Reading> list : readings.values()) {
            bytes += (long) list.size() * Reading.RETAINED_BYTES;
        }
        return bytes;
    }

    /** Auto-resizing, so that intervals recorded with different ranges still add exactly. */
    private static Histogram newSum(Histogram like) {
        return new Histogram(like.getNumberOfSignificantValueDigits());
    }

    /** One interval of a timeline metric, compressed as in the log. */
    private record Interval(long startMillis, byte[] compressed) {

        /** Object headers and fields of the record and its array, beside the array's bytes. */
        private static final int OVERHEAD_BYTES = 48;

        static Interval of(Histogram histogram) {
            ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
            int length = histogram.encodeIntoCompressedByteBuffer(buffer);
            return new Interval(histogram.getStartTimeStamp(), Arrays.copyOf(buffer.array(), length));
        }

        Histogram decode() {
            try {
                return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0);
            } catch (DataFormatException e) {
                // it was encoded by this class a moment ago
                throw new IllegalStateException("cannot decode an interval encoded here", e);
            }
        }

        long retainedBytes() {
            return OVERHEAD_BYTES + compressed.length;
        }
    }

    /** Data of one second of a step: sample count and percentiles of that second, in milliseconds. */
    record IntervalPoint(long second, long count, double p50Ms, double p99Ms) {}

    /** One reading of the log: when it was read and its value (the backlog: events). */
    private record Reading(long atMillis, long value) {

        /** The record's header and two fields. */
        static final int RETAINED_BYTES = 32;
    }

    /**
     * One reading of a step.
     *
     * @param atSec when it was read, on the x axis of {@link #timeline}, unrounded
     * @param value in the reading's unit (the backlog: events), to 3 significant digits
     */
    record ReadingPoint(double atSec, long value) {}
}
