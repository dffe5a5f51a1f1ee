package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.SuiteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
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
        backlogIsInTheLogAndTheReport(ran);
    }

    /**
     * The backlog readings in the step's interval log (docs/MEASUREMENT.md, "Sustained: when a backlog grew"), one a
     * second, each an interval of its own, no latency of the step; and their chart in the report (docs/REPORTS.md,
     * "Backlog over time").
     */
    private static void backlogIsInTheLogAndTheReport(FaultRuns.Ran ran) throws Exception {
        Path hlog = ran.resultFile().resolveSibling(ran.step().histogramLog());
        List<Histogram> readings = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (EncodableHistogram next; (next = reader.nextIntervalHistogram()) != null; ) {
                if (next instanceof Histogram histogram && Metrics.BACKLOG.equals(histogram.getTag())) {
                    readings.add(histogram);
                }
            }
        }
        assertThat(readings)
                .as("one reading a second of the 20-s phase (and one as it ended), each its own interval")
                .hasSizeBetween(18, 23)
                .allSatisfy(reading -> assertThat(reading.getTotalCount()).isOne());
        long highest = readings.stream().mapToLong(Histogram::getMaxValue).max().orElseThrow();
        assertThat((double) highest)
                .as("the fault's backlog peak is the highest reading (to the histogram's 3 digits)")
                .isCloseTo(ran.fault().backlogPeakEvents(), within(ran.fault().backlogPeakEvents() / 1000.0 + 1));
        assertThat(ran.step().latencyMs()).doesNotContainKey(Metrics.BACKLOG);
        String html = Files.readString(ran.resultFile()
                .resolveSibling(ran.resultFile().getFileName().toString().replace(".json", ".html")));
        assertThat(html).contains("<figcaption>Backlog over time: ");
    }
}
