package io.rtbench.evaluator;

import java.util.Random;

/**
 * When one generator's probes are due (docs/MEASUREMENT.md, "The quantity itself"): the first at a random point of the
 * first interval, each next one a random gap later, uniform between half and one and a half intervals, so that the mean
 * rate is one probe per interval.
 *
 * <p>The gaps are drawn because what a probe reads is periodic: a search engine's refresh, the producer's bursts
 * (every 62.5 ms at 1 MB/s in batches of 50). A fixed interval that is a multiple of such a period makes every probe of
 * a generator hit the same point of it, and {@code data} then reads one point of the sawtooth, drawn once per run: its
 * p50 moved by up to a period from run to run (calibration's error swung between −1.4 and +5.3 ms at bursts 5 ms apart,
 * probed every 100 ms). With drawn gaps each probe falls at an independent point, and the probes sample the sawtooth
 * uniformly in time, which is what {@code data}'s percentiles mean.
 */
final class ProbeSchedule {

    private final long intervalNanos;
    private final Random random;
    private long dueNanos;

    /** @param startNanos from when, on {@link System#nanoTime()}'s scale */
    ProbeSchedule(long startNanos, long intervalNanos, Random random) {
        this.intervalNanos = intervalNanos;
        this.random = random;
        this.dueNanos = startNanos + (long) (random.nextDouble() * intervalNanos);
    }

    /** When the next probe is due. */
    long dueNanos() {
        return dueNanos;
    }

    /** Moves on to the probe after: a drawn gap after the one that was due, however late it ran. */
    long advance() {
        dueNanos += (long) ((0.5 + random.nextDouble()) * intervalNanos);
        return dueNanos;
    }
}
