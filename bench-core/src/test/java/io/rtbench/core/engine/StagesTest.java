package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.metrics.ReadingRecorder;
import io.rtbench.core.pacing.Rate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The stage protocol that the engine and a worker of a run on several hosts share (docs/ARCHITECTURE.md, "The engine
 * and its stages"): what a worker sends its coordinator is what these calls say, so they must not drift apart.
 */
class StagesTest {

    private final List<String> calls = new ArrayList<>();
    private final LatencyRecorder data = new LatencyRecorder("data");
    private final ReadingRecorder backlog = new ReadingRecorder(Metrics.BACKLOG);

    private final class Recording implements Stage {
        private final String name;
        private final String failure;

        Recording(String name, String failure) {
            this.name = name;
            this.failure = failure;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void startPhase(Phase phase) {
            calls.add(name + " start " + phase.kind() + " " + phase.rate());
        }

        @Override
        public void endPhase(Phase phase) {
            calls.add(name + " end " + phase.kind() + (phase.stop().get() ? " early" : ""));
        }

        @Override
        public List<LatencyRecorder> recorders() {
            return name.equals("probe") ? List.of(data) : List.of();
        }

        @Override
        public List<ReadingRecorder> readings() {
            return name.equals("backlog") ? List.of(backlog) : List.of();
        }

        @Override
        public Optional<String> failure() {
            calls.add(name + " asked");
            return Optional.ofNullable(failure);
        }
    }

    private static String describe(Stages.Tick tick) {
        Stages.Tick.Interval interval = tick.intervals().get(0);
        return "step " + tick.step() + " " + tick.phase() + " " + interval.metric() + " "
                + interval.histogram().getTotalCount();
    }

    private static Step step() {
        return new Step(2, Rate.ofEventsPerSecond(500), 10, Duration.ZERO, Duration.ofSeconds(5), 0);
    }

    @Test
    void thePrefillIsProducedAsFastAsPossibleAndAnEarlyEndSetsThePhaseStop() {
        Stages stages = new Stages(List.of(new Recording("producer", null), new Recording("probe", null)));
        stages.beginStep(step());

        stages.startPhase(Phase.Kind.PREFILL, 100, 0, null, 1_000);
        Phase ended = stages.endPhase(true);

        assertThat(calls)
                .containsExactly(
                        "producer start PREFILL max",
                        "probe start PREFILL max",
                        "producer end PREFILL early",
                        "probe end PREFILL early");
        assertThat(ended.stop()).isTrue();
        assertThat(stages.endPhase(true)).as("no phase runs now").isNull();
    }

    @Test
    void aFailureIsTheFirstFailedStageInTheRunsWordsAskingNoneAfterIt() {
        Stages stages = new Stages(List.of(
                new Recording("producer", null), new Recording("probe", "timed out"), new Recording("audit", "x")));

        assertThat(stages.failure()).contains("the probe stopped: timed out");
        assertThat(calls).containsExactly("producer asked", "probe asked");
    }

    @Test
    void aTakeBelongsToThePhaseUntilItsLastTickAndAMeasuredPhaseStartsFromNothing() {
        Stages stages = new Stages(List.of(new Recording("producer", null), new Recording("probe", null)));
        stages.beginStep(step());
        stages.startPhase(Phase.Kind.WARMUP, 10, 0, Duration.ofSeconds(1), 0);
        data.recordMicros(1_000);

        stages.startPhase(Phase.Kind.MEASURED, 10, 0, Duration.ofSeconds(5), 0);
        data.recordMicros(2_000);
        String during = stages.takeIntervals(StagesTest::describe);
        stages.endPhase(false);
        data.recordMicros(3_000);
        String last = stages.lastTick(StagesTest::describe);
        String after = stages.takeIntervals(StagesTest::describe);

        assertThat(during).as("the warmup's sample was reset").isEqualTo("step 2 MEASURED data 1");
        assertThat(last).isEqualTo("step 2 MEASURED data 1");
        assertThat(after).as("between phases").isEqualTo("step 2 null data 0");
    }

    @Test
    void aTakeHoldsTheReadingsApartFromTheLatenciesAndAMeasuredPhaseStartsFromNone() {
        Stages stages = new Stages(List.of(new Recording("probe", null), new Recording("backlog", null)));
        stages.beginStep(step());
        stages.startPhase(Phase.Kind.WARMUP, 10, 0, Duration.ofSeconds(1), 0);
        backlog.record(1_000L, 9_000);

        stages.startPhase(Phase.Kind.MEASURED, 10, 0, Duration.ofSeconds(5), 0);
        data.recordMicros(2_000);
        backlog.record(2_000L, 1_200);
        backlog.record(2_900L, -3);
        List<String> taken = stages.takeIntervals(tick -> List.of(
                tick.intervals().stream()
                        .map(Stages.Tick.Interval::metric)
                        .toList()
                        .toString(),
                tick.readings().stream()
                        .map(reading ->
                                reading.metric() + " " + reading.histogram().getTotalCount() + " of "
                                        + reading.histogram().getMaxValue() + " at "
                                        + reading.histogram().getStartTimeStamp())
                        .toList()
                        .toString()));

        assertThat(taken.get(0)).as("the latencies' intervals").isEqualTo("[data]");
        assertThat(taken.get(1))
                .as("the warmup's reading was reset; each reading its own interval at its time; a negative one is 0")
                .isEqualTo("[backlog 1 of 1200 at 2000, backlog 1 of 0 at 2900]");
        assertThat(stages.takeIntervals(Stages.Tick::readings)).as("taken once").isEmpty();
        assertThat(stages.totals()).as("a reading is no latency's total").containsOnlyKeys("data");
    }
}
