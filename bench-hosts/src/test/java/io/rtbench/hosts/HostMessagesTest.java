package io.rtbench.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.engine.Sustained;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.hosts.HostMessages.Control;
import io.rtbench.hosts.HostMessages.Result;
import io.rtbench.hosts.HostMessages.Share;
import io.rtbench.hosts.HostMessages.StepReport;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The records of a run on several hosts and the merge of the workers' figures (docs/ARCHITECTURE.md). */
class HostMessagesTest {

    @Test
    void anIntervalSurvivesItsEncodingBucketForBucket() {
        Histogram interval = LatencyRecorder.newHistogram();
        Random random = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            interval.recordValue(1 + random.nextInt(5_000_000));
        }
        Histogram decoded = HostTopics.decode(HostTopics.encode(interval));
        assertThat(decoded).isEqualTo(interval);
        assertThat(decoded.getValueAtPercentile(99)).isEqualTo(interval.getValueAtPercentile(99));
    }

    @Test
    void recordingTheWorkersIntervalsIsTheSameAsAddingThem() {
        // what the coordinator does (LatencyRecorder.recordAll) against Histogram.add of every worker's samples
        LatencyRecorder merged = new LatencyRecorder("data");
        Histogram added = LatencyRecorder.newHistogram();
        Random random = new Random(11);
        for (int worker = 0; worker < 3; worker++) {
            Histogram interval = LatencyRecorder.newHistogram();
            for (int i = 0; i < 2_000; i++) {
                interval.recordValue((long) (Math.exp(random.nextGaussian() * 2 + 10)) + 1);
            }
            merged.recordAll(HostTopics.decode(HostTopics.encode(interval)));
            added.add(interval);
        }
        assertThat(LatencySummary.ofMicros(merged.total())).isEqualTo(LatencySummary.ofMicros(added));
        assertThat(merged.total().getTotalCount()).isEqualTo(6_000);
    }

    @Test
    void theBadEncodingOfAnotherHostIsOneLine() {
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> HostTopics.decode("bm90IGEgaGlzdG9ncmFt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(HostTopics.RESULTS);
    }

    @Test
    void ratesTravelExactly() {
        for (Rate rate : List.of(Rate.MAX, Rate.parse("20MB"), Rate.parse("1234.5/s"), Rate.parse("12345678/s"))) {
            assertThat(HostMessages.rate(HostMessages.rateText(rate))).isEqualTo(rate);
        }
        assertThat(HostMessages.rate(null)).isNull();
    }

    @Test
    void thePartsOfAnEventCountAddUpToIt() {
        // 7 generators over 3 workers: 3, 2, 2
        List<Share> shares =
                List.of(new Share("a", 0, 3, 0, "p-a"), new Share("b", 1, 2, 3, "p-b"), new Share("c", 2, 2, 5, "p-c"));
        for (long total : List.of(0L, 1L, 10L, 1_000_001L)) {
            assertThat(shares.stream()
                            .mapToLong(share -> share.eventsOf(total, 7))
                            .sum())
                    .isEqualTo(total);
        }
        assertThat(shares.get(0).eventsOf(700, 7)).isEqualTo(300);
    }

    @Test
    void recordsReadBackAsWritten() throws Exception {
        WorkerSpec scenario = new WorkerSpec(
                "clickhouse",
                "http://ch:8123",
                "events",
                Map.of("shards", "2"),
                false,
                "rtbench.events",
                "json",
                6,
                1250,
                1,
                250,
                5000,
                10_000,
                120_000);
        Control assign = Control.of(HostMessages.ASSIGN, "run-1");
        Control written = new Control(
                assign.type(),
                "run-1",
                assign.sentMs(),
                "me",
                3,
                scenario,
                List.of(new Share("a", 0, 2, 0, "p-a")),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        assertThat(HostTopics.JSON.readValue(HostTopics.JSON.writeValueAsString(written), Control.class))
                .isEqualTo(written);
        Result done = new Result(
                HostMessages.STEP_DONE,
                "run-1",
                "a",
                5,
                1,
                null,
                null,
                null,
                null,
                report(10, false, Map.of(7L, 10L)),
                null);
        assertThat(HostTopics.JSON.readValue(HostTopics.JSON.writeValueAsString(done), Result.class))
                .isEqualTo(done);
        Result claim = Result.claim("run-1", "a", "process-token");
        assertThat(HostTopics.JSON.readValue(HostTopics.JSON.writeValueAsString(claim), Result.class))
                .as("a claim names its process")
                .isEqualTo(claim)
                .extracting(Result::instance)
                .isEqualTo("process-token");
    }

    @Test
    void theWorkersFiguresAddUpAndOneBehindMakesTheStepNotSustained() {
        RemoteWorker a = worker("a", report(1_000, false, Map.of(1L, 1_100L)));
        RemoteWorker b = worker("b", report(3_000, true, Map.of(2L, 3_100L)));
        Histogram samples = LatencyRecorder.newHistogram();
        samples.recordValue(2_000);
        a.addMeasured("data", samples);
        StepResult.Builder step = StepResult.builder().durationSec(10);

        StepMerge.into(step, List.of(a, b));
        StepResult merged = step.build();

        assertThat(merged.events().produced()).isEqualTo(4_000);
        assertThat(merged.events().failed()).isEqualTo(2);
        assertThat(merged.rate().achievedEventsPerSec()).isEqualTo(400);
        assertThat(merged.rate().targetEventsPerSec()).isEqualTo(400);
        assertThat(merged.schedule().eventsDue()).isEqualTo(4_000);
        assertThat(merged.schedule().behind()).isTrue();
        assertThat(Sustained.judge(merged.rate(), merged.schedule(), merged.backlog(), merged.events()))
                .as("one worker behind its schedule: the merged step is not sustained")
                .isFalse();
        assertThat(merged.docBytes().mean()).isEqualTo((1_000 * 1_200.0 + 3_000 * 1_300.0) / 4_000);
        assertThat(merged.probeErrors()).isEqualTo(2);
        assertThat(merged.probesBeforeVisible())
                .as("one worker's, the other had none")
                .isEqualTo(3);
        assertThat(merged.workers()).extracting(StepResult.WorkerShare::id).containsExactly("a", "b");
        assertThat(merged.workers().get(0).latencyMs().get("data").count()).isEqualTo(1);
        assertThat(merged.workers().get(1).latencyMs()).isEmpty();
    }

    @Test
    void eachWorkerKeepsItsHostsCpuInItsShareAndTheStepHasTheBusiestMachines() throws Exception {
        HostUtilisation coordinator = machineAt(30.0);
        HostUtilisation busy = machineAt(90.0);
        StepReport withHost = withHost(report(3_000, false, Map.of(2L, 3_100L)), busy);
        assertThat(HostTopics.JSON.readValue(HostTopics.JSON.writeValueAsBytes(withHost), StepReport.class))
                .as("the worker's figures as the coordinator reads them")
                .isEqualTo(withHost);
        RemoteWorker a = worker("a", withHost(report(1_000, false, Map.of(1L, 1_100L)), machineAt(50.0)));
        RemoteWorker b = worker("b", withHost);
        RemoteWorker c = worker("c", report(1_000, false, Map.of(3L, 1_100L)));
        StepResult.Builder step = StepResult.builder().durationSec(10).host(coordinator);

        StepMerge.into(step, List.of(a, b, c));
        StepResult merged = step.build();

        assertThat(merged.host())
                .as("the busiest of the coordinator's and the workers' machines")
                .isEqualTo(busy);
        assertThat(merged.workers())
                .extracting(StepResult.WorkerShare::host)
                .containsExactly(machineAt(50.0), busy, null);

        StepResult.Builder quiet = StepResult.builder().durationSec(10).host(coordinator);
        StepMerge.into(quiet, List.of(c));
        assertThat(quiet.build().host())
                .as("workers that read no CPU leave the coordinator's own")
                .isEqualTo(coordinator);
    }

    private static StepReport withHost(StepReport report, HostUtilisation host) {
        return new StepReport(
                report.rate(),
                report.schedule(),
                report.docBytes(),
                report.produced(),
                report.failed(),
                report.probeErrors(),
                report.probesBeforeVisible(),
                report.producedByGenerator(),
                report.newestEventTimes(),
                report.failedInRun(),
                host);
    }

    private static HostUtilisation machineAt(double percent) {
        List<Utilisation.Sample> series = List.of(new Utilisation.Sample(0, percent, null, null));
        return new HostUtilisation(
                new HostUtilisation.Harness(
                        2,
                        Utilisation.Summary.of(series),
                        series,
                        Map.of("rtbench", new Utilisation("process", 2, Utilisation.Summary.of(series), series))),
                new HostUtilisation.Machine(2, Utilisation.Summary.of(series), series));
    }

    @Test
    void aWorkerWithoutItsReportLeavesTheStepsTotalsAbsentAndTheOthersShares() {
        RemoteWorker a = worker("a", report(1_000, false, Map.of(1L, 1_100L)));
        RemoteWorker gone = worker("c", null);
        StepResult.Builder step = StepResult.builder().durationSec(10);

        StepMerge.into(step, List.of(a, gone));
        StepResult merged = step.build();

        assertThat(merged.rate()).as("worker a's rate alone is not the step's").isNull();
        assertThat(merged.events()).isNull();
        assertThat(merged.schedule()).isNull();
        assertThat(merged.docBytes()).isNull();
        assertThat(merged.probeErrors()).isNull();
        assertThat(merged.workers())
                .extracting(StepResult.WorkerShare::produced)
                .containsExactly(1_000L);
    }

    @Test
    void aWorkerJoinsFreshAnnouncementsAndRunsOnlyWhatIsAssignedToIt() {
        Control announce = Control.of(HostMessages.ANNOUNCE, "run-1");
        assertThat(Worker.joins(announce, announce.sentMs() + 1_000)).isTrue();
        assertThat(Worker.joins(announce, announce.sentMs() + Worker.STALE.toMillis() + 1))
                .as("an announcement from before the worker started")
                .isFalse();
        assertThat(Worker.joins(Control.of(HostMessages.BEAT, "run-1"), announce.sentMs()))
                .isFalse();

        Control base = Control.of(HostMessages.ASSIGN, "run-1");
        Control assign = new Control(
                base.type(),
                "run-1",
                base.sentMs(),
                "me",
                2,
                null,
                List.of(new Share("a", 0, 1, 0, "p-a"), new Share("b", 1, 1, 1, "p-b")),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        assertThat(Worker.shareOf(assign, "b")).contains(new Share("b", 1, 1, 1, "p-b"));
        assertThat(Worker.shareOf(assign, "c"))
                .as("a run that chose other workers")
                .isEmpty();
    }

    private static RemoteWorker worker(String id, StepReport report) {
        RemoteWorker worker = new RemoteWorker(id, 0);
        worker.share = new Share(id, 0, 1, 0, "p-id");
        worker.report = report;
        return worker;
    }

    private static StepReport report(long produced, boolean behind, Map<Long, Long> byGenerator) {
        double perSec = produced / 10.0;
        return new StepReport(
                new StepRate(perSec, perSec * 1250, perSec, perSec * 1250),
                new Schedule(produced, behind ? produced / 10 : 0, behind ? 300 : 0, behind),
                new DocBytes(behind ? 1_300 : 1_200, 1_000, 1_500, 9),
                produced,
                1,
                1L,
                behind ? 3L : null,
                byGenerator,
                Map.of(),
                1,
                null);
    }
}
