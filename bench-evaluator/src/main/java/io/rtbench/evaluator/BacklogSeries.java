package io.rtbench.evaluator;

import io.rtbench.core.fault.Recovery;
import io.rtbench.core.result.StepResult.Backlog;
import java.util.ArrayList;
import java.util.List;

/**
 * Backlog samples over a step (consumer lag of the sink's group, in events) and their least-squares slope, which
 * {@link io.rtbench.core.engine.Sustained} judges.
 */
public final class BacklogSeries {

    /** The slope's standard error is reported from this many samples on (three degrees of freedom). */
    static final int MIN_SAMPLES_FOR_ERROR = 5;

    private final List<long[]> samples = new ArrayList<>();

    /** Adds a sample: lag in events at {@code atMillis}. */
    public synchronized void add(long atMillis, long events) {
        samples.add(new long[] {atMillis, events});
    }

    /** The samples in order, as points of µs since the epoch and events, for the figures of faults. */
    public synchronized List<Recovery.Point> points() {
        return samples.stream()
                .map(sample -> new Recovery.Point(sample[0] * 1_000, sample[1]))
                .toList();
    }

    public synchronized int size() {
        return samples.size();
    }

    public synchronized long last() {
        return samples.isEmpty() ? 0 : samples.get(samples.size() - 1)[1];
    }

    /**
     * Start, end and least-squares slope (events per second) of the samples, and the slope's standard error from
     * {@value #MIN_SAMPLES_FOR_ERROR} samples on; null with fewer than two samples.
     */
    public synchronized Backlog summary() {
        if (samples.size() < 2) {
            return null;
        }
        long t0 = samples.get(0)[0];
        double n = samples.size();
        double sumX = 0, sumY = 0, sumXY = 0, sumXX = 0;
        for (long[] sample : samples) {
            double x = (sample[0] - t0) / 1000.0;
            double y = sample[1];
            sumX += x;
            sumY += y;
            sumXY += x * y;
            sumXX += x * x;
        }
        double denominator = n * sumXX - sumX * sumX;
        double slope = denominator == 0 ? 0 : (n * sumXY - sumX * sumY) / denominator;
        double intercept = (sumY - slope * sumX) / n;
        double squaredResiduals = 0;
        for (long[] sample : samples) {
            double residual = sample[1] - (intercept + slope * (sample[0] - t0) / 1000.0);
            squaredResiduals += residual * residual;
        }
        // Standard error of the slope: a sawtooth lag (batches, commits) makes short steps' slopes noisy. From three
        // degrees of freedom on: with one or two (a step under 4 s) it is itself a guess (a sink that fell behind by
        // 100 events/s over 2 s showed 126 ± 44 events/s, within three of its errors).
        double spreadX = sumXX - sumX * sumX / n;
        double standardError = n < MIN_SAMPLES_FOR_ERROR || spreadX == 0
                ? Double.POSITIVE_INFINITY
                : Math.sqrt(squaredResiduals / (n - 2) / spreadX);
        return new Backlog(samples.get(0)[1], last(), slope, Double.isFinite(standardError) ? standardError : null);
    }
}
