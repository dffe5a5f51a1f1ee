package io.rtbench.core.utilisation;

/**
 * Turns a cumulative CPU time (a process's CPU seconds so far, as {@code /proc} or a server's stats API count them) into
 * percent of one core over the wall time since the previous reading. Not thread-safe: a source reads on the sampler's
 * one thread.
 */
public final class CumulativeCpu {

    /**
     * Readings closer than this are not a figure of their own: the counters tick in 10 ms steps (or a server refreshes
     * them once a second), so a sampler tick that ran late and the one that caught up right after it would show a
     * busy server at 0 %. Such a reading is skipped and the next one covers the whole span.
     */
    static final long MIN_INTERVAL_NANOS = 500_000_000L;

    private double lastCpuSec = Double.NaN;
    private long lastNanos;

    /**
     * @param cpuSec the cumulative CPU time now, in seconds
     * @param nowNanos the wall clock now ({@link System#nanoTime()} scale)
     * @return percent of one core since the previous counted reading (100 = one core busy); null at the first call and
     *     when less than {@link #MIN_INTERVAL_NANOS} passed (that reading is not counted). A counter that went backwards
     *     (a server restarted) reads as 0 for that second, not negative.
     */
    public Double percent(double cpuSec, long nowNanos) {
        if (!Double.isNaN(lastCpuSec) && nowNanos - lastNanos < MIN_INTERVAL_NANOS) {
            return null;
        }
        Double percent = null;
        if (!Double.isNaN(lastCpuSec)) {
            percent = Math.max(0, cpuSec - lastCpuSec) / ((nowNanos - lastNanos) / 1e9) * 100;
        }
        lastCpuSec = cpuSec;
        lastNanos = nowNanos;
        return percent;
    }
}
