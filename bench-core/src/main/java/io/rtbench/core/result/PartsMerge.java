package io.rtbench.core.result;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Step N of a run's parts as one step: the one place of the rules by which the parts of a step merge, whether they are
 * the forks of a run (docs/MEASUREMENT.md, "Repetitions"; the engine's ForkMerge adds what is a fork's own: pooled
 * latencies and JMH's scores) or its hosts (the workers of {@code run --workers N}, docs/GUIDE.md "Several hosts", or
 * the result files of {@code report --merge}, docs/REPORTS.md "Several hosts").
 *
 * <p>How the parts ran ({@link Ran}) decides only their time, their rates and their CPU figures: forks ran one after
 * another, hosts side by side. Everything else has one rule for both. A figure that some part has not got is absent
 * from the merge, because a sum without that part is not the step's total and one part's figure is not the step's
 * ({@link Sums}); only {@code probesBeforeVisible} differs, since a part leaves it out when it counted none
 * ({@link Counts}). Event counts, probe errors and the schedule's events add up, the schedule's lag is the longest,
 * the document size is weighted by the events of each part, the backlog is the largest one, and the verdict is
 * {@link #sustained}.
 */
public final class PartsMerge {

    /** How a step's parts ran, and so how their time, rates and CPU figures combine. */
    public enum Ran {
        /**
         * Forks, one after another: the step's time is theirs added up, its rates their mean (each measured the same
         * planned length), and the utilisation series follow one another.
         */
        ONE_AFTER_ANOTHER {
            @Override
            double durationSec(List<StepResult> parts) {
                return parts.stream().mapToDouble(StepResult::durationSec).sum();
            }

            @Override
            Double rate(List<Double> parts) {
                if (parts.contains(null)) {
                    return null;
                }
                // forks share their planned rate: keep it as it is rather than a mean off in its last digit
                return parts.stream().distinct().count() == 1
                        ? parts.get(0)
                        : parts.stream()
                                .mapToDouble(Double::doubleValue)
                                .average()
                                .orElseThrow();
            }

            @Override
            Utilisation utilisation(List<StepResult> parts) {
                return Utilisation.concat(
                        parts.stream().map(StepResult::utilisation).toList(), durations(parts));
            }

            @Override
            HostUtilisation host(List<StepResult> parts) {
                return HostUtilisation.concat(
                        parts.stream().map(StepResult::host).toList(), durations(parts));
            }
        },
        /**
         * Hosts, side by side: they share the step's time (the longest part's), their rates add up, and the CPU figures
         * are one machine's, the busiest ({@link PartsMerge#host(List)}). The target's utilisation is not merged:
         * the coordinator of a run on several hosts measures it alone, and hosts that ran on their own each saw it from
         * their side.
         */
        SIDE_BY_SIDE {
            @Override
            double durationSec(List<StepResult> parts) {
                return parts.stream().mapToDouble(StepResult::durationSec).max().orElse(0);
            }

            @Override
            Double rate(List<Double> parts) {
                return Sums.orAbsentDouble(parts, Function.identity());
            }

            @Override
            Utilisation utilisation(List<StepResult> parts) {
                return null;
            }

            @Override
            HostUtilisation host(List<StepResult> parts) {
                return PartsMerge.host(parts.stream().map(StepResult::host).toList());
            }
        };

        abstract double durationSec(List<StepResult> parts);

        /** One rate of every part merged; absent when some part has none. */
        abstract Double rate(List<Double> parts);

        abstract Utilisation utilisation(List<StepResult> parts);

        abstract HostUtilisation host(List<StepResult> parts);

        private static List<Double> durations(List<StepResult> parts) {
            return parts.stream().map(StepResult::durationSec).toList();
        }
    }

    private PartsMerge() {}

    /**
     * What the parts counted of their shares, merged into {@code step}: rates, schedule, document sizes, events and
     * probe errors. The coordinator of a run on several hosts keeps the rest (duration, backlog, latencies) as its own.
     */
    public static StepResult.Builder counts(StepResult.Builder step, List<StepResult> parts, Ran ran) {
        return step.rate(rate(parts, ran))
                .schedule(schedule(parts))
                .docBytes(docBytes(parts))
                .events(events(parts))
                .probeErrors(Sums.orAbsent(parts, StepResult::probeErrors))
                .probesBeforeVisible(Counts.total(parts, StepResult::probesBeforeVisible));
    }

    /**
     * The parts' steps, each measured on its own, as one step: {@link #counts}, the duration, the utilisation and the
     * host's figures as {@code ran} says, the batch size where every part had the same, the largest backlog (hosts
     * watch one consumer group, so adding would count it twice; forks each their own, and the worst is the step's) and
     * the verdict of them all. The latencies are the caller's: see {@link #latencies}.
     */
    public static StepResult.Builder step(List<StepResult> parts, Ran ran) {
        Integer batchSize = parts.get(0).batchSize();
        return counts(StepResult.builder(), parts, ran)
                .batchSize(parts.stream().allMatch(p -> Objects.equals(p.batchSize(), batchSize)) ? batchSize : null)
                .durationSec(ran.durationSec(parts))
                .backlog(parts.stream()
                        .map(StepResult::backlog)
                        .filter(Objects::nonNull)
                        .max(Comparator.comparingDouble(Backlog::slopeEventsPerSec))
                        .orElse(null))
                .sustained(sustained(parts))
                .utilisation(ran.utilisation(parts))
                .host(ran.host(parts));
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

    /**
     * The harness's and the machine's CPU of hosts side by side (docs/REPORTS.md, "Several hosts"): never added, since
     * each machine's CPU is in percent of its own cores and each harness's of the cores it may run on, but the figures
     * of the part nearest to running out of CPU ({@link #busiest}).
     *
     * @param parts each part's figures, null where a part has none
     * @return null when no part has any
     */
    public static HostUtilisation host(List<HostUtilisation> parts) {
        OptionalInt busiest = busiest(parts);
        return busiest.isPresent() ? parts.get(busiest.getAsInt()) : null;
    }

    /**
     * The part nearest to running out of CPU: the highest of its machine's CPU (percent of all the machine's cores) and
     * its harness's share of the cores the harness may run on, as docs/MEASUREMENT.md "What ran out" judges each; the
     * first of equals; empty when no part has either figure.
     */
    public static OptionalInt busiest(List<HostUtilisation> parts) {
        int busiest = -1;
        double busiestPercent = 0;
        for (int i = 0; i < parts.size(); i++) {
            Double percent = busyPercent(parts.get(i));
            if (percent != null && (busiest < 0 || percent > busiestPercent)) {
                busiest = i;
                busiestPercent = percent;
            }
        }
        return busiest < 0 ? OptionalInt.empty() : OptionalInt.of(busiest);
    }

    private static Double busyPercent(HostUtilisation host) {
        if (host == null) {
            return null;
        }
        Double machine =
                host.machine() == null ? null : host.machine().summary().cpuPercentMean();
        Double harness = host.harness() == null ? null : host.harness().cpuShareOfCores();
        if (machine == null || harness == null) {
            return machine == null ? harness : machine;
        }
        return Math.max(machine, harness);
    }

    /** Rates and their targets merged as {@code ran} says; absent when some part has none. */
    static StepRate rate(List<StepResult> parts, Ran ran) {
        if (parts.stream().anyMatch(p -> p.rate() == null)) {
            return null;
        }
        List<StepRate> rates = parts.stream().map(StepResult::rate).toList();
        return new StepRate(
                ran.rate(each(rates, StepRate::targetEventsPerSec)),
                ran.rate(each(rates, StepRate::targetBytesPerSec)),
                ran.rate(each(rates, StepRate::achievedEventsPerSec)),
                ran.rate(each(rates, StepRate::achievedBytesPerSec)));
    }

    private static <T> List<Double> each(List<T> parts, Function<T, Double> figure) {
        return parts.stream().map(figure).toList();
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

    /**
     * Not sustained when some part was not; sustained when every part was; otherwise (a part without a verdict, and
     * none against) no verdict: the parts judged cannot speak for the one that was not.
     */
    static Boolean sustained(List<StepResult> parts) {
        if (parts.stream().anyMatch(p -> Boolean.FALSE.equals(p.sustained()))) {
            return Boolean.FALSE;
        }
        return parts.stream().allMatch(p -> Boolean.TRUE.equals(p.sustained())) ? Boolean.TRUE : null;
    }
}
