package io.rtbench.evaluator;

import io.rtbench.core.result.StepResult.Backlog;
import java.util.ArrayList;
import java.util.List;

/**
 * Backlog samples over a step (consumer lag of the sink's group, in events) and the slope test of spec section 3: a
 * step is sustained when the backlog does not grow over it.
 */
public final class BacklogSeries {

    /**
     * A growth below this fraction of the ingest rate does not count: the same tolerance as for the achieved rate (a
     * sink falling behind by less than 2 % is within what one step can tell).
     */
    static final double SLOPE_TOLERANCE_OF_RATE = 0.02;

    /** ... and below this many events per second, whatever the rate. */
    static final double MIN_SLOPE_TOLERANCE_EVENTS_PER_SEC = 5;

    private final List<long[]> samples = new ArrayList<>();

    /** Adds a sample: lag in events at {@code atMillis}. */
    public synchronized void add(long atMillis, long events) {
        samples.add(new long[] {atMillis, events});
    }

    public synchronized int size() {
        return samples.size();
    }

    public synchronized long last() {
        return samples.isEmpty() ? 0 : samples.get(samples.size() - 1)[1];
    }

    /** Start, end and least-squares slope (events per second) of the samples; null with fewer than two samples. */
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
        // Standard error of the slope: a sawtooth lag (batches, commits) makes short steps' slopes noisy.
        double spreadX = sumXX - sumX * sumX / n;
        double standardError =
                n <= 2 || spreadX == 0 ? Double.POSITIVE_INFINITY : Math.sqrt(squaredResiduals / (n - 2) / spreadX);
        return new Backlog(samples.get(0)[1], last(), slope, Double.isFinite(standardError) ? standardError : null);
    }

    /**
     * Whether a step was sustained (spec section 3): the backlog did not grow and the achieved rate is within 2 % of the
     * target. Without a target rate ({@code --rate max}) only the backlog counts. "Grows" is a slope test: the
     * least-squares slope exceeds max(5 events/s, 2 % of the rate) and twice its standard error.
     */
    public static boolean sustained(Backlog backlog, Double targetEventsPerSec, double achievedEventsPerSec) {
        boolean rateKept = targetEventsPerSec == null || achievedEventsPerSec >= 0.98 * targetEventsPerSec;
        if (backlog == null) {
            return rateKept;
        }
        double tolerance = Math.max(MIN_SLOPE_TOLERANCE_EVENTS_PER_SEC, SLOPE_TOLERANCE_OF_RATE * achievedEventsPerSec);
        double slope = backlog.slopeEventsPerSec();
        // Growing: above the tolerance, and above twice its standard error (not a chance of a noisy sawtooth).
        boolean grows = slope > tolerance
                && (backlog.slopeStdErrorEventsPerSec() == null || slope > 2 * backlog.slopeStdErrorEventsPerSec());
        return rateKept && !grows;
    }
}
