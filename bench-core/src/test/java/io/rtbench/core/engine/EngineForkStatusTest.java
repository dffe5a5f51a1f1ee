package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stage's own status lines (the audit's wait, what a fork opens) name the fork in a run of several, as the engine's
 * lines do: before, "step 1 … audit: waiting for every event to land" did not say which fork waited.
 */
class EngineForkStatusTest {

    private static final Scenario SCENARIO = new Scenario("kafka", "none", 50, 1, 1250, 42L, 0L, Map.of());

    @TempDir
    Path dir;

    @Test
    void aStagesProgressInAForkNamesTheFork() {
        String said = run(new Repetitions(2, 1, null, 0));

        assertThat(said.lines())
                .contains("fork 1  opening", "fork 2  opening")
                .contains("fork 1  auditing step 1", "fork 2  auditing step 1");
    }

    @Test
    void withoutForksNoForkIsNamed() {
        String said = run(Repetitions.NONE);

        assertThat(said.lines()).contains("opening", "auditing step 1").noneMatch(line -> line.contains("fork"));
    }

    private String run(Repetitions repetitions) {
        Step step = new Step(1, Rate.ofEventsPerSecond(1_000), 50, Duration.ZERO, Duration.ofMillis(50), 0);
        RunPlan plan = new RunPlan(
                SCENARIO, dir.resolve("forks.json"), 0, 50, 1250, StepSource.of(List.of(step)), repetitions);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        Engine.run(plan, new StatusLine(new PrintStream(out, true, StandardCharsets.UTF_8), false), run -> {
            run.progress("opening");
            run.add(new Stage() {
                @Override
                public String name() {
                    return "auditing";
                }

                @Override
                public void auditStep(StepResult.Builder result) {
                    run.progress("auditing step 1");
                }
            });
        });
        return out.toString(StandardCharsets.UTF_8);
    }
}
