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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A run whose stop flag was set (by a shutdown other than Ctrl-C and SIGTERM, which {@link ShutdownGuard} handles and
 * the command line words) says so itself and names its incomplete result file: a user who saw only the last status
 * line, then the shell prompt, would have no word of the result file that had been written.
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

    /**
     * Ctrl-C in the prefill (or the warmup) ends the run there: before, the first step's measured phase began anyway,
     * its status line showed and its producer sent a burst after the user had stopped the run.
     */
    @ParameterizedTest
    @EnumSource(
            value = Phase.Kind.class,
            names = {"PREFILL", "WARMUP"})
    void aRunStoppedBeforeItsMeasuredPhaseDoesNotBeginIt(Phase.Kind stoppedIn) {
        AtomicBoolean stop = new AtomicBoolean();
        List<Phase.Kind> started = new ArrayList<>();
        Step step = new Step(1, Rate.ofEventsPerSecond(1_000), 50, Duration.ofMillis(100), Duration.ofMillis(100), 0);
        RunPlan plan = new RunPlan(SCENARIO, dir.resolve("early.json"), 100, 50, 1250, StepSource.of(List.of(step)));

        RunResult result = Engine.run(
                plan,
                new StatusLine(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false),
                run -> run.add(new Stage() {
                    @Override
                    public String name() {
                        return "stopping";
                    }

                    @Override
                    public void startPhase(Phase phase) {
                        started.add(phase.kind());
                    }

                    @Override
                    public boolean boundsPhase() {
                        return true; // a prefill ends when the stages that bound it are done: this one at once
                    }

                    @Override
                    public boolean phaseDone() {
                        return true;
                    }

                    @Override
                    public void endPhase(Phase phase) {
                        if (phase.kind() == stoppedIn) {
                            stop.set(true);
                        }
                    }
                }),
                stop);

        assertThat(started).contains(stoppedIn).doesNotContain(Phase.Kind.MEASURED);
        assertThat(result.complete()).isFalse();
        assertThat(result.steps()).isEmpty();
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
