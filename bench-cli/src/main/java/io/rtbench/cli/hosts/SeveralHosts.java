package io.rtbench.cli.hosts;

import io.rtbench.cli.run.RunSpec;
import io.rtbench.cli.support.UsageException;
import io.rtbench.core.Bounds;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult.WorkerShare;
import io.rtbench.core.workload.Workload;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** What a run on several hosts ({@code --workers N}) asks of the rest of the run, checked before anything starts. */
public final class SeveralHosts {

    private SeveralHosts() {}

    /**
     * The number of worker hosts of a run, 0 for a run on this host alone.
     *
     * @throws UsageException (exit 2) naming the setting that does not go with {@code --workers}
     */
    public static int workers(Integer workers, RunSpec spec) {
        if (workers == null) {
            return 0;
        }
        try {
            Bounds.atLeast("--workers", 1, workers);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (spec.run().localServers() || spec.kafka().bootstrapServers() == null) {
            throw new UsageException("--workers coordinates the hosts through a Kafka they all reach: give"
                    + " --servers external --bootstrap-servers HOST:PORT");
        }
        if (spec.target().provider().server().isEmpty()) {
            throw new UsageException("--workers needs a target every host can reach; "
                    + spec.target().kind() + " lives inside one process");
        }
        if (spec.pacing().generators() < workers) {
            throw new UsageException("--generators (" + spec.pacing().generators() + ") must be at least --workers ("
                    + workers + "): each worker runs generators of its own");
        }
        if (!(spec.workload() instanceof Workload.Ingest)) {
            throw new UsageException("--workers runs workload ingest only");
        }
        if (spec.repetitions().forks() > 1 || spec.repetitions().repeated()) {
            throw new UsageException("--workers runs one fork of one iteration: leave out --forks and --iterations");
        }
        return workers;
    }

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
