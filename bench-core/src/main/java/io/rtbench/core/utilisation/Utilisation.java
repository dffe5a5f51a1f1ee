package io.rtbench.core.utilisation;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The utilisation of the target (docs/MEASUREMENT.md, "Target utilisation"), or of one part of the harness ("The
 * harness and the machine"), during a step's measured phase: one sample a second and their summary. A figure the source
 * cannot measure is absent from every sample and from the summary.
 *
 * @param source {@code process}, {@code container} or {@code api:<target kind>}
 * @param cores how many CPUs the processes may run on (their affinity, e.g. after {@code taskset}); null where unknown
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Utilisation(String source, Integer cores, Summary summary, List<Sample> series) {

    public Utilisation {
        Objects.requireNonNull(source, "source");
        series = List.copyOf(series);
    }

    /** Without the cores (a source that cannot tell them). */
    public Utilisation(String source, Summary summary, List<Sample> series) {
        this(source, null, summary, series);
    }

    /** The samples and their summary. */
    public static Utilisation of(String source, List<Sample> series) {
        return new Utilisation(source, Summary.of(series), series);
    }

    /** Percent of one core over the cores the processes may run on (100 = all of them busy); null where unknown. */
    public Double cpuShareOfCores() {
        return cores == null || summary.cpuPercentMean() == null ? null : summary.cpuPercentMean() / cores;
    }

    /**
     * Several forks' measurements of one step, one after another: offsets continue where the previous fork's series
     * ended (as the step's {@code durationSec} adds up the forks), and the summary is over every sample.
     *
     * @param forks each fork's utilisation, null where a fork had none
     * @param durationsSec each fork's measured seconds
     * @return null when no fork had any
     */
    public static Utilisation concat(List<Utilisation> forks, List<Double> durationsSec) {
        Utilisation first = forks.stream().filter(Objects::nonNull).findFirst().orElse(null);
        if (first == null) {
            return null;
        }
        List<Sample> all = concatSeries(
                forks.stream().map(fork -> fork == null ? null : fork.series()).toList(), durationsSec);
        return new Utilisation(first.source(), first.cores(), Summary.of(all), all);
    }

    /**
     * Several forks' series one after another, each fork's offsets shifted by the measured seconds before it.
     *
     * @param forks each fork's series, null where a fork had none
     */
    public static List<Sample> concatSeries(List<List<Sample>> forks, List<Double> durationsSec) {
        List<Sample> all = new ArrayList<>();
        double startSec = 0;
        for (int i = 0; i < forks.size(); i++) {
            if (forks.get(i) != null) {
                for (Sample sample : forks.get(i)) {
                    all.add(sample.shifted(startSec));
                }
            }
            startSec += durationsSec.get(i);
        }
        return all;
    }

    /**
     * One second's figures.
     *
     * @param offsetSec seconds since the measured phase began
     * @param cpuPercent percent of one core (100 = one core busy)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sample(double offsetSec, Double cpuPercent, Long rssBytes, Long diskBytes) {

        Sample shifted(double seconds) {
            return new Sample(offsetSec + seconds, cpuPercent, rssBytes, diskBytes);
        }
    }

    /**
     * @param cpuPercentMean mean of the samples' CPU, percent of one core
     * @param cpuPercentMax the busiest second
     * @param rssBytesMax the most resident memory seen
     * @param diskBytesFirst the data's size at the first sample that had it
     * @param diskBytesLast the data's size at the last sample that had it
     * @param samples how many seconds were sampled
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Summary(
            Double cpuPercentMean,
            Double cpuPercentMax,
            Long rssBytesMax,
            Long diskBytesFirst,
            Long diskBytesLast,
            int samples) {

        public static Summary of(List<Sample> series) {
            List<Double> cpu = present(series, Sample::cpuPercent);
            List<Long> rss = present(series, Sample::rssBytes);
            List<Long> disk = present(series, Sample::diskBytes);
            OptionalDouble cpuMean =
                    cpu.stream().mapToDouble(Double::doubleValue).average();
            return new Summary(
                    cpuMean.isPresent() ? cpuMean.getAsDouble() : null,
                    cpu.stream().max(Double::compare).orElse(null),
                    rss.stream().max(Long::compare).orElse(null),
                    disk.isEmpty() ? null : disk.get(0),
                    disk.isEmpty() ? null : disk.get(disk.size() - 1),
                    series.size());
        }

        private static <T> List<T> present(List<Sample> series, Function<Sample, T> figure) {
            return series.stream().map(figure).filter(Objects::nonNull).toList();
        }
    }
}
