package io.rtbench.connectors.bridge;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.metrics.Metrics;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** What the bridge did: counters and the two sink-stage latencies of docs/MEASUREMENT.md. */
public final class BridgeStats {

    private final LongAdder consumed = new LongAdder();
    private final LongAdder written = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final AtomicReference<String> lastError = new AtomicReference<>();
    /** When the first write began and the last one ended (epoch µs), {@link Long#MAX_VALUE}/MIN_VALUE before any. */
    private final AtomicLong firstWriteStartMicros = new AtomicLong(Long.MAX_VALUE);

    private final AtomicLong lastWriteEndMicros = new AtomicLong(Long.MIN_VALUE);
    private final MetricSet metrics = new MetricSet();
    private final LatencyRecorder kafkaHop = metrics.recorder(Metrics.KAFKA_HOP);
    private final LatencyRecorder sinkWrite = metrics.recorder(Metrics.SINK_WRITE);

    void consumed(int events) {
        consumed.add(events);
    }

    /** A write that landed {@code events}, began at {@code startMicros} and ended at {@code endMicros} (epoch µs). */
    void written(int events, long startMicros, long endMicros) {
        written.add(events);
        firstWriteStartMicros.accumulateAndGet(startMicros, Math::min);
        lastWriteEndMicros.accumulateAndGet(endMicros, Math::max);
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

    /**
     * The seconds from the first write's start to the last write's end, empty before any write. A bridge that drained
     * a backlog and then waited has a rate over this span that is what it can write, where events over the whole run
     * would count the waiting too.
     */
    public OptionalDouble writingSeconds() {
        long first = firstWriteStartMicros.get();
        long last = lastWriteEndMicros.get();
        return last < first ? OptionalDouble.empty() : OptionalDouble.of((last - first) / 1e6);
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
