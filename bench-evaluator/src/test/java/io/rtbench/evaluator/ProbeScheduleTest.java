package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Where one generator's probes fall: at a mean of one per interval, and at every point of any period below it. */
class ProbeScheduleTest {

    private static final long INTERVAL_NANOS = 1_000_000_000L;

    @Test
    void probesComeOncePerIntervalOnAverageAndNeverCloserThanHalfOfIt() {
        ProbeSchedule schedule = new ProbeSchedule(0, INTERVAL_NANOS, new Random(3));
        long first = schedule.dueNanos();
        assertThat(first).isBetween(0L, INTERVAL_NANOS);
        long previous = first;
        for (int i = 0; i < 10_000; i++) {
            long due = schedule.advance();
            assertThat(due - previous).isBetween(INTERVAL_NANOS / 2, INTERVAL_NANOS * 3 / 2);
            previous = due;
        }
        assertThat((previous - first) / 10_000.0).isCloseTo(INTERVAL_NANOS, withinPercentage(1));
    }

    /**
     * The producer's bursts at 1 MB/s in batches of 50 come every 62.5 ms, 16 to a second: probes every second, at a
     * fixed rate, would all read the same point of that cycle. Drawn gaps spread them evenly over it.
     */
    @Test
    void probesFallEvenlyOverAPeriodThatDividesTheInterval() {
        long periodNanos = 62_500_000L;
        int bins = 5;
        int[] perBin = new int[bins];
        ProbeSchedule schedule = new ProbeSchedule(0, INTERVAL_NANOS, new Random(7));
        int probes = 5_000;
        for (int i = 0; i < probes; i++) {
            long phase = schedule.advance() % periodNanos;
            perBin[(int) (phase * bins / periodNanos)]++;
        }
        for (int count : perBin) {
            assertThat(count).as("probes in each fifth of the period").isBetween(900, 1_100);
        }
    }
}
