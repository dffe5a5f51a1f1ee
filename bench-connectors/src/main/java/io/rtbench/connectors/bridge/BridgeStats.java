package io.rtbench.connectors.bridge;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.metrics.Metrics;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** What the bridge did: counters and the two sink-stage latencies of docs/MEASUREMENT.md. */
public final class BridgeStats {

    private final LongAdder consumed = new LongAdder();
    private final LongAdder written = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final AtomicReference<String> lastError = new AtomicReference<>();
    private final MetricSet metrics = new MetricSet();
    private final LatencyRecorder kafkaHop = metrics.recorder(Metrics.KAFKA_HOP);
    private final LatencyRecorder sinkWrite = metrics.recorder(Metrics.SINK_WRITE);

    void consumed(int events) {
        consumed.add(events);
    }

    void written(int events) {
        written.add(events);
    }

    /** Events the target rejected item by item (they are not retried: the target said no, not "not now"). */
    void failed(int events, String reason) {
        failed.add(events);
        lastError.set(reason);
    }

    void retried(String reason) {
        retries.increment();
        lastError.set(reason);
    }

    LatencyRecorder kafkaHop() {
        return kafkaHop;
    }

    LatencyRecorder sinkWrite() {
        return sinkWrite;
    }

    public MetricSet metrics() {
        return metrics;
    }

    public long consumed() {
        return consumed.sum();
    }

    public long written() {
        return written.sum();
    }

    public long failed() {
        return failed.sum();
    }

    public long retries() {
        return retries.sum();
    }

    /** The most recent write failure or retry reason, or null. */
    public String lastError() {
        return lastError.get();
    }
}
