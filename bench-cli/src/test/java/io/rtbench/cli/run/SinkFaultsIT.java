package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import io.rtbench.servers.testing.KafkaClients;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

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
@Execution(ExecutionMode.CONCURRENT) // its tests are independent: each its own topic, collection and group
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

    /** A topic of the user's broker that the bridge's one consumer holds whole: found when the sink starts. */
    @Test
    void aRebalanceOnAnExistingTopicOfOnePartitionIsAUsageError(
            @RealServer("kafka") RunningServer kafka, @RealServer("postgres") RunningServer postgres) throws Exception {
        String name = "sinkfaults_" + UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = KafkaClients.admin(kafka.address())) {
            KafkaTopics.create(admin, new NewTopic("events." + name, 1, (short) 1), Duration.ofSeconds(10));
        }
        StringWriter err = new StringWriter();
        CommandLine rtbench = CommandLines.commandLine(new RtbenchCommand());
        rtbench.setOut(new PrintWriter(new StringWriter(), true));
        rtbench.setErr(new PrintWriter(err, true));

        int exit = rtbench.execute(
                "run",
                "--target",
                "postgres",
                "--servers",
                "external",
                "--bootstrap-servers",
                kafka.address(),
                "--target-url",
                postgres.address(),
                "--collection",
                name,
                "--topic",
                "events." + name,
                "--fault",
                "rebalance@5s+4s",
                "--prometheus-port",
                "0",
                "--result",
                dir.resolve(name + ".json").toString());

        assertThat(exit).as(err.toString()).isEqualTo(CommandLines.USAGE);
        assertThat(err.toString().strip())
                .isEqualTo("rtbench run: --fault rebalance: topic events." + name + " has 1 partition, no more than"
                        + " the bridge's 1 consumer (--bridge-threads): a second bridge joining the group might take"
                        + " none; give the topic more partitions than --bridge-threads (see --help)");
    }
}
