package io.rtbench.core.result;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Step N of parts that ran side by side (hosts: the workers of {@code run --workers N}, docs/GUIDE.md "Several
 * hosts", or the result files of {@code report --merge}, docs/REPORTS.md "Several hosts") as one step. Forks ran one
 * after another and average their rates (the engine's ForkMerge); parts share the step's time, so their rates add up.
 *
 * <p>One rule for a figure that some part has not got: the merged figure is absent, because a sum without that part
 * is not the step's total (as {@link Sums}). Only {@code probesBeforeVisible} differs, since a part leaves it out when
 * it counted none ({@link Counts}).
 */
public final class ParallelMerge {

    private ParallelMerge() {}

    /**
     * What the parts counted of their shares, added up into {@code step}: rates, schedule, document sizes, events and
     * probe errors. The coordinator of a run on several hosts keeps the rest (duration, backlog, latencies) as its own.
     */
    public static StepResult.Builder counts(StepResult.Builder step, List<StepResult> parts) {
        return step.rate(rate(parts))
                .schedule(schedule(parts))
                .docBytes(docBytes(parts))
                .events(events(parts))
                .probeErrors(Sums.orAbsent(parts, StepResult::probeErrors))
                .probesBeforeVisible(Counts.total(parts, StepResult::probesBeforeVisible));
    }

    /**
     * The parts' steps, each measured on its own, as one step: {@link #counts}, the longest duration, the batch size
     * where every part had the same, the largest backlog (the parts watch one consumer group, so adding would count it
     * twice) and the verdict of them all. The latencies are the caller's: see {@link #latencies}.
     */
    public static StepResult.Builder step(List<StepResult> parts) {
        Integer batchSize = parts.get(0).batchSize();
        return counts(StepResult.builder(), parts)
                .batchSize(parts.stream().allMatch(p -> Objects.equals(p.batchSize(), batchSize)) ? batchSize : null)
                .durationSec(parts.stream()
                        .mapToDouble(StepResult::durationSec)
                        .max()
                        .orElse(0))
                .backlog(parts.stream()
                        .map(StepResult::backlog)
                        .filter(Objects::nonNull)
                        .max(Comparator.comparingDouble(Backlog::slopeEventsPerSec))
                        .orElse(null))
                .sustained(sustained(parts));
    }

    /**
     * The summaries of the parts' histograms (microseconds, by metric) added together: exact, never an average of
     * percentiles (docs/REPORTS.md, "Several hosts"). A metric that some part has no histogram of is left out: its
     * percentiles would be those of the other parts alone.
     */
    public static Map<String, LatencySummary> latencies(List<Map<String, Histogram>> parts) {
        Set<String> everywhere = new LinkedHashSet<>(parts.get(0).keySet());
        parts.forEach(part -> everywhere.retainAll(part.keySet()));
        Map<String, LatencySummary> latencies = new LinkedHashMap<>();
        for (String metric : everywhere) {
            // auto-resizing, so that a log of another writer with a wider range adds up too
            Histogram sum = new Histogram(parts.get(0).get(metric).getNumberOfSignificantValueDigits());
            parts.forEach(part -> sum.add(part.get(metric)));
            latencies.put(metric, LatencySummary.ofMicros(sum));
        }
        return latencies;
    }

    /** Rates and their targets added up; absent when some part has none. */
    static StepRate rate(List<StepResult> parts) {
        if (parts.stream().anyMatch(p -> p.rate() == null)) {
            return null;
        }
        List<StepRate> rates = parts.stream().map(StepResult::rate).toList();
        return new StepRate(
                Sums.orAbsentDouble(rates, StepRate::targetEventsPerSec),
                Sums.orAbsentDouble(rates, StepRate::targetBytesPerSec),
                rates.stream().mapToDouble(StepRate::achievedEventsPerSec).sum(),
                Sums.orAbsentDouble(rates, StepRate::achievedBytesPerSec));
    }

    /** Events due and behind added up, the longest lag; behind when any part was. Absent when some part has none. */
    static Schedule schedule(List<StepResult> parts) {
        if (parts.stream().anyMatch(p -> p.schedule() == null)) {
            return null;
        }
        List<Schedule> schedules = parts.stream().map(StepResult::schedule).toList();
        return new Schedule(
                schedules.stream().mapToLong(Schedule::eventsDue).sum(),
                schedules.stream().mapToLong(Schedule::eventsBehind).sum(),
                schedules.stream().mapToDouble(Schedule::lagMs).max().orElse(0),
                schedules.stream().anyMatch(Schedule::behind));
    }

    /**
     * The mean document size weighted by the events each part produced (equal weights when none produced any), the
     * smallest and the largest. Absent when some part has no sizes or no event count to weigh them by.
     */
    static DocBytes docBytes(List<StepResult> parts) {
        if (parts.stream().anyMatch(p -> p.docBytes() == null || p.events() == null)) {
            return null;
        }
        boolean none = parts.stream().allMatch(p -> p.events().produced() == 0);
        double weighted = 0;
        double weights = 0;
        for (StepResult part : parts) {
            double weight = none ? 1 : part.events().produced();
            weighted += part.docBytes().mean() * weight;
            weights += weight;
        }
        return new DocBytes(
                weighted / weights,
                parts.stream().mapToInt(p -> p.docBytes().min()).min().orElseThrow(),
                parts.stream().mapToInt(p -> p.docBytes().max()).max().orElseThrow(),
                parts.get(0).docBytes().fields());
    }

    /** The counts added up ({@link EventCounts#total}); absent when some part counted nothing. */
    static EventCounts events(List<StepResult> parts) {
        if (parts.stream().anyMatch(p -> p.events() == null)) {
            return null;
        }
        return EventCounts.total(parts.stream().map(StepResult::events).toList());
    }

    /** Not sustained when some part was not; sustained when every part was; otherwise no verdict. */
    static Boolean sustained(List<StepResult> parts) {
        if (parts.stream().anyMatch(p -> Boolean.FALSE.equals(p.sustained()))) {
            return Boolean.FALSE;
        }
        return parts.stream().allMatch(p -> Boolean.TRUE.equals(p.sustained())) ? Boolean.TRUE : null;
    }
}
