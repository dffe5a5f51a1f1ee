package io.rtbench.core.fault;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * What a fault did to freshness (docs/MEASUREMENT.md, "Freshness under faults"), from the probes' data samples with
 * their times and the backlog's readings. Pure: the figures of a fault window over given series.
 *
 * <ul>
 *   <li>the <b>pre-fault p99</b>: the data p99 of the samples in the {@link #WINDOW} before the fault (from the measured
 *       phase's start when the fault begins earlier than that);
 *   <li>the <b>recovery bound</b>: that p99 plus max({@link #MARGIN_SHARE} of it, {@link #MARGIN_MIN_MICROS});
 *   <li>the <b>time to recover</b>: from the fault's end to the first sample of the first window of {@link #WINDOW},
 *       lying whole in the measured phase and holding a sample, whose samples' p99 is within the bound; the windows
 *       start at the fault's end and at each later sample. None such: not recovered (no number);
 *   <li>the <b>staleness peak</b>: the largest data sample from the fault's start until recovery (or the phase's end);
 *   <li>the <b>backlog peak</b> from the fault's start to the phase's end, and its <b>drain rate</b>: from the peak to
 *       the first reading back at the largest reading of the window before the fault.
 * </ul>
 *
 * A sample's time is when its probe's answer came: a probe sent during the fault and answered after it counts after it.
 */
public final class Recovery {

    /** The length of the windows whose p99 is compared, before the fault and after it. */
    public static final Duration WINDOW = Duration.ofSeconds(5);

    /** The margin over the pre-fault p99 within which freshness counts as recovered: this share of it … */
    public static final double MARGIN_SHARE = 0.20;

    /** … or this much, whichever is more (a p99 of a few milliseconds moves by more than 20 % between windows). */
    public static final long MARGIN_MIN_MICROS = 50_000;

    private static final long WINDOW_MICROS = WINDOW.toNanos() / 1_000;

    private Recovery() {}

    /** A reading at a moment: µs since the epoch, and its value (a data latency in µs; a backlog in events). */
    public record Point(long atMicros, long value) {}

    /** When the fault was on and when the measured phase it was in began and ended, all µs since the epoch. */
    public record Span(long phaseStartMicros, long faultStartMicros, long faultEndMicros, long phaseEndMicros) {}

    /**
     * The figures of one fault; a figure that the series did not allow is null.
     *
     * @param baselineP99Micros the data p99 of the window before the fault; null without a sample there
     * @param boundMicros the recovery bound; null without a baseline
     * @param stalenessPeakMicros the largest data sample from the fault's start until recovery or the phase's end
     * @param recovered whether freshness was back within the bound before the phase ended; null when it could not be
     *     judged (no baseline)
     * @param recoveredAtMicros the first sample of the first window within the bound; null unless recovered
     * @param backlogPeakEvents the largest backlog reading from the fault's start to the phase's end
     * @param drainEventsPerSec how fast the backlog fell from its peak back to its level before the fault; null when it
     *     did not grow above that level, did not get back to it, or had no reading before the fault
     */
    public record Figures(
            Long baselineP99Micros,
            Long boundMicros,
            Long stalenessPeakMicros,
            Boolean recovered,
            Long recoveredAtMicros,
            Long backlogPeakEvents,
            Double drainEventsPerSec) {}

    /** The figures of the fault over {@code span}, from the data samples and the backlog readings (either may be empty). */
    public static Figures measure(Span span, List<Point> data, List<Point> backlog) {
        List<Point> samples = sorted(data);
        long baselineFrom = Math.max(span.phaseStartMicros(), span.faultStartMicros() - WINDOW_MICROS);
        OptionalLong baseline = p99(between(samples, baselineFrom, span.faultStartMicros()));
        Long bound = baseline.isPresent() ? bound(baseline.getAsLong()) : null;
        OptionalLong recoveredAt = bound == null ? OptionalLong.empty() : recoveredAt(samples, span, bound);
        long peakUntil = recoveredAt.orElse(span.phaseEndMicros());
        OptionalLong peak = max(between(samples, span.faultStartMicros(), peakUntil + 1));
        List<Point> readings = sorted(backlog);
        Point backlogPeak = readings.stream()
                .filter(point ->
                        point.atMicros() >= span.faultStartMicros() && point.atMicros() <= span.phaseEndMicros())
                .max(Comparator.comparingLong(Point::value))
                .orElse(null);
        return new Figures(
                baseline.isPresent() ? baseline.getAsLong() : null,
                bound,
                peak.isPresent() ? peak.getAsLong() : null,
                bound == null ? null : recoveredAt.isPresent(),
                recoveredAt.isPresent() ? recoveredAt.getAsLong() : null,
                backlogPeak == null ? null : backlogPeak.value(),
                backlogPeak == null ? null : drainRate(readings, span, backlogPeak));
    }

    /** The recovery bound over a pre-fault p99: p99 + max(20 %, 50 ms). */
    static long bound(long baselineP99Micros) {
        return baselineP99Micros + Math.max(Math.round(baselineP99Micros * MARGIN_SHARE), MARGIN_MIN_MICROS);
    }

    /**
     * The first sample of the first window of {@link #WINDOW} from the fault's end on, whole in the phase and holding a
     * sample, whose p99 is within {@code bound}; empty when there is none.
     */
    private static OptionalLong recoveredAt(List<Point> samples, Span span, long bound) {
        long start = span.faultEndMicros();
        int next = 0; // the next sample whose time is a candidate start
        while (next < samples.size() && samples.get(next).atMicros() <= start) {
            next++;
        }
        int from = 0; // the window's samples are from .. until - 1: time order makes both only move forward
        int until = 0;
        while (start + WINDOW_MICROS <= span.phaseEndMicros()) {
            // a window cut short by the phase's end would judge on fewer samples than the baseline did: none is tried
            while (from < samples.size() && samples.get(from).atMicros() < start) {
                from++;
            }
            while (until < samples.size() && samples.get(until).atMicros() < start + WINDOW_MICROS) {
                until++;
            }
            OptionalLong p99 =
                    p99(samples.subList(from, until).stream().map(Point::value).toList());
            if (p99.isPresent() && p99.getAsLong() <= bound) {
                return OptionalLong.of(samples.get(from).atMicros()); // recovery is seen at a probe's answer
            }
            if (next == samples.size()) {
                break;
            }
            start = samples.get(next++).atMicros();
        }
        return OptionalLong.empty();
    }

    /** Events per second from the peak down to the first reading at or below the backlog before the fault. */
    private static Double drainRate(List<Point> readings, Span span, Point peak) {
        long baselineFrom = Math.max(span.phaseStartMicros(), span.faultStartMicros() - WINDOW_MICROS);
        OptionalLong before = max(between(readings, baselineFrom, span.faultStartMicros()));
        if (before.isEmpty() || peak.value() <= before.getAsLong()) {
            return null;
        }
        return readings.stream()
                .filter(point -> point.atMicros() > peak.atMicros() && point.atMicros() <= span.phaseEndMicros())
                .filter(point -> point.value() <= before.getAsLong())
                .findFirst()
                .map(drained -> (peak.value() - drained.value()) / ((drained.atMicros() - peak.atMicros()) / 1e6))
                .orElse(null);
    }

    /** The values of the points at {@code fromMicros} or later and before {@code untilMicros}. */
    private static List<Long> between(List<Point> points, long fromMicros, long untilMicros) {
        return points.stream()
                .filter(point -> point.atMicros() >= fromMicros && point.atMicros() < untilMicros)
                .map(Point::value)
                .toList();
    }

    /** The nearest-rank 99th percentile (as HdrHistogram reads it: with fewer than 100 values, the largest). */
    static OptionalLong p99(List<Long> values) {
        if (values.isEmpty()) {
            return OptionalLong.empty();
        }
        List<Long> sorted = values.stream().sorted().toList();
        int rank = (int) Math.ceil(0.99 * sorted.size());
        return OptionalLong.of(sorted.get(Math.max(0, rank - 1)));
    }

    private static OptionalLong max(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).max();
    }

    private static List<Point> sorted(List<Point> points) {
        return points.stream().sorted(Comparator.comparingLong(Point::atMicros)).toList();
    }
}
