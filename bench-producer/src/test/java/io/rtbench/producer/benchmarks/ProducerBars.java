package io.rtbench.producer.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The producer bars of docs/BENCHMARKS.md ("Producer bars"), judged on one benchmark run: each is met only when every
 * run of it met it ("k of n", the bar asks n of n), so that one lucky run does not pass a bar that the machine does
 * not hold.
 */
final class ProducerBars {

    /** rtbench at {@code --rate max} against ProducerPerformance with the same records and settings. */
    static final double MIN_MAX_RATE_RATIO = 0.9;

    /** Achieved rate of a paced run, relative to its target. */
    static final double MAX_RATE_ERROR = 0.01;

    /** scheduleDelay p99 at 10 % of max, in milliseconds: below it. */
    static final double ABSOLUTE_P99_MS = 1.0;

    /**
     * At 25 % and 50 % of max, rtbench's scheduleDelay p99 may exceed the non-generating sender's p99 in the same pair
     * of runs by at most this much: on two cores shared with the broker the machine's own wake-up tail is above 1 ms.
     */
    static final double MARGIN_OVER_SENDER_MS = 0.25;

    /** Shares of max below this are judged against {@link #ABSOLUTE_P99_MS}, the others against the sender. */
    static final double RELATIVE_FROM_SHARE = 0.25;

    private final List<Verdict> verdicts = new ArrayList<>();

    /** One bar: what it asks, and in how many of its runs it was met. */
    record Verdict(String bar, long met, long runs) {
        boolean passed() {
            return runs > 0 && met == runs;
        }

        String line() {
            return String.format(Locale.ROOT, "%s: %d of %d: %s", bar, met, runs, passed() ? "met" : "MISSED");
        }
    }

    /** The max-rate ratio of medians (one figure for the whole run: 1 of 1 or 0 of 1). */
    Verdict maxRate(String settings, double oursMedian, double baselineMedian) {
        double ratio = oursMedian / baselineMedian;
        String bar = String.format(
                Locale.ROOT,
                "max rate, %s: rtbench / ProducerPerformance = %.3f (bar >= %.1f)",
                settings,
                ratio,
                MIN_MAX_RATE_RATIO);
        return add(new Verdict(bar, ratio >= MIN_MAX_RATE_RATIO ? 1 : 0, 1));
    }

    /**
     * The scheduleDelay bar at one share of max: below {@link #ABSOLUTE_P99_MS} under 25 %, else at most the paired
     * PacedSender run's p99 plus {@link #MARGIN_OVER_SENDER_MS}.
     *
     * @param oursP99Ms rtbench's p99 per run
     * @param senderP99Ms PacedSender's p99 per run, in the same pairs
     */
    Verdict scheduleDelay(double share, long eventsPerSecond, List<Double> oursP99Ms, List<Double> senderP99Ms) {
        if (oursP99Ms.size() != senderP99Ms.size()) {
            throw new IllegalArgumentException("runs come in pairs: " + oursP99Ms.size() + " of rtbench, "
                    + senderP99Ms.size() + " of PacedSender");
        }
        boolean relative = share >= RELATIVE_FROM_SHARE;
        long met = 0;
        for (int i = 0; i < oursP99Ms.size(); i++) {
            double ours = oursP99Ms.get(i);
            met += relative
                    ? (ours <= senderP99Ms.get(i) + MARGIN_OVER_SENDER_MS ? 1 : 0)
                    : (ours < ABSOLUTE_P99_MS ? 1 : 0);
        }
        String bar = String.format(
                Locale.ROOT,
                "pacing at %.0f %% (%,d/s): scheduleDelay p99 %s",
                share * 100,
                eventsPerSecond,
                relative
                        ? String.format(
                                Locale.ROOT, "<= PacedSender's p99 + %.2f ms, pair by pair", MARGIN_OVER_SENDER_MS)
                        : String.format(Locale.ROOT, "< %.0f ms", ABSOLUTE_P99_MS));
        return add(new Verdict(bar, met, oursP99Ms.size()));
    }

    /** Achieved rate within {@link #MAX_RATE_ERROR} of the target, run by run. */
    Verdict achievedRate(double share, long eventsPerSecond, List<Double> achievedPerSecond) {
        long met = achievedPerSecond.stream()
                .filter(achieved -> Math.abs(achieved - eventsPerSecond) <= MAX_RATE_ERROR * eventsPerSecond)
                .count();
        String bar = String.format(
                Locale.ROOT,
                "pacing at %.0f %% (%,d/s): achieved rate within %.0f %%",
                share * 100,
                eventsPerSecond,
                MAX_RATE_ERROR * 100);
        return add(new Verdict(bar, met, achievedPerSecond.size()));
    }

    List<Verdict> verdicts() {
        return List.copyOf(verdicts);
    }

    private Verdict add(Verdict verdict) {
        verdicts.add(verdict);
        return verdict;
    }
}
