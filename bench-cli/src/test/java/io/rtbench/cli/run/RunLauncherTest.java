package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.BenchmarkException;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunLauncherTest {

    private static final Instant START = Instant.parse("2026-11-28T12:00:00Z");

    private static StepResult step(long produced, Long landed, Long lost) {
        return StepResult.builder()
                .durationSec(10.0)
                .events(EventCounts.ofEvents(produced, landed, lost, 0L, 0L, null))
                .sustained(lost == null || lost == 0)
                .build();
    }

    private static RunResult run(StepResult... steps) {
        RunResult result = RunResult.started(
                "run-losses",
                START,
                new RunEnvironment("host", 2, "Linux", "jvm", "4.3.1", "18.16.1"),
                new Scenario("clickhouse", "native", 50, 1, 1250, 1L, 0L, Map.of()));
        for (StepResult step : steps) {
            result = result.withStep(step);
        }
        return result.finished(START.plusSeconds(60), true);
    }

    @Test
    void aRunThatLostEventsFailsNamingHowManyAndInWhichSteps() {
        assertThatThrownBy(() -> RunLauncher.requireNothingLost(
                        run(step(12_800, 0L, 12_800L), step(8_000, 8_000L, 0L), step(16_000, 15_998L, 2L))))
                .isInstanceOf(BenchmarkException.class)
                .hasMessage("the audit found 12,802 of the 28,800 events produced in steps 1, 3 missing from the"
                        + " target: the pipeline lost data (landed/produced in the table)");
        assertThatThrownBy(() -> RunLauncher.requireNothingLost(run(step(100, 99L, 1L))))
                .hasMessageContaining("1 of the 100 events produced in step 1 missing");
    }

    @Test
    void nothingLostOrNothingAuditedIsNoFailure() {
        assertThatCode(() -> RunLauncher.requireNothingLost(run(step(8_000, 8_000L, 0L), step(50, null, null))))
                .doesNotThrowAnyException();
        assertThatCode(() -> RunLauncher.requireNothingLost(run())).doesNotThrowAnyException();
    }
}
