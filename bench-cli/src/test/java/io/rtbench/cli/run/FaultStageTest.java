package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.fault.Injection;
import io.rtbench.core.fault.Pausable;
import io.rtbench.core.fault.Recovery;
import io.rtbench.core.fault.Restartable;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The stage of {@code run --fault} with a stand-in process and servers (docs/MEASUREMENT.md, "Freshness under faults"):
 * it pauses on time, continues whatever ends the phase, and a pause that does not take effect fails the run; a restart's
 * window lasts until the server is started again, and a server that does not come back fails the run.
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

    /** A server that records its stops and starts; each start takes {@code startMillis}; {@code refusal} fails them. */
    private static final class StandInServer implements Restartable {
        final long startMillis;
        final String refusal;
        volatile boolean down;
        volatile int stops;
        volatile int starts;

        StandInServer(long startMillis, String refusal) {
            this.startMillis = startMillis;
            this.refusal = refusal;
        }

        @Override
        public synchronized void stop() {
            down = true;
            stops++;
        }

        @Override
        public synchronized void start() {
            if (!down) {
                return;
            }
            try {
                Thread.sleep(startMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (refusal != null) {
                throw new IllegalStateException(refusal);
            }
            down = false;
            starts++;
        }

        @Override
        public String description() {
            return "kafka at 127.0.0.1:9092";
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

    @Test
    void aRestartsWindowLastsUntilTheServerIsStartedAgain() {
        StandInServer broker = new StandInServer(300, null);
        FaultStage stage = restarting(broker, "broker-restart@0s+200ms");
        Phase phase = measured(Duration.ofSeconds(30));

        stage.startPhase(phase);
        await().atMost(WAIT).until(() -> broker.starts == 1);
        stage.endPhase(phase);
        StepResult.Builder step = StepResult.builder();
        stage.finishStep(step);
        stage.close();

        assertThat(broker.stops).isOne();
        assertThat(stage.failure()).isEmpty();
        StepFault fault = step.build().faults().get(0);
        assertThat(fault.fault()).isEqualTo("broker-restart@0s+200ms");
        assertThat(fault.endOffsetSec() - fault.startOffsetSec())
                .as("200 ms down, then a start of 300 ms")
                .isBetween(0.49, 5.0);
    }

    @Test
    void aServerThatDoesNotComeBackFailsTheRunWithOneLineAndThePhaseEndsItsWindow() {
        StandInServer broker = new StandInServer(0, "kafka at 127.0.0.1:9092 did not start again: port taken");
        FaultStage stage = restarting(broker, "broker-restart@0s+100ms");
        Phase phase = measured(Duration.ofSeconds(30));

        stage.startPhase(phase);

        await().atMost(WAIT).until(() -> stage.failure().isPresent());
        assertThat(stage.failure())
                .hasValue("broker-restart@0s+100ms did not end: kafka at 127.0.0.1:9092 did not start again: port"
                        + " taken");
        stage.endPhase(phase);
        StepResult.Builder step = StepResult.builder();
        stage.finishStep(step);
        stage.close();
        assertThat(step.build().faults()).hasSize(1);
    }

    @Test
    void faultsOfDifferentKindsOverlapWithoutEndingEachOther() {
        StandIn process = new StandIn(null);
        StandInServer broker = new StandInServer(0, null);
        FaultStage stage = new FaultStage(
                List.of(Fault.parse("target-pause@0s+1h"), Fault.parse("broker-restart@0s+1h")),
                Map.of(
                        FaultKind.TARGET_PAUSE,
                        Injection.pause(process),
                        FaultKind.BROKER_RESTART,
                        Injection.restart(broker)),
                List::of,
                List::of,
                null,
                new SimpleMeterRegistry(),
                "postgres");
        Phase phase = measured(Duration.ofHours(2));
        stage.startPhase(phase);
        await().atMost(WAIT).until(() -> process.paused && broker.down);

        assertThat(stage.status(Map.of())).isEqualTo("FAULT target-pause@0s+1h, broker-restart@0s+1h on");
        assertThat(process.resumes)
                .as("the broker's restart did not end the pause")
                .isZero();
        stage.endPhase(phase);

        assertThat(process.paused).isFalse();
        assertThat(broker.down).isFalse();
        StepResult.Builder step = StepResult.builder();
        stage.finishStep(step);
        stage.close();
        assertThat(step.build().faults()).hasSize(2);
    }

    private static FaultStage stage(Pausable process, String fault, List<Recovery.Point> data) {
        return new FaultStage(
                List.of(Fault.parse(fault)),
                Map.of(FaultKind.TARGET_PAUSE, Injection.pause(process)),
                () -> data,
                List::of,
                3,
                new SimpleMeterRegistry(),
                "postgres");
    }

    private static FaultStage restarting(Restartable server, String fault) {
        return new FaultStage(
                List.of(Fault.parse(fault)),
                Map.of(Fault.parse(fault).kind(), Injection.restart(server)),
                List::of,
                List::of,
                null,
                new SimpleMeterRegistry(),
                "postgres");
    }

    private static Phase measured(Duration length) {
        return new Phase(
                Phase.Kind.MEASURED, Rate.parse("500/s"), 50, System.nanoTime(), length, 0, new AtomicBoolean());
    }
}
