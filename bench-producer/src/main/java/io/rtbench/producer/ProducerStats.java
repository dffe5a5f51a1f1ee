package io.rtbench.producer;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.metrics.Metrics;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters and latency recorders of one producer run, shared by all generator threads and the ack callbacks.
 * Measured and prefill events are counted apart; only measured ones are in the latencies.
 */
public final class ProducerStats {

    final LongAdder sentEvents = new LongAdder();
    final LongAdder sentBytes = new LongAdder();
    final LongAdder ackedEvents = new LongAdder();
    final LongAdder ackedBytes = new LongAdder();
    final LongAdder failedEvents = new LongAdder();
    final LongAdder prefillAcked = new LongAdder();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();

    final MetricSet metrics = new MetricSet();
    final LatencyRecorder produceAck = metrics.recorder(Metrics.PRODUCE_ACK);
    final LatencyRecorder scheduleDelay = metrics.recorder(Metrics.SCHEDULE_DELAY);
    final LatencyRecorder sinkWrite = metrics.recorder(Metrics.SINK_WRITE);

    public void sent(int events, long bytes) {
        sentEvents.add(events);
        sentBytes.add(bytes);
    }

    public void acked(int events, long bytes, boolean measured) {
        if (measured) {
            ackedEvents.add(events);
            ackedBytes.add(bytes);
        } else {
            prefillAcked.add(events);
        }
    }

    /** Events that can never land; the first reason is kept for the report. */
    public void failed(int events, String reason) {
        failedEvents.add(events);
        firstFailure.compareAndSet(null, reason);
    }

    public LatencyRecorder produceAck() {
        return produceAck;
    }

    public LatencyRecorder scheduleDelay() {
        return scheduleDelay;
    }

    public LatencyRecorder sinkWrite() {
        return sinkWrite;
    }

    public long failed() {
        return failedEvents.sum();
    }

    public String firstFailure() {
        return firstFailure.get();
    }
}
