package io.rtbench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

    @Test
    void summaryIsInMillisecondsFromMicroseconds() {
        LatencyRecorder recorder = new LatencyRecorder(Metrics.DATA);
        for (int micros = 1; micros <= 100_000; micros++) { // 1 µs .. 100 ms, uniform
            recorder.recordMicros(micros);
        }
        LatencySummary summary = LatencySummary.ofMicros(recorder.total());
        assertThat(summary.count()).isEqualTo(100_000);
        assertThat(summary.p50()).isCloseTo(50.0, within(0.1));
        assertThat(summary.p99()).isCloseTo(99.0, within(0.1));
        assertThat(summary.max()).isCloseTo(100.0, within(0.1));
    }

    @Test
    void intervalsAddUpToTheTotal() {
        LatencyRecorder recorder = new LatencyRecorder(Metrics.QUERY);
        recorder.recordMicros(10);
        recorder.recordMicros(20);
        Histogram first = recorder.takeInterval();
        assertThat(first.getTotalCount()).isEqualTo(2);
        assertThat(first.getTag()).isEqualTo(Metrics.QUERY);
        recorder.recordMicros(30);
        assertThat(recorder.takeInterval().getTotalCount()).isEqualTo(1);
        assertThat(recorder.total().getTotalCount()).isEqualTo(3);
    }

    @Test
    void outOfRangeValuesAreClampedNotDropped() {
        LatencyRecorder recorder = new LatencyRecorder(Metrics.DATA);
        recorder.recordMicros(-5);
        recorder.recordMicros(Long.MAX_VALUE);
        Histogram total = recorder.total();
        assertThat(total.getTotalCount()).isEqualTo(2);
        assertThat(total.getMinValue()).isZero();
        assertThat(total.getMaxValue()).isGreaterThanOrEqualTo(LatencyRecorder.HIGHEST_TRACKABLE_MICROS * 999 / 1000);
    }

    @Test
    void resetForgetsTheWarmup() {
        MetricSet metrics = new MetricSet();
        metrics.recorder(Metrics.PRODUCE_ACK).recordMicros(5);
        metrics.reset();
        metrics.recorder(Metrics.PRODUCE_ACK).recordMicros(7);
        metrics.recorder(Metrics.SCHEDULE_DELAY); // created, never recorded: left out of the summaries
        assertThat(metrics.summaries()).containsOnlyKeys(Metrics.PRODUCE_ACK);
        assertThat(metrics.summaries().get(Metrics.PRODUCE_ACK).count()).isEqualTo(1);
    }
}
