package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.Servers;
import io.rtbench.servers.junit.SuiteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code rtbench run --fault target-pause@3s+3s --fault target-restart@12s+3s} with the docker provider
 * (docs/DOCKER.md; docs/MEASUREMENT.md, "Freshness under faults"): the PostgreSQL container the run starts is frozen
 * with {@code docker pause} 3 s into the measured phase and thawed 3 s later, then stopped 12 s in and started again as
 * the same container, on the same port with its data, 3 s after. The run goes on and loses nothing, and each fault's
 * figures say its window, a staleness peak of at least the time the database was away and the time freshness took to
 * come back. Both faults in one run, so that the containers start once (the Docker suite of .ci/run).
 */
@Tag("docker")
@EnabledIfEnvironmentVariable(
        named = Servers.PROVIDER_ENV,
        matches = "(?i)\\s*docker\\s*",
        disabledReason = "faults on the containers of the docker provider (RTBENCH_SERVERS=docker)")
@Order(SuiteOrder.LONG)
class DockerFaultsIT {

    private static final Logger LOG = LoggerFactory.getLogger(DockerFaultsIT.class);
    private static final String PAUSE = "target-pause@3s+3s";
    private static final String RESTART = "target-restart@12s+3s";
    private static final double AWAY_SEC = 3;
    /** A restarted container's own start until PostgreSQL answers: about a second here; room for a loaded machine. */
    private static final double START_ALLOWANCE_SEC = 8;

    @TempDir
    Path dir;

    @Test
    void aPostgresContainerPausedThenRestartedRecoversEachTimeWithoutLosingAnEvent() throws Exception {
        // one write in flight, as TargetPauseIT: nothing written during the pause becomes visible the moment it ends.
        // 34 s measured: the restart's 5-s baseline after the pause's recovery, and room for its own recovery window:
        // in
        // a clean-clone CI run the restart ended 17 s in and the bridge's write backoff (up to 5 s) and a drain of
        // 1,200
        // events/s into the container kept the data p99 over its bound until past 26 s
        FaultRuns.Ran ran = FaultRuns.run(
                dir,
                "docker_faults",
                List.of(
                        "--servers",
                        "local",
                        "--duration",
                        "34s",
                        "--fault",
                        PAUSE,
                        "--fault",
                        RESTART,
                        "--bridge-max-in-flight",
                        "1"));
        StepResult step = ran.step();
        LOG.info("{}; {}", step.faults(), step.events());
        assertThat(ran.result().scenario().settings()).containsEntry("fault", List.of(PAUSE, RESTART));
        assertThat(step.faults()).extracting(StepFault::fault).containsExactly(PAUSE, RESTART);

        StepFault pause = step.faults().get(0);
        assertThat(pause.startOffsetSec()).as("3 s into the measured phase").isBetween(2.9, 4.0);
        assertThat(pause.endOffsetSec() - pause.startOffsetSec()).isBetween(AWAY_SEC, AWAY_SEC + 1);
        assertThat(pause.stalenessPeakMs())
                .as("nothing became visible while the container was frozen")
                .isGreaterThanOrEqualTo(AWAY_SEC * 1_000);
        assertRecovered(pause);

        StepFault restart = step.faults().get(1);
        assertThat(restart.startOffsetSec()).as("12 s into the measured phase").isBetween(11.9, 13.0);
        assertThat(restart.endOffsetSec() - restart.startOffsetSec())
                .as("3 s stopped, then the container's start until PostgreSQL answers")
                .isBetween(AWAY_SEC, AWAY_SEC + START_ALLOWANCE_SEC);
        assertThat(restart.stalenessPeakMs())
                .as("nothing new became visible while it was stopped")
                .isGreaterThanOrEqualTo(AWAY_SEC * 1_000);
        assertRecovered(restart);

        assertThat(step.events().lost()).isZero();
        assertThat(step.events().produced())
                .as("the producer went on through both faults: 500 events/s for 34 s")
                .isGreaterThan(12_000L);
        assertThat(step.events().landed())
                .as("what was written before the restart is still there after it")
                .isEqualTo(step.events().produced());
        assertThat(ran.out()).contains("  fault " + PAUSE + " (").contains("  fault " + RESTART + " (");
    }

    private static void assertRecovered(StepFault fault) {
        assertThat(fault.recovered()).as(fault.fault() + " recovered").isTrue();
        assertThat(fault.timeToRecoverSec()).isNotNull().isGreaterThanOrEqualTo(0.0);
    }
}
