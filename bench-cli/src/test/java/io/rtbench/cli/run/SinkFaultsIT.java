package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code rtbench run --fault sink-kill@5s+3s --fault rebalance@14s+4s} on the bridge, against the suite's shared Kafka
 * and PostgreSQL (docs/MEASUREMENT.md, "Freshness under faults"): both kinds in one run of 25 s measured, so that the
 * suite pays for one run. The bridge is killed 5 s into the measured phase and a new one takes its group's partitions 3
 * s later; a second bridge is in the group from 14 s to 18 s, and the run loses nothing, its step says each fault's
 * window, a staleness peak of at least the kill for the kill, the time freshness took to come back, and the sink's
 * latencies hold the samples of every bridge.
 */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONG)
class SinkFaultsIT {

    private static final Logger LOG = LoggerFactory.getLogger(SinkFaultsIT.class);
    private static final double KILLED_SEC = 3;
    private static final double JOINED_SEC = 4;
    /** A new bridge's start and the group's rebalance: under a second; room for a loaded machine. */
    private static final double JOIN_ALLOWANCE_SEC = 20;

    @TempDir
    Path dir;

    @Test
    void aKilledBridgeAndASecondOneInItsGroupLoseNothingAndRecover(
            @RealServer("kafka") RunningServer kafka, @RealServer("postgres") RunningServer postgres) throws Exception {
        // 25 s measured: the kill's window (5 to 8 s and the new bridge's start) and its recovery window of 5 s before
        // the rebalance at 14 s; the rebalance's 5 s of baseline after the kill's, and its recovery window after 18 s
        FaultRuns.Ran ran = FaultRuns.run(
                dir,
                "sinkfaults",
                List.of(
                        "--servers",
                        "external",
                        "--bootstrap-servers",
                        kafka.address(),
                        "--target-url",
                        postgres.address(),
                        "--duration",
                        "25s",
                        "--fault",
                        "sink-kill@5s+3s",
                        "--fault",
                        "rebalance@14s+4s"));
        StepResult step = ran.step();
        LOG.info("{}; {}; {}", step.faults(), step.events(), step.latencyMs().get(Metrics.KAFKA_HOP));
        assertThat(step.faults()).extracting(StepFault::fault).containsExactly("sink-kill@5s+3s", "rebalance@14s+4s");

        StepFault kill = step.faults().get(0);
        assertThat(kill.startOffsetSec()).as("5 s into the measured phase").isBetween(4.9, 6.0);
        assertThat(kill.endOffsetSec() - kill.startOffsetSec())
                .as("3 s killed, then the new bridge's start until the group gave it the partitions")
                .isBetween(KILLED_SEC, KILLED_SEC + JOIN_ALLOWANCE_SEC);
        assertThat(kill.stalenessPeakMs())
                .as("nothing new was written while no bridge ran")
                .isGreaterThanOrEqualTo(KILLED_SEC * 1_000);
        assertThat(kill.recovered()).isTrue();
        assertThat(kill.timeToRecoverSec()).isNotNull().isGreaterThanOrEqualTo(0.0);
        assertThat(kill.backlogPeakEvents()).as("3 s unread at 500 events/s").isGreaterThan(500L);

        StepFault rebalance = step.faults().get(1);
        assertThat(rebalance.startOffsetSec())
                .as("14 s into the measured phase")
                .isBetween(13.9, 15.0);
        assertThat(rebalance.endOffsetSec() - rebalance.startOffsetSec())
                .as("from the second bridge's start to its close")
                .isBetween(JOINED_SEC, JOINED_SEC + JOIN_ALLOWANCE_SEC);
        assertThat(rebalance.recovered()).isTrue();
        assertThat(rebalance.timeToRecoverSec()).isNotNull().isGreaterThanOrEqualTo(0.0);

        assertThat(step.events().lost()).isZero();
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        assertThat(step.events().duplicates())
                .as("what the kill left uncommitted is written again, and PostgreSQL keeps one row per _id")
                .isZero();
        long acknowledged = step.latencyMs().get(Metrics.PRODUCE_ACK).count();
        assertThat(step.latencyMs().get(Metrics.KAFKA_HOP).count())
                .as("the new bridge's and the second bridge's samples are the step's, each event about once")
                .isBetween(acknowledged * 9 / 10, acknowledged * 11 / 10);
        assertThat(ran.out()).contains("  fault sink-kill@5s+3s (").contains("  fault rebalance@14s+4s (");
    }
}
