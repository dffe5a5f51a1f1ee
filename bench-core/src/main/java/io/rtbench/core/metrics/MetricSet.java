package io.rtbench.core.metrics;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The latency recorders of one component (producer, bridge, evaluator), by metric name, in creation order. */
public final class MetricSet {

    private final Map<String, LatencyRecorder> recorders = new LinkedHashMap<>();

    /** The recorder of a metric, created on first use. */
    public synchronized LatencyRecorder recorder(String name) {
        return recorders.computeIfAbsent(name, LatencyRecorder::new);
    }

    public synchronized Collection<LatencyRecorder> all() {
        return List.copyOf(recorders.values());
    }

    /** Summaries of the metrics that have samples; the result file leaves out metrics with none. */
    public Map<String, LatencySummary> summaries() {
        Map<String, Histogram> totals = new LinkedHashMap<>();
        all().forEach(recorder -> totals.put(recorder.name(), recorder.total()));
        return LatencySummary.ofEachWithSamples(totals);
    }

    /** Forgets all samples, e.g. at the end of a warmup. */
    public void reset() {
        all().forEach(LatencyRecorder::reset);
    }
}
