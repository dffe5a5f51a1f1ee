package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An audit that cannot count (the target stopped answering after a long run) fails the run, but the step's measured
 * figures are in the result file: ten minutes of measurement are not lost to the last query.
 */
class EngineAuditFailureTest {

    private static final Scenario SCENARIO = new Scenario("kafka", "none", 50, 1, 1250, 42L, 0L, Map.of());

    /** Measures one latency, then cannot audit. */
    private static final class UnauditableStage implements Stage {
        private final LatencyRecorder data = new LatencyRecorder("data");

        @Override
        public String name() {
            return "unauditable";
        }

        @Override
        public List<LatencyRecorder> recorders() {
            return List.of(data);
        }

        @Override
        public void endPhase(Phase phase) {
            if (phase.measured()) {
                data.recordMicros(12_000);
            }
        }

        @Override
        public void auditStep(StepResult.Builder step) {
            throw new IllegalStateException(
                    "postgres at postgresql://127.0.0.1:5432/rtbench: no answer within 5000 ms");
        }
    }

    @TempDir
    Path dir;

    @Test
    void theMeasuredStepIsWrittenAndTheRunFailsWithTheAuditsReason() {
        Path file = dir.resolve("result.json");
        Step step = new Step(1, Rate.ofEventsPerSecond(1_000), 50, Duration.ZERO, Duration.ofMillis(200), 0);
        RunPlan plan = new RunPlan(SCENARIO, file, 0, 50, 1250, StepSource.of(List.of(step)));

        assertThatThrownBy(() -> Engine.run(
                        plan,
                        new StatusLine(new PrintStream(new ByteArrayOutputStream()), false),
                        run -> run.add(new UnauditableStage())))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("audit failed: postgres at postgresql://127.0.0.1:5432/rtbench: no answer within 5000 ms");

        RunResult written = ResultFiles.read(file);
        assertThat(written.steps()).hasSize(1);
        StepResult measured = written.steps().get(0);
        assertThat(measured.sustained()).isFalse();
        assertThat(measured.events()).as("nothing was counted").isNull();
        assertThat(measured.latencyMs().get("data").count()).isEqualTo(1);
        assertThat(measured.latencyMs().get("data").p50()).isEqualTo(12.0, within(0.1));
    }
}
