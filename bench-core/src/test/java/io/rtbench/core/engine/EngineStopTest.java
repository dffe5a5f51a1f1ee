package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped by Ctrl-C says so itself, before it releases the shutdown hook. Before, the JVM exited as soon as the
 * hook returned, and the command's table and "result:" line after the run were cut: a user saw the last status line,
 * then the shell prompt, and no word of the result file that had been written.
 */
class EngineStopTest {

    private static final Scenario SCENARIO = new Scenario("kafka", "none", 50, 1, 1250, 42L, 0L, Map.of());

    @TempDir
    Path dir;

    @Test
    void aRunStoppedInItsFirstStepNamesItsIncompleteResultFile() {
        Path file = dir.resolve("stopped.json");

        String said = runStoppingIn(1, file);

        assertThat(ResultFiles.read(file).complete()).isFalse();
        assertThat(said)
                .contains("stopped (Ctrl-C or SIGTERM) before a step finished; result (complete: false): "
                        + file.toAbsolutePath());
    }

    @Test
    void aRunStoppedLaterCountsTheStepsItFinished() {
        Path file = dir.resolve("later.json");

        String said = runStoppingIn(2, file);

        assertThat(ResultFiles.read(file).steps()).hasSize(1);
        assertThat(said).contains("stopped (Ctrl-C or SIGTERM) after 1 step; result (complete: false): ");
    }

    /** Runs two short steps, as if Ctrl-C came during step {@code stepIndex}'s measured phase; returns what it said. */
    private static String runStoppingIn(int stepIndex, Path file) {
        AtomicBoolean stop = new AtomicBoolean();
        Step first = new Step(1, Rate.ofEventsPerSecond(1_000), 50, Duration.ZERO, Duration.ofMillis(100), 0);
        Step second = new Step(2, Rate.ofEventsPerSecond(2_000), 50, Duration.ZERO, Duration.ofMillis(100), 0);
        RunPlan plan = new RunPlan(SCENARIO, file, 0, 50, 1250, StepSource.of(List.of(first, second)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        RunResult result = Engine.run(
                plan,
                new StatusLine(new PrintStream(out, true, StandardCharsets.UTF_8), false),
                run -> run.add(new Stage() {
                    private int current;

                    @Override
                    public String name() {
                        return "stopping";
                    }

                    @Override
                    public void beginStep(Step step) {
                        current = step.index();
                    }

                    @Override
                    public void endPhase(Phase phase) {
                        if (current == stepIndex) {
                            stop.set(true);
                        }
                    }
                }),
                stop);

        assertThat(result.complete()).isFalse();
        return out.toString(StandardCharsets.UTF_8);
    }
}
