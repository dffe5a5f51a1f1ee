package io.rtbench.cli.run;

import io.rtbench.core.Bounds;
import io.rtbench.core.pacing.Rate;

/**
 * The rate schedule of {@code rtbench peak} (docs/GUIDE.md, "peak"): raise the rate step by step (×growth, or
 * +increment) until a rate is not sustained, then bisect between the highest sustained and the lowest unsustained rate
 * until they are within {@code precision} of each other. A step that is not sustained is tried again, up to
 * {@code triesPerRate} times in a row, before its rate counts as not sustained: a step at the edge is one sample of
 * 20 seconds or so, and a target's merges, caches and (in its first seconds) JIT compilers decide it as much as the rate
 * does. Measured: OpenSearch from a fresh start failed 4 MB/s with 548 ms writes and the search stopped at 3.75 MB/s
 * with 20 ms writes; ClickHouse failed 33 MB/s as a search's fifth step and sustained it at a fixed rate right after
 * (docs/BENCHMARKS.md, "The bridge's own CPU"). Pure: the caller runs each proposed step and reports back.
 */
final class PeakSearch {

    private final double growth;
    private final Rate increment;
    private final double precision;
    private final int maxSteps;
    private final int triesPerRate;
    private Rate next;
    private Rate highestSustained;
    private Rate lowestUnsustained;
    private int steps;
    /** Tries of {@link #next} that failed in a row. */
    private int failedTries;
    /** Whether the search ended because the bracket around the peak was within the precision. */
    private boolean withinPrecision;

    PeakSearch(Rate start, double growth, Rate increment, double precision, int maxSteps, int triesPerRate) {
        if (start.isMax()) {
            throw new IllegalArgumentException("--start-rate must be a rate, not max");
        }
        if (increment != null
                && (increment.isMax() || increment.unit() != start.unit() || !(increment.perSecond() > 0))) {
            throw new IllegalArgumentException("--increment must be a positive rate in the unit of --start-rate ("
                    + start + "), got " + increment);
        }
        Bounds.atLeast("--max-steps", 1, maxSteps);
        Bounds.atLeast("--tries", 1, triesPerRate);
        if (increment == null && !(growth > 1)) {
            throw new IllegalArgumentException(
                    "--growth must be above 1 (each rate this many times the last), got " + plain(growth));
        }
        if (!(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException(
                    "--precision must be above 0 and below 1 (the bracket around the peak as a"
                            + " share of its rate, e.g. 0.05), got " + plain(precision));
        }
        this.next = start;
        this.growth = growth;
        this.increment = increment;
        this.precision = precision;
        this.maxSteps = maxSteps;
        this.triesPerRate = triesPerRate;
    }

    /** The next rate to try, or null when the search is over. */
    Rate next() {
        return steps >= maxSteps ? null : next;
    }

    /** Reports the outcome of the step at {@link #next()}. */
    void record(boolean sustained) {
        Rate tried = next;
        steps++;
        if (!sustained && ++failedTries < triesPerRate) {
            return; // next stays; --max-steps counts every try as a step
        }
        failedTries = 0;
        if (sustained) {
            highestSustained = tried;
        } else {
            lowestUnsustained = tried;
        }
        if (lowestUnsustained == null) {
            next = increment != null
                    ? new Rate(tried.unit(), tried.perSecond() + increment.perSecond())
                    : tried.times(growth);
        } else if (highestSustained == null) {
            next = tried.times(0.5); // even the start was too much: look below it
        } else if (lowestUnsustained.perSecond() - highestSustained.perSecond()
                <= precision * lowestUnsustained.perSecond()) {
            next = null;
            withinPrecision = true;
        } else {
            next = new Rate(tried.unit(), (highestSustained.perSecond() + lowestUnsustained.perSecond()) / 2);
        }
    }

    /**
     * Whether the search ended because the highest sustained and the lowest unsustained rate came within the precision;
     * false while it goes on, and when it ended at {@code maxSteps} first.
     */
    boolean withinPrecision() {
        return withinPrecision;
    }

    /** The highest rate that was sustained, or null if none was. */
    Rate highestSustained() {
        return highestSustained;
    }

    /** A number as the user wrote it: {@code 0}, not {@code 0.0}. */
    private static String plain(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
