package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ConnectTasks;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.SuiteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code rtbench run --pipeline kafka-connect --fault sink-kill@… --fault rebalance@…} with rtbench's sink plugin into
 * the PostgreSQL the run starts itself (docs/MEASUREMENT.md, "Freshness under faults"), both faults in one run to keep
 * the suite short: the run's Connect worker is killed and started again on its port, group and topics, its two tasks
 * resuming from their committed offsets; later a second worker joins the group, takes a task, and leaves again. Nothing
 * is lost (the sink is at-least-once: what was written after the last commit is written again, absorbed by PostgreSQL's
 * idempotent writes), each fault's window is as long as it was on, and freshness recovers after each.
 */
@LocalProviderOnly("kills and starts the Connect worker the run started in this JVM, and a second one beside it")
@Order(SuiteOrder.LONG)
class ConnectFaultsIT {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectFaultsIT.class);
    private static final double KILLED_SEC = 2;
    private static final double JOINED_SEC = 2;
    /**
     * How long the killed worker's tasks may go on writing once its stop began: Connect stops its REST server and
     * leaves the group before it cancels the tasks (the stop takes about 1.5 s, docs/MEASUREMENT.md), so the data stops
     * growing up to about a second into the window (a peak of 1,846 ms was seen after a 2-s kill).
     */
    private static final double WRITING_ON_SEC = 1;
    /** A worker's start in this JVM (about 1 s here) and its tasks' start and moves: room for a loaded machine. */
    private static final double START_ALLOWANCE_SEC = 20;

    @TempDir
    Path dir;

    @Test
    void aKilledWorkerAndASecondWorkerJoiningLoseNothingAndFreshnessRecovers() throws Exception {
        long startNanos = System.nanoTime();
        String kill = "sink-kill@2s+2s";
        String rebalance = "rebalance@13s+2s";
        // 2 s of baseline (10 probes) before the kill; the rebalance's 5 s of baseline after the kill's staleness peak
        // (answered 6 to 8 s in: its 2 s, the stop's and the restart's few seconds); a rebalance takes about 10 s (two
        // rounds of the group's 3-s heartbeats to move a task, one to move it back, 7 to 10 s seen), then 5 s for its
        // recovery window and a few seconds of room for it to start later: a loaded machine's latencies took 2 s to
        // come back within a bound of 50 ms over the baseline after a 10-s rebalance
        FaultRuns.Ran ran = FaultRuns.run(
                dir,
                "connect_faults",
                List.of(
                        "--servers",
                        "local",
                        "--duration",
                        "34s",
                        "--fault",
                        kill,
                        "--fault",
                        rebalance,
                        "--pipeline",
                        "kafka-connect",
                        "--bridge-threads",
                        "2"));
        StepResult step = ran.step();
        List<StepFault> faults = step.faults();
        LOG.info(
                "{}; {}; {}; took {} s",
                faults,
                step.events(),
                step.connectTasks(),
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos));

        assertThat(faults).extracting(StepFault::fault).containsExactly(kill, rebalance);
        StepFault killed = faults.get(0);
        assertThat(killed.startOffsetSec()).as("2 s into the measured phase").isBetween(1.9, 3.0);
        assertThat(killed.endOffsetSec() - killed.startOffsetSec())
                .as("2 s killed, then the worker's start until its tasks run again")
                .isBetween(KILLED_SEC, KILLED_SEC + START_ALLOWANCE_SEC);
        assertThat(killed.stalenessPeakMs())
                .as("nothing new became visible while the worker was down")
                .isGreaterThanOrEqualTo((KILLED_SEC - WRITING_ON_SEC) * 1_000);
        assertRecovered(killed);

        StepFault joined = faults.get(1);
        assertThat(joined.startOffsetSec()).as("13 s into the measured phase").isBetween(12.9, 14.0);
        assertThat(joined.endOffsetSec() - joined.startOffsetSec())
                .as("at least 2 s with the second worker, then until the tasks run on the first one again")
                .isBetween(JOINED_SEC, JOINED_SEC + START_ALLOWANCE_SEC);
        assertThat(joined.baselineDataP99Ms())
                .as("the rebalance's baseline is past the kill's staleness, or its recovery would be judged by it")
                .isLessThan(KILLED_SEC * 1_000);
        assertRecovered(joined);

        ConnectTasks tasks = step.connectTasks();
        assertThat(tasks.tasksMax()).isEqualTo(2);
        assertThat(tasks.placements())
                .as("a task ran on the second worker while it was in the group")
                .anySatisfy(placement -> assertThat(placement.tasks())
                        .extracting(ConnectTasks.Task::workerId)
                        .doesNotHaveDuplicates()
                        .hasSize(2));
        assertThat(tasks.moves()).as("a task to the second worker and back").isGreaterThanOrEqualTo(2);

        StepResult.EventCounts events = step.events();
        assertThat(events.lost()).isZero();
        assertThat(events.landed()).isEqualTo(events.produced()).isGreaterThan(10_000L);
        assertThat(step.latencyMs().get(Metrics.KAFKA_HOP).count())
                .as("the tasks' interval logs were followed after the restart and the moves")
                .isGreaterThanOrEqualTo(events.produced() * 8 / 10);
        assertThat(ran.out()).contains("  fault " + kill + " (").contains("  fault " + rebalance + " (");
    }

    private static void assertRecovered(StepFault fault) {
        assertThat(fault.recovered()).as(fault.fault() + " recovered").isTrue();
        assertThat(fault.timeToRecoverSec()).isNotNull().isGreaterThanOrEqualTo(0.0);
    }
}
