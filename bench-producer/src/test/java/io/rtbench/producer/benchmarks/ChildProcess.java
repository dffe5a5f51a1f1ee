package io.rtbench.producer.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A benchmark's producer run in a child JVM: its output, peak RSS and CPU time (user + system, all threads, start-up
 * included), sampled from {@code /proc} while it runs; and the wait for a quiet machine between runs.
 */
record ChildProcess(String output, long peakRssKb, double cpuSeconds) {

    /** A run starts after this many seconds in a row with at least this share of all CPU time idle. */
    private static final int QUIET_SECONDS = 3;

    private static final double QUIET_IDLE_SHARE = 0.9;

    /** Linux's USER_HZ, the unit of the times in /proc/PID/stat, is 100 on every common architecture. */
    private static final int CLOCK_TICKS_PER_SECOND = 100;

    /** Runs {@code command} to its end; fails with its output when it exits non-zero. */
    static ChildProcess run(List<String> command, String what) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                output.append(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                output.append(e);
            }
        });
        reader.start();
        long peakRssKb = 0;
        long cpuTicks = 0;
        while (process.isAlive()) {
            peakRssKb = Math.max(peakRssKb, highWaterMarkKb(process.pid()));
            cpuTicks = Math.max(cpuTicks, cpuTicks(process.pid()));
            Thread.sleep(100);
        }
        reader.join();
        if (process.exitValue() != 0) {
            throw new IllegalStateException(
                    "exit " + process.exitValue() + " from the run of " + what + ":\n" + output);
        }
        return new ChildProcess(output.toString(), peakRssKb, cpuTicks / (double) CLOCK_TICKS_PER_SECOND);
    }

    /**
     * Waits until the machine has been idle for {@link #QUIET_SECONDS} seconds in a row (at most a minute), so that
     * each run starts on a quiet machine: right after a run, the broker is still deleting its topic's gigabytes and
     * the JVM that ended may still be unmapping its heap. Without the wait, runs that followed each other at once
     * differed by up to 30 % more than the same runs a minute apart (docs/BENCHMARKS.md, "Producer bars").
     */
    static void awaitQuietMachine() throws Exception {
        int quiet = 0;
        long deadlineNanos = System.nanoTime() + 60_000_000_000L;
        long[] before = cpuTimes();
        while (quiet < QUIET_SECONDS && System.nanoTime() - deadlineNanos < 0) {
            Thread.sleep(1_000);
            long[] after = cpuTimes();
            double idleShare = (after[0] - before[0]) / (double) Math.max(1, after[1] - before[1]);
            quiet = idleShare >= QUIET_IDLE_SHARE ? quiet + 1 : 0;
            before = after;
        }
    }

    /** Idle (idle + iowait) and total ticks of all CPUs since boot, from the first line of /proc/stat. */
    private static long[] cpuTimes() throws IOException {
        String[] fields =
                Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < fields.length; i++) {
            total += Long.parseLong(fields[i]);
        }
        return new long[] {Long.parseLong(fields[4]) + Long.parseLong(fields[5]), total};
    }

    /** utime + stime of the whole process (fields 14 and 15 of /proc/PID/stat, after the command name). */
    private static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException | RuntimeException e) {
            return 0; // the process just ended
        }
    }

    private static long highWaterMarkKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the process just ended
        }
        return 0;
    }
}
