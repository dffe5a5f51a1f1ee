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
 * {@code rtbench run --fault target-pause@5s+4s} against the PostgreSQL the run starts itself (docs/MEASUREMENT.md,
 * "Freshness under faults"): its processes are stopped 5 s into the measured phase and continued 4 s later, the run
 * goes on, loses nothing, and its step says the fault's window, a staleness peak of at least the pause and the time
 * freshness took to come back.
 */
@LocalProviderOnly("pauses the database's own processes with SIGSTOP")
@Order(SuiteOrder.LONG)
class TargetPauseIT {

    private static final Logger LOG = LoggerFactory.getLogger(TargetPauseIT.class);
    private static final double PAUSE_SEC = 4;

    @TempDir
    Path dir;

    @Test
    void aPausedDatabaseShowsItsStalenessPeakAndRecoversWithoutLosingAnEvent() throws Exception {
        // one write in flight: the bridge sends no write of events made during the pause into the stopped database,
        // where it would become visible the moment the database continues (docs/MEASUREMENT.md, "Freshness under
        // faults"), so the first answers after the pause see nothing newer than its start
        FaultRuns.Ran ran = FaultRuns.run(dir, "paused", "target-pause@5s+4s", "--bridge-max-in-flight", "1");
        RunResult written = ran.result();
        StepResult step = ran.step();
        StepFault fault = ran.fault();
        LOG.info("{}; {}", fault, step.events());
        assertThat(written.scenario().settings()).containsEntry("fault", List.of("target-pause@5s+4s"));
        assertThat(fault.fault()).isEqualTo("target-pause@5s+4s");
        assertThat(fault.startOffsetSec()).as("5 s into the measured phase").isBetween(4.9, 6.0);
        assertThat(fault.endOffsetSec() - fault.startOffsetSec()).isBetween(PAUSE_SEC, PAUSE_SEC + 1);
        assertThat(fault.endEpochMs() - fault.startEpochMs()).isBetween(4_000L, 5_000L);
        assertThat(fault.stalenessPeakMs())
                .as("nothing became visible while it was paused")
                .isGreaterThanOrEqualTo(PAUSE_SEC * 1_000);
        assertThat(fault.recovered()).isTrue();
        assertThat(fault.timeToRecoverSec()).isNotNull().isGreaterThanOrEqualTo(0.0);
        assertThat(fault.backlogPeakEvents())
                .as("the sink could not write for 4 s at 500 events/s")
                .isPositive();
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        assertThat(ran.out()).contains("  fault target-pause@5s+4s (").contains("; recovered ");
    }
}
