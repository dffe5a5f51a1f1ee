package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.engine.Phase;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.Pausable;
import io.rtbench.core.fault.Recovery;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The stage of {@code run --fault} with a stand-in process (docs/MEASUREMENT.md, "Freshness under faults"): it pauses on
 * time, continues whatever ends the phase, and a pause that does not take effect fails the run.
 */
class FaultStageTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** A process that records what was done to it; {@code refusal} makes every pause fail. */
    private static final class StandIn implements Pausable {
        final String refusal;
        volatile boolean paused;
        volatile int pauses;
        volatile int resumes;

        StandIn(String refusal) {
            this.refusal = refusal;
        }

        @Override
        public synchronized void pause() {
            if (refusal != null) {
                throw new IllegalStateException(refusal);
            }
            paused = true;
            pauses++;
        }

        @Override
        public synchronized void resume() {
            if (paused) {
                paused = false;
                resumes++;
            }
        }

        @Override
        public String description() {
            return "postgres (pid 7)";
        }
    }

    @Test
    void aFaultPausesAtItsTimeResumesAtItsEndAndTheStepGetsItsWindowAndFigures() {
        StandIn process = new StandIn(null);
        FaultStage stage = stage(process, "target-pause@0s+100ms", List.of(new Recovery.Point(1, 2_000)));
        Phase phase = measured(Duration.ofSeconds(30));

        stage.startPhase(phase);
        await().atMost(WAIT).until(() -> process.resumes == 1);
        stage.endPhase(phase);
        StepResult.Builder step = StepResult.builder();
        stage.finishStep(step);
        stage.close();

        assertThat(process.pauses).isOne();
        assertThat(process.resumes).isOne();
        assertThat(stage.failure()).isEmpty();
        StepFault fault = step.build().faults().get(0);
        assertThat(fault.fault()).isEqualTo("target-pause@0s+100ms");
        assertThat(fault.fork()).isEqualTo(3);
        assertThat(fault.endOffsetSec() - fault.startOffsetSec()).isBetween(0.09, 5.0);
        assertThat(fault.startEpochMs()).isPositive();
        assertThat(fault.recoveryWindowSec()).isEqualTo(5.0);
        assertThat(fault.baselineDataP99Ms()).as("no sample before the fault").isNull();
        assertThat(fault.recovered()).isNull();
    }

    @Test
    void aPhaseThatEndsDuringAFaultContinuesTheProcessAtOnceAndOneNotYetBegunNeverPauses() {
        StandIn process = new StandIn(null);
        FaultStage stage = stage(process, "target-pause@0s+1h", List.of());
        Phase phase = measured(Duration.ofHours(2));
        stage.startPhase(phase);
        await().atMost(WAIT).until(() -> process.paused);

        stage.endPhase(phase);

        assertThat(process.paused).isFalse();
        StepResult.Builder step = StepResult.builder();
        stage.finishStep(step);
        assertThat(step.build().faults()).hasSize(1);
        stage.close();

        StandIn later = new StandIn(null);
        FaultStage notYet = stage(later, "target-pause@1h+1s", List.of());
        Phase short1 = measured(Duration.ofHours(2));
        notYet.startPhase(short1);
        notYet.endPhase(short1);
        StepResult.Builder none = StepResult.builder();
        notYet.finishStep(none);
        notYet.close();
        assertThat(later.pauses).isZero();
        assertThat(none.build().faults()).as("absent: no fault took effect").isNull();
    }

    @Test
    void aPauseThatDoesNotTakeEffectFailsTheRunWithOneLine() {
        FaultStage stage = stage(new StandIn("postgres (pid 7) is gone"), "target-pause@0s+1s", List.of());
        Phase phase = measured(Duration.ofSeconds(30));

        stage.startPhase(phase);

        await().atMost(WAIT).until(() -> stage.failure().isPresent());
        assertThat(stage.failure()).hasValue("target-pause@0s+1s did not take effect: postgres (pid 7) is gone");
        stage.endPhase(phase);
        stage.close();
    }

    @Test
    void theCloseContinuesAProcessStillPaused() {
        StandIn process = new StandIn(null);
        FaultStage stage = stage(process, "target-pause@0s+1h", List.of());
        stage.startPhase(measured(Duration.ofHours(2)));
        await().atMost(WAIT).until(() -> process.paused);

        stage.close();

        assertThat(process.paused).isFalse();
    }

    private static FaultStage stage(Pausable process, String fault, List<Recovery.Point> data) {
        return new FaultStage(
                List.of(Fault.parse(fault)), process, () -> data, List::of, 3, EpochClock.SYSTEM, System::nanoTime);
    }

    private static Phase measured(Duration length) {
        return new Phase(
                Phase.Kind.MEASURED, Rate.parse("500/s"), 50, System.nanoTime(), length, 0, new AtomicBoolean());
    }
}
