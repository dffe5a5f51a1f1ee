package io.rtbench.cli.hosts;

import io.rtbench.cli.hosts.HostMessages.StepReport;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.Counts;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.result.StepResult.WorkerShare;
import java.util.ArrayList;
import java.util.List;

/**
 * The workers' step figures as one host's: rates and counts add up, the schedule is behind when any worker's is, the
 * document sizes are weighted by the events; beside them, each worker's own share. A worker that sent no report (it
 * failed or fell silent) is left out: a figure nobody measured is absent.
 */
final class StepMerge {

    private StepMerge() {}

    static void into(StepResult.Builder result, List<RemoteWorker> workers) {
        List<RemoteWorker> reporting =
                workers.stream().filter(worker -> worker.report != null).toList();
        if (reporting.isEmpty()) {
            return;
        }
        List<StepReport> reports =
                reporting.stream().map(worker -> worker.report).toList();
        result.rate(rate(reports));
        Schedule schedule = schedule(reports);
        if (schedule != null) {
            result.schedule(schedule);
        }
        result.docBytes(docBytes(reports));
        result.events(EventCounts.producedOnly(
                reports.stream().mapToLong(StepReport::produced).sum(),
                reports.stream().mapToLong(StepReport::failed).sum()));
        result.probeErrors(Counts.total(reports, StepReport::probeErrors));
        result.probesBeforeVisible(Counts.total(reports, StepReport::probesBeforeVisible));
        List<WorkerShare> shares = new ArrayList<>();
        for (RemoteWorker worker : reporting) {
            StepReport report = worker.report;
            shares.add(new WorkerShare(
                    worker.id,
                    worker.share.generators(),
                    report.produced(),
                    report.failed(),
                    report.probeErrors(),
                    LatencySummary.ofEachWithSamples(worker.measured())));
        }
        result.workers(shares);
    }

    private static StepRate rate(List<StepReport> reports) {
        List<StepRate> rates =
                reports.stream().map(StepReport::rate).filter(r -> r != null).toList();
        if (rates.isEmpty()) {
            return null;
        }
        return new StepRate(
                sumOrNull(rates.stream().map(StepRate::targetEventsPerSec).toList()),
                sumOrNull(rates.stream().map(StepRate::targetBytesPerSec).toList()),
                rates.stream().mapToDouble(StepRate::achievedEventsPerSec).sum(),
                sumOrNull(rates.stream().map(StepRate::achievedBytesPerSec).toList()));
    }

    private static Double sumOrNull(List<Double> values) {
        return values.contains(null)
                ? null
                : values.stream().mapToDouble(Double::doubleValue).sum();
    }

    private static Schedule schedule(List<StepReport> reports) {
        List<Schedule> schedules = reports.stream()
                .map(StepReport::schedule)
                .filter(s -> s != null)
                .toList();
        if (schedules.isEmpty()) {
            return null;
        }
        return new Schedule(
                schedules.stream().mapToLong(Schedule::eventsDue).sum(),
                schedules.stream().mapToLong(Schedule::eventsBehind).sum(),
                schedules.stream().mapToDouble(Schedule::lagMs).max().orElse(0),
                schedules.stream().anyMatch(Schedule::behind));
    }

    private static DocBytes docBytes(List<StepReport> reports) {
        double weighted = 0;
        long events = 0;
        DocBytes first = null;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (StepReport report : reports) {
            DocBytes sizes = report.docBytes();
            if (sizes == null) {
                continue;
            }
            first = first == null ? sizes : first;
            long weight = Math.max(1, report.produced());
            weighted += sizes.mean() * weight;
            events += weight;
            min = Math.min(min, sizes.min());
            max = Math.max(max, sizes.max());
        }
        return first == null ? null : new DocBytes(weighted / events, min, max, first.fields());
    }
}
