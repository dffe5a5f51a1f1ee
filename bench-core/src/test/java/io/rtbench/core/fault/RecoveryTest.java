package io.rtbench.core.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.fault.Recovery.Figures;
import io.rtbench.core.fault.Recovery.Point;
import io.rtbench.core.fault.Recovery.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The figures of a fault over synthetic series: a phase of 30 s from t = 0, a fault from 10 s to 14 s, probes every
 * 250 ms (times in µs).
 */
class RecoveryTest {

    private static final long S = 1_000_000;
    private static final long MS = 1_000;
    private static final Span FAULT = new Span(0, 10 * S, 14 * S, 30 * S);

    @Test
    void recoveryIsTheFirstWindowAfterTheFaultWithinTheBoundAndThePeakIsTheWorstUntilThen() {
        // 20 ms before the fault; during it the newest event ages; after it 2 s of catching up at 400 ms, then 20 ms
        List<Point> data = probes(
                0,
                30 * S,
                at -> at < 10 * S ? 20 * MS : at < 14 * S ? at - 10 * S + 20 * MS : at < 16 * S ? 400 * MS : 20 * MS);
        data.add(new Point(14 * S + 5 * MS, 4_020 * MS)); // the probe sent during the pause, answered after it

        Figures figures = Recovery.measure(FAULT, data, List.of());

        assertThat(figures.baselineP99Micros()).isEqualTo(20 * MS);
        assertThat(figures.boundMicros()).as("20 ms + max(20 %, 50 ms)").isEqualTo(70 * MS);
        assertThat(figures.recovered()).isTrue();
        assertThat(figures.recoveredAtMicros())
                .as("the first window without a 400 ms sample starts at the first sample at 20 ms again")
                .isEqualTo(16 * S);
        assertThat(figures.stalenessPeakMicros()).isEqualTo(4_020 * MS);
    }

    @Test
    void aPipelineThatNeverComesBackWithinTheBoundIsNotRecoveredAndItsPeakRunsToThePhasesEnd() {
        List<Point> data = probes(0, 30 * S, at -> at < 10 * S ? 20 * MS : at < 28 * S ? 500 * MS : 900 * MS);

        Figures figures = Recovery.measure(FAULT, data, List.of());

        assertThat(figures.recovered()).isFalse();
        assertThat(figures.recoveredAtMicros()).isNull();
        assertThat(figures.stalenessPeakMicros()).as("until the phase's end").isEqualTo(900 * MS);
    }

    @Test
    void aFaultAtTheVeryEndLeavesNoWholeWindowAfterItAndSoIsNotRecovered() {
        Span atTheEnd = new Span(0, 24 * S, 28 * S, 30 * S);
        List<Point> data = probes(0, 30 * S, at -> 20 * MS); // freshness never even moved

        Figures figures = Recovery.measure(atTheEnd, data, List.of());

        assertThat(figures.recovered()).as("2 s left: no window of 5 s fits").isFalse();
        assertThat(figures.stalenessPeakMicros()).isEqualTo(20 * MS);
    }

    @Test
    void aFaultThatChangedNothingRecoversAtItsEnd() {
        Figures figures = Recovery.measure(FAULT, probes(0, 30 * S, at -> 20 * MS), List.of());

        assertThat(figures.recovered()).isTrue();
        assertThat(figures.recoveredAtMicros()).isEqualTo(14 * S);
    }

    @Test
    void aWindowWithoutSamplesIsNoRecoveryAndABaselineWithoutSamplesIsNoJudgement() {
        // no answer at all from 14 s to 22 s (every probe of those seconds lost), then fresh again
        List<Point> gap = probes(0, 30 * S, at -> 20 * MS);
        gap.removeIf(point -> point.atMicros() >= 10 * S && point.atMicros() < 22 * S);

        Figures afterGap = Recovery.measure(FAULT, gap, List.of());

        assertThat(afterGap.recovered()).isTrue();
        assertThat(afterGap.recoveredAtMicros())
                .as("the windows without a sample are skipped: the first answer after the gap")
                .isEqualTo(22 * S);
        assertThat(afterGap.stalenessPeakMicros()).isEqualTo(20 * MS);

        List<Point> noBaseline = probes(10 * S, 30 * S, at -> 20 * MS);
        Figures unjudged = Recovery.measure(FAULT, noBaseline, List.of());

        assertThat(unjudged.baselineP99Micros()).isNull();
        assertThat(unjudged.recovered()).as("not judged").isNull();
        assertThat(unjudged.stalenessPeakMicros()).isEqualTo(20 * MS);
        assertThat(Recovery.measure(FAULT, List.of(), List.of()).stalenessPeakMicros())
                .isNull();
    }

    @Test
    void theBaselineIsTheWindowBeforeTheFaultOrWhatThePhaseHadOfIt() {
        // 900 ms early in the phase, then 20 ms: only the 5 s before the fault count
        List<Point> data = probes(0, 30 * S, at -> at < 4 * S ? 900 * MS : 20 * MS);
        assertThat(Recovery.measure(FAULT, data, List.of()).baselineP99Micros()).isEqualTo(20 * MS);

        Span early = new Span(0, 2 * S, 3 * S, 30 * S);
        assertThat(Recovery.measure(early, data, List.of()).baselineP99Micros())
                .as("a fault 2 s in: the 2 s it had")
                .isEqualTo(900 * MS);
    }

    @Test
    void theMarginIsAFifthOfTheBaselineOrFiftyMillisecondsWhicheverIsMore() {
        assertThat(Recovery.bound(20 * MS)).isEqualTo(70 * MS);
        assertThat(Recovery.bound(1_000 * MS)).isEqualTo(1_200 * MS);
    }

    @Test
    void theP99IsTheNearestRankAsHdrHistogramReadsIt() {
        List<Long> hundred = new ArrayList<>();
        for (long i = 1; i <= 100; i++) {
            hundred.add(i);
        }
        assertThat(Recovery.p99(hundred)).hasValue(99);
        assertThat(Recovery.p99(List.of(3L, 1L, 2L))).hasValue(3);
        assertThat(Recovery.p99(List.of())).isEmpty();
    }

    @Test
    void theBacklogPeaksAfterThePauseAndItsDrainRateIsFromThePeakBackToItsLevelBefore() {
        // once a second: 50 events in flight before the fault; +500/s while paused; drains at 1,000/s from 15 s
        List<Point> backlog = new ArrayList<>();
        for (long second = 0; second <= 30; second++) {
            long events = second <= 10 ? 50 : second <= 15 ? 50 + (second - 10) * 500 : 2_550 - (second - 15) * 1_000;
            backlog.add(new Point(second * S, Math.max(events, 40)));
        }

        Figures figures = Recovery.measure(FAULT, List.of(), backlog);

        assertThat(figures.backlogPeakEvents()).isEqualTo(2_550);
        assertThat(figures.drainEventsPerSec()).as("2,550 to 40 in 3 s").isCloseTo(836.7, Offset.offset(0.1));

        List<Point> neverDrained = backlog.subList(0, 16);
        assertThat(Recovery.measure(FAULT, List.of(), neverDrained).drainEventsPerSec())
                .isNull();
        assertThat(Recovery.measure(FAULT, List.of(), List.of()).backlogPeakEvents())
                .isNull();
    }

    /** A probe every 250 ms from {@code fromMicros} to before {@code untilMicros}, each of the value at its time. */
    private static List<Point> probes(long fromMicros, long untilMicros, LongUnaryOperator value) {
        List<Point> points = new ArrayList<>();
        for (long at = fromMicros; at < untilMicros; at += 250 * MS) {
            points.add(new Point(at, value.applyAsLong(at)));
        }
        return points;
    }
}
