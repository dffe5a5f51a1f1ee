package io.rtbench.hosts;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult.WorkerShare;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** What a run on several hosts ({@code --workers N}) prints of its workers. */
public final class SeveralHosts {

    private SeveralHosts() {}

    /** Below the result table of a run on several hosts: each step's workers, their events and data latency. */
    public static void printWorkers(RunResult result, PrintWriter out) {
        for (int i = 0; i < result.steps().size(); i++) {
            List<WorkerShare> workers = result.steps().get(i).workers();
            if (workers == null) {
                continue;
            }
            StringBuilder line = new StringBuilder("step " + (i + 1) + " workers:");
            for (WorkerShare worker : workers) {
                line.append(String.format(Locale.ROOT, "  %s %,d events", worker.id(), worker.produced()));
                LatencySummary data = worker.latencyMs().get(Metrics.DATA);
                if (data != null) {
                    line.append(String.format(Locale.ROOT, " data p50 %,.1f p99 %,.1f ms", data.p50(), data.p99()));
                }
            }
            out.println(line);
        }
    }
}
