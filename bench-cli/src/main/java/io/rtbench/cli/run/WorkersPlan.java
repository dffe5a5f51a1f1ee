package io.rtbench.cli.run;

import io.rtbench.cli.support.UsageException;
import io.rtbench.core.Bounds;
import io.rtbench.core.workload.Workload;
import io.rtbench.hosts.WorkerSpec;

/**
 * A run on several hosts ({@code --workers N}, docs/GUIDE.md "Several hosts") as the run sees it: what it asks of the
 * rest of the run, checked before anything starts, and the share of the run that the worker hosts are sent. The
 * coordination itself is bench-hosts'.
 */
final class WorkersPlan {

    private WorkersPlan() {}

    /**
     * The number of worker hosts of a run, 0 for a run on this host alone.
     *
     * @throws UsageException (exit 2) naming the setting that does not go with {@code --workers}
     */
    static int workers(Integer workers, RunSpec spec) {
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
        if (!spec.faults().isEmpty()) {
            // a fault's figures come from the probes' samples with their times, which stay on the workers
            throw new UsageException("--fault runs on one host: leave out --workers");
        }
        return workers;
    }

    /** What a worker needs of this run to produce and probe its share; no secrets (a worker reads its own). */
    static WorkerSpec workerSpec(RunSpec spec) {
        return new WorkerSpec(
                spec.target().kind(),
                spec.target().url() == null ? null : spec.target().url().toString(),
                spec.target().collection(),
                spec.target().options(),
                spec.pipeline() == Pipeline.DIRECT,
                spec.kafka().topic(),
                spec.values().valueFormat().cliName(),
                spec.pacing().generators(),
                spec.pacing().docSize(),
                spec.pacing().seed(),
                spec.probe().interval().toMillis(),
                spec.probe().timeout().toMillis(),
                spec.start().connectTimeout().toMillis(),
                spec.run().retryTimeout().toMillis());
    }
}
