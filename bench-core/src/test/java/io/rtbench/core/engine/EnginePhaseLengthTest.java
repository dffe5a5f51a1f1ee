package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** How long the engine says a measured phase lasted: the denominator of every achieved rate. */
class EnginePhaseLengthTest {

    private static final Scenario SCENARIO = new Scenario("kafka", "none", 50, 1, 1250, 42L, 0L, Map.of());

    /** Done at once, as a producer whose last burst went out; its schedule says how long the phase was. */
    private static final class ScheduledStage implements Stage {
        private final OptionalDouble scheduledSeconds;

        ScheduledStage(OptionalDouble scheduledSeconds) {
            this.scheduledSeconds = scheduledSeconds;
        }

        @Override
        public String name() {
            return "scheduled";
        }

        @Override
        public boolean boundsPhase() {
            return true;
        }

        @Override
        public OptionalDouble phaseSeconds() {
            return scheduledSeconds;
        }
    }

    private static StepResult run(Step step, Stage stage) {
        RunPlan plan = new RunPlan(SCENARIO, null, 0, 50, 1250, StepSource.of(List.of(step)));
        RunResult result = Engine.run(
                plan, new StatusLine(new PrintStream(new ByteArrayOutputStream()), false), run -> run.add(stage));
        return result.steps().get(0);
    }

    @Test
    void aPhaseEndedAtItsEventLimitLastsAsLongAsTheBoundingStageSchedule() {
        Step step = new Step(1, Rate.ofEventsPerSecond(4_000), 50, Duration.ZERO, Duration.ofSeconds(30), 3_000);

        StepResult result = run(step, new ScheduledStage(OptionalDouble.of(0.75)));

        assertThat(result.durationSec()).isEqualTo(0.75);
    }

    @Test
    void withoutASchedulePhaseEndsWhenTheEngineSawItDone() {
        Step step = new Step(1, Rate.ofEventsPerSecond(4_000), 50, Duration.ZERO, Duration.ofSeconds(30), 3_000);

        StepResult result = run(step, new ScheduledStage(OptionalDouble.empty()));

        assertThat(result.durationSec()).isLessThan(1.0);
    }

    @Test
    void aTimedPhaseLastsItsLengthWhateverTheStageSays() {
        Step step = new Step(1, Rate.ofEventsPerSecond(4_000), 50, Duration.ZERO, Duration.ofMillis(300), 0);

        StepResult result = run(step, new ScheduledStage(OptionalDouble.of(9.0)));

        assertThat(result.durationSec()).isCloseTo(0.3, within(0.001));
    }
}
