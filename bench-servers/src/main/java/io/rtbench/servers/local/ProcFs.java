package io.rtbench.servers.local;

import java.util.Collections;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * Parses what Linux's {@code /proc/<pid>/stat} and {@code /proc/<pid>/status} say about a process's CPU time and
 * resident memory (proc(5)), for {@link ProcessUtilisation}, and about its state, for {@link ProcessPause}.
 */
final class ProcFs {

    /**
     * Clock ticks per second of the times in {@code /proc/<pid>/stat} ({@code USER_HZ}): 100 on every architecture
     * Linux runs rtbench on; Java cannot ask {@code sysconf(_SC_CLK_TCK)}.
     */
    static final long TICKS_PER_SECOND = 100;

    private ProcFs() {}

    /**
     * CPU time of a process and of its children it has waited for ({@code utime + stime + cutime + cstime}), in clock
     * ticks, from the text of {@code /proc/<pid>/stat}. Counting the waited-for children keeps the CPU of a worker that
     * exited (a PostgreSQL backend whose client disconnected) in the total: it moves from the worker to its parent.
     *
     * @throws IllegalArgumentException when the text is not a stat line
     */
    static long cpuTicks(String stat) {
        // The command name (field 2) is in parentheses and may itself contain spaces and ')': the fields after it
        // start after the last ')'.
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + stat);
        }
        String[] fields = stat.substring(close + 1).trim().split("\\s+");
        // fields[0] is field 3 (state); utime, stime, cutime, cstime are fields 14 to 17
        if (fields.length < 15) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + stat);
        }
        long total = 0;
        for (int field = 14; field <= 17; field++) {
            total += Long.parseLong(fields[field - 3]);
        }
        return total;
    }

    /**
     * The state of a process from the text of {@code /proc/<pid>/stat} (field 3, proc(5)): {@code R} running, {@code S}
     * sleeping, {@code D} in uninterruptible sleep, {@code T} stopped by a signal, {@code Z} a zombie, …
     *
     * @throws IllegalArgumentException when the text is not a stat line
     */
    static char state(String stat) {
        int close = stat.lastIndexOf(')'); // after the command name, which may hold spaces and ')'
        if (close < 0 || stat.length() < close + 3) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + stat);
        }
        return stat.charAt(close + 2);
    }

    /**
     * Resident memory from the text of {@code /proc/<pid>/status}, split so that a caller can count shared memory once:
     * private and file-backed pages ({@code RssAnon + RssFile}) and shared memory ({@code RssShmem}), in bytes. Older
     * kernels without the split give {@code VmRSS} as private and no shared memory. Empty for a kernel thread or a
     * zombie, which have no memory.
     */
    static Rss rss(String status) {
        OptionalLong anon = kilobytes(status, "RssAnon:");
        OptionalLong file = kilobytes(status, "RssFile:");
        OptionalLong shmem = kilobytes(status, "RssShmem:");
        if (anon.isPresent() && file.isPresent() && shmem.isPresent()) {
            return new Rss((anon.getAsLong() + file.getAsLong()) * 1024, shmem.getAsLong() * 1024);
        }
        OptionalLong vmRss = kilobytes(status, "VmRSS:");
        return vmRss.isPresent() ? new Rss(vmRss.getAsLong() * 1024, 0) : null;
    }

    /** @return the value of a {@code Name:   123 kB} line, or empty */
    private static OptionalLong kilobytes(String status, String name) {
        int at = status.indexOf(name);
        if (at < 0 || at > 0 && status.charAt(at - 1) != '\n') {
            return OptionalLong.empty();
        }
        int end = status.indexOf('\n', at);
        String value = status.substring(at + name.length(), end < 0 ? status.length() : end)
                .replace("kB", "")
                .trim();
        try {
            return OptionalLong.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** Resident memory of one process, in bytes: its own (private and file-backed) pages and its shared memory. */
    record Rss(long ownBytes, long sharedBytes) {}

    /**
     * The CPUs a process may run on, from the {@code Cpus_allowed_list} line of {@code /proc/<pid>/status} (e.g.
     * {@code 0-3,6}): all the machine's unless it was pinned ({@code taskset}, a cgroup's cpuset); empty when the line
     * is missing or unreadable.
     */
    static Set<Integer> cpusAllowed(String status) {
        int at = status.indexOf("\nCpus_allowed_list:");
        if (at < 0) {
            return Set.of();
        }
        int start = at + "\nCpus_allowed_list:".length();
        int end = status.indexOf('\n', start);
        Set<Integer> cpus = new TreeSet<>();
        try {
            for (String range : status.substring(start, end < 0 ? status.length() : end)
                    .trim()
                    .split(",")) {
                String[] ends = range.trim().split("-");
                int first = Integer.parseInt(ends[0]);
                int last = ends.length > 1 ? Integer.parseInt(ends[1]) : first;
                for (int cpu = first; cpu <= last; cpu++) {
                    cpus.add(cpu);
                }
            }
        } catch (NumberFormatException e) {
            return Set.of();
        }
        return Collections.unmodifiableSet(cpus);
    }

    /**
     * The whole machine's CPU time from the text of {@code /proc/stat}: the {@code cpu} line's ticks (user, nice, system,
     * idle, iowait, irq, softirq, steal; guest time is already in user and nice) and of them the idle ones (idle and
     * iowait), and the machine's CPUs (the {@code cpuN} lines).
     *
     * @throws IllegalArgumentException when the text has no {@code cpu} line
     */
    static MachineTicks machineTicks(String procStat) {
        long total = -1;
        long idle = 0;
        Set<Integer> cpus = new TreeSet<>();
        for (String line : procStat.split("\n")) {
            if (line.startsWith("cpu ")) {
                String[] fields = line.substring(4).trim().split("\\s+");
                total = 0;
                for (int i = 0; i < Math.min(8, fields.length); i++) {
                    total += Long.parseLong(fields[i]);
                }
                idle = Long.parseLong(fields[3]) + (fields.length > 4 ? Long.parseLong(fields[4]) : 0);
            } else if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
                cpus.add(Integer.parseInt(line.substring(3, line.indexOf(' '))));
            }
        }
        if (total < 0) {
            throw new IllegalArgumentException("no cpu line in /proc/stat");
        }
        return new MachineTicks(total, idle, Collections.unmodifiableSet(cpus));
    }

    /** The machine's CPU ticks since boot, all and idle, and its CPUs. */
    record MachineTicks(long totalTicks, long idleTicks, Set<Integer> cpus) {}
}
