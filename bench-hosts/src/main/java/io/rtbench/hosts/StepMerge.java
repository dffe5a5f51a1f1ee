package io.rtbench.hosts;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.PartsMerge;
import io.rtbench.core.result.PartsMerge.Ran;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.WorkerShare;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.hosts.HostMessages.StepReport;
import java.util.ArrayList;
import java.util.List;

/**
 * The workers' step figures as one host's, merged as every run of parts side by side is ({@link PartsMerge}); beside
 * them, each worker's own share. A worker that sent no report (it failed or fell silent) is a part without figures:
 * the others' sum is not the step's total, so the step's rates and counts are absent (docs/GUIDE.md, "Several hosts")
 * and only the shares of the workers that reported say what they counted. The machines' CPU is not added: the step's
 * {@code host} is that of the busiest of this host and the workers' ({@link PartsMerge#host}), and each worker's own
 * is in its share (docs/REPORTS.md, "Several hosts").
 */
final class StepMerge {

    private StepMerge() {}

    static void into(StepResult.Builder result, List<RemoteWorker> workers) {
        if (workers.isEmpty()) {
            return;
        }
        PartsMerge.counts(
                result, workers.stream().map(worker -> part(worker.report)).toList(), Ran.SIDE_BY_SIDE);
        List<HostUtilisation> hosts = new ArrayList<>();
        hosts.add(result.host());
        List<WorkerShare> shares = new ArrayList<>();
        for (RemoteWorker worker : workers) {
            StepReport report = worker.report;
            if (report == null) {
                continue;
            }
            shares.add(new WorkerShare(
                    worker.id,
                    worker.share.generators(),
                    report.produced(),
                    report.failed(),
                    report.probeErrors(),
                    LatencySummary.ofEachWithSamples(worker.measured()),
                    report.host()));
            hosts.add(report.host());
        }
        result.workers(shares.isEmpty() ? null : shares).host(PartsMerge.host(hosts));
    }

    /** A worker's report as the step of one part; a missing report as a part that measured nothing. */
    private static StepResult part(StepReport report) {
        if (report == null) {
            return StepResult.builder().build();
        }
        return StepResult.builder()
                .rate(report.rate())
                .schedule(report.schedule())
                .docBytes(report.docBytes())
                .events(EventCounts.producedOnly(report.produced(), report.failed()))
                .probeErrors(report.probeErrors())
                .probesBeforeVisible(report.probesBeforeVisible())
                .build();
    }
}
