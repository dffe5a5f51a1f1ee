package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.engine.RanOut.Cause;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.core.utilisation.Utilisation.Sample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One scenario per cause, with the figures a step of that kind has (docs/MEASUREMENT.md, "The harness and the machine"). */
class RanOutTest {

    private static final Schedule ON_TIME = new Schedule(100_000, 0, 0.1, false);
    private static final Schedule BEHIND = new Schedule(100_000, 9_000, 850, true);

    /** A figure held for two seconds: the first one has no CPU, as a phase's first reading. */
    private static List<Sample> cpu(double percent) {
        return List.of(new Sample(0, null, 1L, null), new Sample(1, percent, 1L, null));
    }

    private static Utilisation process(double cpuPercent, int cores) {
        return new Utilisation("process", cores, Utilisation.Summary.of(cpu(cpuPercent)), cpu(cpuPercent));
    }

    /** The harness of rtbench and Kafka, each with its share, on {@code cores} cores together. */
    private static HostUtilisation host(double rtbench, double kafka, Integer harnessCores, double machine, int cores) {
        Map<String, Utilisation> parts = new LinkedHashMap<>();
        parts.put("rtbench", process(rtbench, cores));
        parts.put("kafka", process(kafka, cores));
        List<Sample> total = cpu(rtbench + kafka);
        return new HostUtilisation(
                new HostUtilisation.Harness(harnessCores, Utilisation.Summary.of(total), total, parts),
                new HostUtilisation.Machine(cores, Utilisation.Summary.of(cpu(machine)), cpu(machine)));
    }

    private static StepResult step(Utilisation target, HostUtilisation host, Schedule schedule) {
        return StepResult.builder()
                .rate(new StepRate(64_000.0, null, 51_000.0, null))
                .schedule(schedule)
                .sustained(false)
                .utilisation(target)
                .host(host)
                .build();
    }

    @Test
    void aDatabasePinnedToOneBusyCoreRanOutOfItsCpu() {
        // taskset -c 0 on the database; the harness on core 1 with room to spare
        RanOut.Verdict verdict = RanOut.judge(step(process(96, 1), host(40, 10, 1, 73, 2), ON_TIME))
                .orElseThrow();
        assertThat(verdict.causes()).containsExactly(Cause.TARGET_CPU);
        assertThat(verdict.text()).isEqualTo("ran out: the target's CPU, 0.96 of its 1 core busy (96 %)");
    }

    @Test
    void aHarnessPinnedToTheOtherCoreAndBusyRanOutOfItsCpuNotTheDatabase() {
        // the case: ClickHouse on core 0 at 60 %, the harness's core 89–97 % busy
        RanOut.Verdict verdict = RanOut.judge(step(process(60, 1), host(70, 23, 1, 77, 2), BEHIND))
                .orElseThrow();
        assertThat(verdict.causes()).containsExactly(Cause.HARNESS_CPU);
        assertThat(verdict.text())
                .isEqualTo("ran out: the harness's CPU, 0.93 of its 1 core busy (93 %) (rtbench 0.70, kafka 0.23)");
    }

    @Test
    void bothOnTheirOwnCoresCanRunOutTogether() {
        assertThat(RanOut.judge(step(process(95, 1), host(80, 15, 1, 95, 2), ON_TIME))
                        .orElseThrow()
                        .causes())
                .containsExactly(Cause.TARGET_CPU, Cause.HARNESS_CPU);
    }

    @Test
    void aTargetAndAHarnessSharingEveryCoreRanOutOfTheWholeMachine() {
        RanOut.Verdict verdict = RanOut.judge(step(process(100, 2), host(70, 20, 2, 96, 2), ON_TIME))
                .orElseThrow();
        assertThat(verdict.causes()).containsExactly(Cause.MACHINE_CPU);
        assertThat(verdict.text())
                .isEqualTo("ran out: the whole machine's CPU, 96 % of its 2 cores busy (target 1.00 of 2 cores,"
                        + " harness 0.90 of 2 cores)");
    }

    @Test
    void aProducerBehindItsScheduleWithCpuToSpareRanOutOfItsSchedule() {
        RanOut.Verdict verdict = RanOut.judge(step(process(30, 2), host(50, 10, 2, 45, 2), BEHIND))
                .orElseThrow();
        assertThat(verdict.causes()).containsExactly(Cause.PRODUCER_SCHEDULE);
        assertThat(verdict.text())
                .isEqualTo("ran out: the producer's schedule, with CPU to spare (target 0.30 of 2 cores,"
                        + " harness 0.60 of 2 cores, machine 45 % of 2 cores)");
    }

    @Test
    void noCpuRanOutAndTheProducerKeptItsScheduleLeavesTheDatabasesOwnLimit() {
        RanOut.Verdict verdict = RanOut.judge(step(process(35, 2), host(20, 5, 2, 30, 2), ON_TIME))
                .orElseThrow();
        assertThat(verdict.causes()).containsExactly(Cause.DATABASE);
        assertThat(verdict.text()).endsWith(": the database's own limit (merges, refresh, I/O)");
    }

    @Test
    void aTargetWhoseCpuIsNotMeasuredIsSaidSoAndItsCoresUnknownAreNotJudged() {
        Utilisation api = Utilisation.of("api:clickhouse", List.of(new Sample(0, null, null, 4096L)));
        RanOut.Verdict verdict =
                RanOut.judge(step(api, host(20, 5, 2, 30, 2), ON_TIME)).orElseThrow();
        assertThat(verdict.causes()).containsExactly(Cause.DATABASE);
        assertThat(verdict.text()).contains("the target's CPU not measured");

        Utilisation noCores = Utilisation.of("api:opensearch", cpu(400));
        assertThat(RanOut.judge(step(noCores, host(20, 5, 2, 30, 2), ON_TIME))
                        .orElseThrow()
                        .causes())
                .as("4 cores busy, but of how many?")
                .containsExactly(Cause.DATABASE);
    }

    @Test
    void aStepWithoutAnyUtilisationTellsNothingAsAResultOfAnEarlierVersion() {
        assertThat(RanOut.judge(step(null, null, BEHIND))).isEmpty();
        assertThat(Sustained.reasons(step(null, null, BEHIND)))
                .containsExactly(
                        "the producer fell 9,000 events behind its schedule", "sent 51,000 of 64,000 events/s (80 %)");
    }

    @Test
    void theReasonsOfAnUnsustainedStepEndWithWhatRanOut() {
        assertThat(Sustained.reasons(step(process(96, 1), host(40, 10, 1, 73, 2), ON_TIME)))
                .last()
                .isEqualTo("ran out: the target's CPU, 0.96 of its 1 core busy (96 %)");
        assertThat(Sustained.describe(step(process(96, 1), host(40, 10, 1, 73, 2), ON_TIME)))
                .hasValueSatisfying(line -> assertThat(line).contains("; ran out: the target's CPU"));
    }

    @Test
    void aPeakMeasuredWhileTheHarnessTookALargeShareOfTheMachineIsTheMachines() {
        assertThat(RanOut.machinesPeak(step(process(60, 1), host(70, 23, 1, 77, 2), BEHIND)))
                .hasValue("the peak is this machine's, not the database's alone: the harness used 0.93 of its 2 cores"
                        + " (47 %) beside the database; to measure the database alone, run the harness on another"
                        + " host (--servers external with the database's address, or rtbench worker for the"
                        + " producers)");
        assertThat(RanOut.machinesPeak(step(process(60, 1), host(30, 10, 1, 50, 2), BEHIND)))
                .as("0.40 of 2 cores, 20 %, is below a quarter of the machine")
                .isEmpty();
        assertThat(RanOut.machinesPeak(step(process(99, 1), host(61, 20, 1, 82, 2), BEHIND)))
                .as("the database's own core full (pinned with taskset): the peak is the database's on that core")
                .isEmpty();
        Utilisation elsewhere = new Utilisation("api:clickhouse", null, Utilisation.Summary.of(cpu(60)), cpu(60));
        assertThat(RanOut.machinesPeak(step(elsewhere, host(70, 23, 1, 77, 2), BEHIND)))
                .as("a database read through its API may run on another host")
                .isEmpty();
    }

    @Test
    void theCpuLineOfTheTableHasEveryCpuInCoresAndTheHarnessByPart() {
        assertThat(RanOut.cpuLine(step(process(60, 1), host(70, 23, 1, 77, 2), BEHIND)))
                .hasValue("target 0.60 of 1 core, harness 0.93 of 1 core (rtbench 0.70, kafka 0.23), machine 77 % of"
                        + " 2 cores");
        assertThat(RanOut.cpuLine(step(null, null, BEHIND))).isEmpty();
    }
}
