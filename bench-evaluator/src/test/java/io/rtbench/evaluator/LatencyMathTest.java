package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.testkit.FakeClock;
import io.rtbench.core.testkit.StubTarget;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Random;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class LatencyMathTest {

    private static final long G = 42;
    private static final long T0 = 1_763_800_000_000_000L;

    private final FakeClock clock = FakeClock.atEpochMicros(T0);
    private final ScriptedProbes target = new ScriptedProbes();
    private final EvaluatorMetrics metrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "stub");
    private final Prober prober = new Prober(
            StubTarget.builder().onProbe(target).build(),
            metrics,
            clock,
            clock::nanoTime,
            Duration.ofSeconds(1),
            Duration.ofSeconds(5),
            new Random(1),
            clock.scheduler(),
            clock.scheduler());
    private final GeneratorProbe probe = new GeneratorProbe(G, metrics, 5_000_000);

    /** HdrHistogram with 3 significant digits reports values within 0.1 %. */
    private static Offset<Double> hdr(double millis) {
        return within(millis * 0.001 + 0.001);
    }

    private void probe() {
        probe.record(prober.probeOnce(G));
    }

    @Test
    void dataIncludesTheRoundTripAndDataAtRequestDoesNot() {
        // Newest visible event was created 300 ms before the request; the query takes 20 ms.
        target.answer(20_000, T0 - 300_000);
        probe();
        Map<String, LatencySummary> s = metrics.latencies().summaries();
        assertThat(s.get(Metrics.DATA).p50()).isCloseTo(320.0, hdr(320.0));
        assertThat(s.get(Metrics.DATA_AT_REQUEST).p50()).isCloseTo(300.0, hdr(300.0));
        assertThat(s.get(Metrics.QUERY).p50()).isCloseTo(20.0, hdr(20.0));
        assertThat(metrics.probeErrors()).isZero();
    }

    @Test
    void probesBeforeTheFirstVisibleEventAreNotSamplesButAreCounted() {
        target.nothingVisible(1_000).nothingVisible(1_000).answer(1_000, T0);
        probe();
        probe();
        assertThat(metrics.latencies().summaries()).isEmpty();
        assertThat(metrics.probesBeforeVisible()).isEqualTo(2);
        assertThat(metrics.probeErrors()).isZero();
        probe();
        assertThat(metrics.latencies().summaries().get(Metrics.DATA).count()).isEqualTo(1);
        assertThat(metrics.probesBeforeVisible())
                .as("a probe that saw events is not one of them")
                .isEqualTo(2);
        metrics.reset(); // the warmup's end: the measured phase counts its own
        assertThat(metrics.probesBeforeVisible()).isZero();
    }

    @Test
    void aFailedProbeIsCountedAndRecordedAsAtLeastTheTimeout() {
        target.answer(1_000, T0 - 100_000).fail(2_000, "connection refused");
        probe();
        probe();
        assertThat(metrics.probeErrors()).isEqualTo(1);
        assertThat(metrics.lastProbeError()).isEqualTo("connection refused");
        LatencySummary data = metrics.latencies().summaries().get(Metrics.DATA);
        assertThat(data.count()).as("the failure is a sample, not dropped").isEqualTo(2);
        assertThat(data.max()).isGreaterThanOrEqualTo(5_000 * 0.999);
    }

    @Test
    void aFailureBeforeAnythingWasVisibleIsCountedButNotASample() {
        target.fail(1_000, "index does not exist");
        probe();
        assertThat(metrics.probeErrors()).isEqualTo(1);
        assertThat(metrics.latencies().summaries()).isEmpty();
    }

    @Test
    void aSlowAnswerCountsAsATimeout() {
        target.answer(6_000_000, T0 - 1_000);
        probe();
        assertThat(metrics.probeErrors()).isEqualTo(1);
    }

    @Test
    void stalenessGrowsWhenNothingNewArrives() {
        // The same newest event for three probes 1 s apart: data latency grows by the interval each time.
        target.answer(1_000, T0).answer(1_000, T0).answer(1_000, T0);
        probe();
        clock.advanceMicros(999_000);
        probe();
        clock.advanceMicros(999_000);
        probe();
        LatencySummary data = metrics.latencies().summaries().get(Metrics.DATA);
        assertThat(data.max()).isCloseTo(2_001.0, hdr(2_001.0));
        assertThat(data.p50()).isCloseTo(1_001.0, hdr(1_001.0));
    }

    /**
     * The target's answers to the probes, in order: each takes its round trip on the fake clock, then shows the newest
     * event time, nothing, or fails.
     */
    private final class ScriptedProbes implements LongFunction<OptionalLong> {
        private final Queue<Answer> answers = new ArrayDeque<>();

        private record Answer(long roundTripMicros, Supplier<OptionalLong> newest) {}

        ScriptedProbes answer(long roundTripMicros, long newestMicros) {
            answers.add(new Answer(roundTripMicros, () -> OptionalLong.of(newestMicros)));
            return this;
        }

        ScriptedProbes nothingVisible(long roundTripMicros) {
            answers.add(new Answer(roundTripMicros, OptionalLong::empty));
            return this;
        }

        ScriptedProbes fail(long roundTripMicros, String failure) {
            answers.add(new Answer(roundTripMicros, () -> {
                throw new TargetException(failure);
            }));
            return this;
        }

        @Override
        public OptionalLong apply(long generatorId) {
            Answer answer = answers.remove();
            clock.advanceMicros(answer.roundTripMicros());
            return answer.newest().get();
        }
    }
}
