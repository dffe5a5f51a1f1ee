package io.rtbench.core.utilisation;

/**
 * Turns a cumulative CPU time (a process's CPU seconds so far, as {@code /proc} or a server's stats API count them) into
 * percent of one core over the wall time since the previous reading. Not thread-safe: a source reads on the sampler's
 * one thread.
 */
public final class CumulativeCpu {

    private double lastCpuSec = Double.NaN;
    private long lastNanos;

    /**
     * @param cpuSec the cumulative CPU time now, in seconds
     * @param nowNanos the wall clock now ({@link System#nanoTime()} scale)
     * @return percent of one core since the previous call (100 = one core busy); null at the first call and when no wall
     *     time passed. A counter that went backwards (a server restarted) reads as 0 for that second, not negative.
     */
    public Double percent(double cpuSec, long nowNanos) {
        Double percent = null;
        if (!Double.isNaN(lastCpuSec) && nowNanos > lastNanos) {
            percent = Math.max(0, cpuSec - lastCpuSec) / ((nowNanos - lastNanos) / 1e9) * 100;
        }
        lastCpuSec = cpuSec;
        lastNanos = nowNanos;
        return percent;
    }
}
