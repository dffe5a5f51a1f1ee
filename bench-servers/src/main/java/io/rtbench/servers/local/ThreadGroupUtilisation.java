package io.rtbench.servers.local;

import io.rtbench.core.utilisation.CumulativeCpu;
import io.rtbench.core.utilisation.ThreadGroupCpu;
import io.rtbench.core.utilisation.UtilisationSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * A server that runs in rtbench's JVM (Kafka, Connect) as a part of the harness (docs/MEASUREMENT.md, "The harness and
 * the machine"): the CPU of its thread group ({@link ThreadGroupCpu}) over the wall time between two readings, in
 * percent of one core. Its memory is the JVM's, read as rtbench's part: absent here, never 0. Its CPUs are the JVM's.
 */
final class ThreadGroupUtilisation implements UtilisationSource {

    private static final Path SELF_STATUS = Path.of("/proc/self/status");

    private final ThreadGroupCpu threads;
    private final LongSupplier nanoClock;
    private final CumulativeCpu cpu = new CumulativeCpu();
    private volatile Set<Integer> cpus = Set.of();

    ThreadGroupUtilisation(ThreadGroupCpu threads, LongSupplier nanoClock) {
        this.threads = threads;
        this.nanoClock = nanoClock;
    }

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public synchronized Reading read() {
        long cpuNanos = threads.cpuNanos();
        Double cpuPercent = cpu.percent(cpuNanos / 1e9, nanoClock.getAsLong());
        cpus = thisJvmsCpus();
        return new Reading(cpuPercent, null, null);
    }

    private static Set<Integer> thisJvmsCpus() {
        try {
            return ProcFs.cpusAllowed(Files.readString(SELF_STATUS));
        } catch (IOException | RuntimeException unreadable) {
            return Set.of(); // not Linux: the harness's cores are then unknown, as rtbench's own are
        }
    }

    /** The JVM's CPUs (its affinity), as of the latest reading: the threads may run on any of them. */
    @Override
    public Set<Integer> cpus() {
        return cpus;
    }

    @Override
    public boolean readsMemory() {
        return false;
    }
}
