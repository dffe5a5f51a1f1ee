package io.rtbench.core.utilisation;

import java.util.Set;

/**
 * Where the target's utilisation comes from (docs/MEASUREMENT.md, "Target utilisation"): its processes (a local
 * server), or its own stats API (an external server); likewise a part of the harness (its processes) and the machine
 * ({@code /proc/stat}, "The harness and the machine"). The {@link UtilisationSampler} reads them once a second on its
 * own thread.
 */
public interface UtilisationSource extends AutoCloseable {

    /** What the figures describe, for the result: {@code process}, {@code container} or {@code api:<target kind>}. */
    String name();

    /**
     * The figures now. A source keeps what it needs between calls (CPU is a difference of cumulative CPU time over the
     * wall time between two readings, so the first reading has none); a figure it cannot measure is null, never 0.
     *
     * @throws RuntimeException when nothing could be read this time (the server is busy or gone); the sampler skips
     *     that second
     */
    Reading read();

    /**
     * The CPUs the measured processes may run on (their affinity: all the machine's unless pinned, e.g. with {@code
     * taskset}), as of the latest reading; empty where unknown (a server's stats API).
     */
    default Set<Integer> cpus() {
        return Set.of();
    }

    /**
     * Whether the source reads resident memory at all: not for a server's threads in rtbench's JVM, whose memory is the
     * JVM's, read as rtbench's (docs/MEASUREMENT.md, "The harness and the machine"). A total of several sources leaves
     * such a source out of its memory instead of having none.
     */
    default boolean readsMemory() {
        return true;
    }

    /** Releases what the source holds (a connection); does not throw. */
    @Override
    default void close() {}

    /**
     * One reading.
     *
     * @param cpuPercent CPU time over wall time since the previous reading, in percent of one core (100 = one core
     *     busy, 200 = two), except the machine's: percent of all its cores (100 = every core busy); null when not
     *     measured
     * @param rssBytes resident memory; null when not measured
     * @param diskBytes bytes the target's data takes on disk; null when not measured
     */
    record Reading(Double cpuPercent, Long rssBytes, Long diskBytes) {

        public static final Reading NONE = new Reading(null, null, null);
    }
}
