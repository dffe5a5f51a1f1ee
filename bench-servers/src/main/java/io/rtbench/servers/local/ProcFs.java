package io.rtbench.servers.local;

import java.util.OptionalLong;

/**
 * Parses what Linux's {@code /proc/<pid>/stat} and {@code /proc/<pid>/status} say about a process's CPU time and
 * resident memory (proc(5)), for {@link ProcessUtilisation}.
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
}
