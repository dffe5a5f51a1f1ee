package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.SuiteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code rtbench run --fault target-restart@5s+4s} and {@code broker-restart@5s+4s} against the PostgreSQL and the Kafka
 * the run starts itself (docs/MEASUREMENT.md, "Freshness under faults"): the server is stopped 5 s into the measured
 * phase and started again on its port and data 4 s later; the producer and the sink ride it out (their retries: the
 * bridge for the database's restart, the Kafka Connect worker the run starts for the broker's), the run loses nothing, and its step says the fault's window (the 4 s down and the start), a staleness peak of at least the
 * time down and the time freshness took to come back.
 */
@LocalProviderOnly("stops and starts the servers the run started, as child processes or in this JVM")
@Order(SuiteOrder.LONG)
class RestartFaultsIT {

    private static final Logger LOG = LoggerFactory.getLogger(RestartFaultsIT.class);
    private static final double DOWN_SEC = 4;
    /** A restart's own start: PostgreSQL in about 0.2 s, Kafka in a few seconds; room for a loaded machine. */
    private static final double START_ALLOWANCE_SEC = 20;

    @TempDir
    Path dir;

    @Test
    void aDatabaseRestartedMidRunRecoversWithoutLosingAnEvent() throws Exception {
        restartedMidRun("target-restart@5s+4s");
    }

    @Test
    void aBrokerRestartedMidRunRecoversWithoutLosingAnEvent() throws Exception {
        // 30 s measured, not 20: the Connect worker's consumer and producer reconnect with their own backoffs after the
        // broker's start, and a machine at load 30 left the 20-s phase too short for a whole 5-s window after that
        restartedMidRun(
                "broker-restart@5s+4s",
                List.of(
                        "--servers",
                        "local",
                        "--duration",
                        "30s",
                        "--fault",
                        "broker-restart@5s+4s",
                        "--pipeline",
                        "kafka-connect"));
    }

    private void restartedMidRun(String restart) throws Exception {
        restartedMidRun(restart, List.of("--servers", "local", "--duration", "20s", "--fault", restart));
    }

    private void restartedMidRun(String restart, List<String> flags) throws Exception {
        FaultRuns.Ran ran = FaultRuns.run(dir, "restarted", flags);
        RunResult written = ran.result();
        StepResult step = ran.step();
        StepFault fault = ran.fault();
        LOG.info("{}; {}", fault, step.events());
        assertThat(written.scenario().settings()).containsEntry("fault", List.of(restart));
        assertThat(fault.fault()).isEqualTo(restart);
        assertThat(fault.startOffsetSec()).as("5 s into the measured phase").isBetween(4.9, 6.0);
        assertThat(fault.endOffsetSec() - fault.startOffsetSec())
                .as("4 s down, then the server's start until it answers")
                .isBetween(DOWN_SEC, DOWN_SEC + START_ALLOWANCE_SEC);
        assertThat(fault.endEpochMs() - fault.startEpochMs()).isGreaterThanOrEqualTo(4_000L);
        assertThat(fault.stalenessPeakMs())
                .as("nothing new became visible while it was down")
                .isGreaterThanOrEqualTo(DOWN_SEC * 1_000);
        assertThat(fault.recovered()).isTrue();
        assertThat(fault.timeToRecoverSec()).isNotNull().isGreaterThanOrEqualTo(0.0);
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().produced())
                .as("the producer went on after the restart")
                .isGreaterThan(5_000L);
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        assertThat(ran.out()).contains("  fault " + restart + " (").contains("; recovered ");
    }
}
