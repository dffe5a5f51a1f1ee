package io.rtbench.hosts;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.hosts.HostMessages.Share;
import io.rtbench.hosts.HostMessages.StepReport;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;

/** What the coordinator knows of one worker of its run, updated from the results topic's reader thread. */
final class RemoteWorker {

    final String id;
    volatile Share share;
    volatile long lastHeardMs;
    volatile boolean ready;
    volatile String failure;
    volatile long sentEvents;
    volatile StepReport report;
    /** {@code step:PHASE} keys of the phases this worker said are done ({@code phaseDone}) or ended ({@code ended}). */
    final Set<String> done = ConcurrentHashMap.newKeySet();

    final Set<String> ended = ConcurrentHashMap.newKeySet();
    /** The measured phase's histograms of this worker alone, for the step's per-worker breakdown. */
    private final Map<String, Histogram> measured = new LinkedHashMap<>();

    RemoteWorker(String id, long nowMs) {
        this.id = id;
        this.lastHeardMs = nowMs;
    }

    synchronized void addMeasured(String metric, Histogram interval) {
        measured.computeIfAbsent(metric, name -> LatencyRecorder.newHistogram()).add(interval);
    }

    synchronized Map<String, Histogram> measured() {
        Map<String, Histogram> copy = new LinkedHashMap<>();
        measured.forEach((name, histogram) -> copy.put(name, histogram.copy()));
        return copy;
    }

    synchronized void resetMeasured() {
        measured.clear();
    }

    boolean silentFor(long nowMs, long limitMs) {
        return nowMs - lastHeardMs > limitMs;
    }
}
