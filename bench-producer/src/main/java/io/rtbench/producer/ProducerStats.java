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

    private final LongAdder sentEvents = new LongAdder();
    private final LongAdder sentBytes = new LongAdder();
    private final LongAdder ackedEvents = new LongAdder();
    private final LongAdder ackedBytes = new LongAdder();
    private final LongAdder failedEvents = new LongAdder();
    private final LongAdder prefillAcked = new LongAdder();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    /** Read by every generator thread once per event, so a plain volatile rather than the adder's sum. */
    private volatile boolean eventFailed;

    private final MetricSet metrics = new MetricSet();
    private final LatencyRecorder produceAck = metrics.recorder(Metrics.PRODUCE_ACK);
    private final LatencyRecorder scheduleDelay = metrics.recorder(Metrics.SCHEDULE_DELAY);
    private final LatencyRecorder sinkWrite = metrics.recorder(Metrics.SINK_WRITE);

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
        if (events > 0) {
            eventFailed = true;
        }
    }

    /**
     * Whether an event has failed: the run stops then, since each further send would wait for a destination that is
     * gone, and the measurement no longer holds.
     */
    public boolean hasFailed() {
        return eventFailed;
    }

    /**
     * Forgets the measurements so far (the end of a warmup, or of a step): counters and latencies. Failures are kept:
     * an event that cannot land is lost whichever phase it was sent in.
     */
    public void reset() {
        for (LongAdder counter : new LongAdder[] {sentEvents, sentBytes, ackedEvents, ackedBytes}) {
            counter.reset();
        }
        metrics.reset();
    }

    public MetricSet metrics() {
        return metrics;
    }

    public long sentEvents() {
        return sentEvents.sum();
    }

    public long sentBytes() {
        return sentBytes.sum();
    }

    /** Measured events the destination acknowledged. */
    public long ackedEvents() {
        return ackedEvents.sum();
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

    /** The failures in one line for the user, e.g. "12 events were not acknowledged; first reason: ...". */
    public String failureSummary() {
        return failed() + " events were not acknowledged; first reason: " + firstFailure();
    }
}
