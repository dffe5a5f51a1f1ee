package io.rtbench.core.utilisation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rtbench.core.utilisation.Utilisation.Sample;
import io.rtbench.core.utilisation.Utilisation.Summary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the harness and the machine it shares with the target used during a step's measured phase (docs/MEASUREMENT.md,
 * "The harness and the machine"), beside the target's own utilisation. Either part is absent where it could not be
 * read (no {@code /proc}), never 0.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostUtilisation(Harness harness, Machine machine) {

    /**
     * The harness's processes on this host: rtbench itself, and the Kafka broker and Connect workers it started or found
     * through {@code rtbench servers}. A broker or worker that runs in rtbench's JVM ({@code --servers local}) is its
     * thread group's CPU, and rtbench's part is its process without those groups, so that the total is the process's.
     *
     * @param cores how many CPUs the parts may run on together (the union of their affinities); null where a part's is
     *     unknown
     * @param summary and {@code series}: the parts added up, second by second, CPU in percent of one core; a second in
     *     which a part could not be read has no total; the memory is that of the parts that read memory (a server in
     *     rtbench's JVM has none of its own)
     * @param parts {@code rtbench}, {@code kafka}, {@code connect}: those that could be read
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Harness(Integer cores, Summary summary, List<Sample> series, Map<String, Utilisation> parts) {
        public Harness {
            Objects.requireNonNull(summary, "summary");
            series = List.copyOf(series);
            parts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parts));
        }

        /** Percent of one core over the cores the parts may run on (100 = all of them busy); null where unknown. */
        public Double cpuShareOfCores() {
            return cores == null || summary.cpuPercentMean() == null ? null : summary.cpuPercentMean() / cores;
        }
    }

    /**
     * The whole machine, from {@code /proc/stat}.
     *
     * @param cores the machine's CPUs (its {@code cpuN} lines); null where unknown
     * @param summary and {@code series}: CPU in percent of all the machine's cores (100 = every core busy)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Machine(Integer cores, Summary summary, List<Sample> series) {
        public Machine {
            Objects.requireNonNull(summary, "summary");
            series = List.copyOf(series);
        }
    }

    /** Null when neither part was read. */
    public static HostUtilisation of(Harness harness, Machine machine) {
        return harness == null && machine == null ? null : new HostUtilisation(harness, machine);
    }

    /**
     * Several forks' figures of one step, one after another, as {@link Utilisation#concat}: offsets continue, summaries
     * are over every sample.
     *
     * @param forks each fork's figures, null where a fork had none
     * @return null when no fork had any
     */
    public static HostUtilisation concat(List<HostUtilisation> forks, List<Double> durationsSec) {
        List<Harness> harnesses = each(forks, HostUtilisation::harness);
        List<Machine> machines = each(forks, HostUtilisation::machine);
        Harness firstHarness = first(harnesses);
        Machine firstMachine = first(machines);
        Harness harness = null;
        if (firstHarness != null) {
            List<Sample> total = Utilisation.concatSeries(each(harnesses, Harness::series), durationsSec);
            Map<String, Utilisation> parts = new LinkedHashMap<>();
            harnesses.stream()
                    .filter(Objects::nonNull)
                    .flatMap(h -> h.parts().keySet().stream())
                    .distinct()
                    .forEach(name -> parts.put(
                            name,
                            Utilisation.concat(each(harnesses, h -> h.parts().get(name)), durationsSec)));
            harness = new Harness(firstHarness.cores(), Summary.of(total), total, parts);
        }
        Machine machine = null;
        if (firstMachine != null) {
            List<Sample> all = Utilisation.concatSeries(each(machines, Machine::series), durationsSec);
            machine = new Machine(firstMachine.cores(), Summary.of(all), all);
        }
        return of(harness, machine);
    }

    private static <T, R> List<R> each(List<T> forks, Function<T, R> part) {
        return forks.stream()
                .map(fork -> fork == null ? null : part.apply(fork))
                .toList();
    }

    private static <T> T first(List<T> forks) {
        return forks.stream().filter(Objects::nonNull).findFirst().orElse(null);
    }
}
