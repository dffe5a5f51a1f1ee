package io.rtbench.core.pacing;

/**
 * Open-loop schedule of send bursts (RockBench's batches): burst {@code k} is intended to start at
 * {@code start + k × batchSize / eventsPerSecond}, whatever happened to earlier bursts. A sender that falls behind
 * sends late bursts at once rather than skipping them, and measures latency from the intended time, so that a stall
 * shows in the latency instead of silently lowering the rate (no coordinated omission).
 *
 * <p>Not thread-safe: one pacer per generator thread.
 */
public final class Pacer {

    private final PacingClock clock;
    private final long startNanos;
    private final double nanosPerBurst;
    private long burst;

    /**
     * @param eventsPerSecond this sender's share of the rate; {@code +Infinity} means as fast as possible
     * @param batchSize events per burst
     * @param startNanos intended time of burst 0 on {@code clock}
     */
    public Pacer(PacingClock clock, double eventsPerSecond, int batchSize, long startNanos) {
        if (!(eventsPerSecond > 0)) {
            throw new IllegalArgumentException("eventsPerSecond must be positive, got " + eventsPerSecond);
        }
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batchSize must be positive, got " + batchSize);
        }
        this.clock = clock;
        this.startNanos = startNanos;
        this.nanosPerBurst = Double.isInfinite(eventsPerSecond) ? 0 : batchSize * 1e9 / eventsPerSecond;
    }

    /** Whether there is no schedule: every burst is intended for the moment it is asked for. */
    public boolean unpaced() {
        return nanosPerBurst == 0;
    }

    /** The intended start of burst {@code index} (0-based). */
    public long intendedNanos(long index) {
        return startNanos + Math.round(index * nanosPerBurst);
    }

    /**
     * Bursts whose intended start is before {@code nanos} (to within one burst, from the rounding of the intended
     * times): what the schedule had due by then. 0 when unpaced, which has no schedule to fall behind.
     */
    public long burstsDueBy(long nanos) {
        if (unpaced() || nanos - startNanos <= 0) {
            return 0;
        }
        double due = Math.ceil((nanos - startNanos) / nanosPerBurst);
        return due >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) due;
    }

    /**
     * Waits until the next burst is due and returns its intended start time. When the sender is behind, returns at
     * once with the (past) intended time. Unpaced: returns the current time.
     */
    public long awaitNextBurst() {
        if (unpaced()) {
            burst++;
            return clock.nanoTime();
        }
        long intended = intendedNanos(burst++);
        if (intended - clock.nanoTime() > 0) {
            clock.waitUntil(intended);
        }
        return intended;
    }

    /** Bursts handed out so far. */
    public long bursts() {
        return burst;
    }
}
