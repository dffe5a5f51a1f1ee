package io.rtbench.servers.local;

import io.rtbench.core.utilisation.CumulativeCpu;
import io.rtbench.core.utilisation.ThreadGroupCpu;
import io.rtbench.core.utilisation.UtilisationSource;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * The utilisation of a server rtbench started as a child process (docs/MEASUREMENT.md, "Target utilisation"), from
 * Linux's {@code /proc}: the server's process and all its descendants (PostgreSQL's backends, Elasticsearch's
 * controller), so a server that forks is measured whole.
 *
 * <ul>
 *   <li>CPU: the difference of the processes' CPU time ({@link ProcFs#cpuTicks}) over the wall time between two
 *       readings, in percent of one core; for rtbench's own process, without the thread groups of the servers that run
 *       in it ({@link #aloneWithout}), which are parts of the harness of their own.
 *   <li>Resident memory: the processes' own resident pages summed, plus the largest shared-memory share among them once
 *       (PostgreSQL's shared buffers appear in every backend that touched them; summing them would count them many
 *       times).
 *   <li>Disk: the bytes of the files under the server's directory (its data, write-ahead log and logs), walked at most
 *       every {@link #DISK_WALK_NANOS} because a walk of a large data directory is costly.
 * </ul>
 */
public final class ProcessUtilisation implements UtilisationSource {

    static final long DISK_WALK_NANOS = 5_000_000_000L;

    /** The process now: a server restarted by a fault (docs/MEASUREMENT.md, "Freshness under faults") has a new one. */
    private final LongSupplier pid;

    private final boolean withDescendants;
    private final Path dir;
    /** Threads of the process whose CPU is another source's (servers in rtbench's JVM); none for a server's process. */
    private final List<ThreadGroupCpu> without;

    private final LongSupplier nanoClock;
    private final CumulativeCpu cpu = new CumulativeCpu();
    private Long diskBytes;
    private long lastWalkNanos;
    private volatile Set<Integer> cpus = Set.of();

    /** @param dir the server's directory, whose files are its disk use; null: disk not measured */
    public ProcessUtilisation(long pid, Path dir) {
        this(pid, true, dir, System::nanoTime);
    }

    /**
     * A server whose process may change (a restart): each reading measures the process {@code pid} names then.
     *
     * @param dir the server's directory, whose files are its disk use; null: disk not measured
     */
    public ProcessUtilisation(LongSupplier pid, Path dir) {
        this(pid, true, dir, List.of(), System::nanoTime);
    }

    ProcessUtilisation(long pid, boolean withDescendants, Path dir, LongSupplier nanoClock) {
        this(() -> pid, withDescendants, dir, List.of(), nanoClock);
    }

    ProcessUtilisation(
            LongSupplier pid, boolean withDescendants, Path dir, List<ThreadGroupCpu> without, LongSupplier nanoClock) {
        this.pid = pid;
        this.withDescendants = withDescendants;
        this.dir = dir;
        this.without = List.copyOf(without);
        this.nanoClock = nanoClock;
    }

    /**
     * One process without its descendants and without disk (docs/MEASUREMENT.md, "The harness and the machine"): rtbench
     * itself, whose children are the servers it started and measures on their own.
     */
    public static ProcessUtilisation alone(long pid) {
        return aloneWithout(pid, List.of());
    }

    /**
     * As {@link #alone}, its CPU without that of {@code threads}: rtbench itself, without the Kafka broker and Connect
     * worker that run in its JVM and are parts of the harness of their own (their memory stays rtbench's: a JVM's heap
     * is one).
     */
    public static ProcessUtilisation aloneWithout(long pid, List<ThreadGroupCpu> threads) {
        return new ProcessUtilisation(() -> pid, false, null, threads, System::nanoTime);
    }

    /**
     * This JVM's process {@link #alone}, or empty where {@code /proc} cannot be read (not Linux): the {@code rtbench}
     * part of the harness.
     */
    public static Optional<UtilisationSource> ofThisProcess() {
        return Files.isReadable(Path.of("/proc/self/stat"))
                ? Optional.of(alone(ProcessHandle.current().pid()))
                : Optional.empty();
    }

    /** A server's process tree without its disk: a part of the harness (Kafka, Connect). */
    public static ProcessUtilisation withoutDisk(long pid) {
        return new ProcessUtilisation(pid, true, null, System::nanoTime);
    }

    /** The CPUs the process (the tree's root) may run on, as of the latest reading. */
    @Override
    public Set<Integer> cpus() {
        return cpus;
    }

    @Override
    public String name() {
        return "process";
    }

    @Override
    public synchronized Reading read() {
        long root = pid.getAsLong();
        List<Long> pids = processTree(root);
        if (pids.isEmpty()) {
            throw new IllegalStateException("process " + root + " has exited");
        }
        long nowNanos = nanoClock.getAsLong();
        long ticks = 0;
        long ownBytes = 0;
        long sharedBytes = 0;
        for (long each : pids) {
            try {
                ticks += ProcFs.cpuTicks(Files.readString(Path.of("/proc", Long.toString(each), "stat")));
                String status = Files.readString(Path.of("/proc", Long.toString(each), "status"));
                if (each == root) {
                    cpus = ProcFs.cpusAllowed(status);
                }
                ProcFs.Rss rss = ProcFs.rss(status);
                if (rss != null) {
                    ownBytes += rss.ownBytes();
                    sharedBytes = Math.max(sharedBytes, rss.sharedBytes());
                }
            } catch (IOException | RuntimeException gone) {
                // the process exited between the listing and the reading; its CPU moves to its parent's children time
            }
        }
        long withoutNanos = without.stream().mapToLong(ThreadGroupCpu::cpuNanos).sum();
        Double cpuPercent = cpu.percent(ticks / (double) ProcFs.TICKS_PER_SECOND - withoutNanos / 1e9, nowNanos);
        return new Reading(cpuPercent, ownBytes + sharedBytes, disk(nowNanos));
    }

    private List<Long> processTree(long root) {
        return ProcessHandle.of(root)
                .filter(ProcessHandle::isAlive)
                .map(handle -> Stream.concat(Stream.of(handle), withDescendants ? handle.descendants() : Stream.empty())
                        .map(ProcessHandle::pid)
                        .toList())
                .orElse(List.of());
    }

    private Long disk(long nowNanos) {
        if (diskBytes == null || nowNanos - lastWalkNanos >= DISK_WALK_NANOS) {
            diskBytes = directoryBytes(dir);
            lastWalkNanos = nowNanos;
        }
        return diskBytes;
    }

    /** The bytes of the regular files under {@code dir}; files that vanish during the walk (merged parts) are skipped. */
    static Long directoryBytes(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return null;
        }
        long[] total = {0};
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile()) {
                        total[0] += attributes.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return null;
        }
        return total[0];
    }
}
