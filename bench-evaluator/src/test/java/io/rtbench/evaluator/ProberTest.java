package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.testkit.FakeClock;
import io.rtbench.core.testkit.StubTarget;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The scheduled probing: which probes are sent, against a stand-in target that answers at once, on a fake clock that
 * the test moves (docs/TESTING.md, "Writing a test"): no sleeping, and the same probes on every run.
 */
class ProberTest {

    private static final long G = 7;
    private static final long T0 = 1_764_000_004_000_000L;

    private final FakeClock clock = FakeClock.atEpochMicros(T0);
    private final List<Long> probedAtNanos = new CopyOnWriteArrayList<>();
    /** Each probe takes a 100 µs round trip and finds the same event, a millisecond older than the start. */
    private final StubTarget target = StubTarget.builder()
            .onProbe(generatorId -> {
                probedAtNanos.add(clock.nanoTime());
                clock.advanceMicros(100);
                return OptionalLong.of(T0 - 1_000);
            })
            .build();

    private final EvaluatorMetrics metrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "stub");

    private long dataSamples() {
        return metrics.latencies().recorder(Metrics.DATA).total().getTotalCount();
    }

    /** A prober every 2 ms whose time is the fake clock's, scheduler included. */
    private Prober prober(StubTarget probed, EvaluatorMetrics probeMetrics) {
        return new Prober(
                probed,
                probeMetrics,
                clock,
                clock::nanoTime,
                Duration.ofMillis(2),
                Duration.ofSeconds(1),
                new Random(1),
                clock.scheduler(),
                clock.scheduler());
    }

    /**
     * Found with Kafka Connect: the engine tells the stages of a phase's end one after the other, and Connect's waits
     * 1.5 s for its task metrics; the probe, told after it, added a sample 835 ms old, taken after the producer had
     * stopped, as the p95 and p99 of a 16-sample step.
     */
    @Test
    void noProbeIsSentOutsideThePhaseEvenWhileTheGeneratorIsStillListed() {
        try (Prober prober = prober(target, metrics)) {
            prober.add(G);
            clock.advance(Duration.ofMillis(10));
            assertThat(dataSamples()).as("five intervals of probes").isGreaterThanOrEqualTo(3);

            prober.within(clock.nanoTime() - TimeUnit.SECONDS.toNanos(60), clock.nanoTime());
            long atTheEnd = dataSamples();
            clock.advance(Duration.ofMillis(200)); // a hundred intervals
            // Without the window: a hundred more samples.
            assertThat(dataSamples() - atTheEnd)
                    .as("samples after the phase's end")
                    .isZero();
            assertThat(prober.size()).isEqualTo(1);

            long toldNanos = clock.nanoTime();
            long nextStartNanos = toldNanos + TimeUnit.MILLISECONDS.toNanos(200);
            prober.within(nextStartNanos, nextStartNanos + TimeUnit.SECONDS.toNanos(60));
            long beforeTheStart = dataSamples();
            clock.advance(Duration.ofMillis(210));
            assertThat(dataSamples() - beforeTheStart)
                    .as("samples in the first 10 ms of the next phase")
                    .isGreaterThanOrEqualTo(3);
            // when each probe reached the target: no probe before the next start
            assertThat(probedAtNanos)
                    .filteredOn(nanos -> nanos - toldNanos > 0)
                    .as("probes sent after the next phase was announced")
                    .isNotEmpty()
                    .allSatisfy(nanos -> assertThat(nanos - nextStartNanos).isNotNegative());
        }
    }

    /** Keeps versions for its audit, as the null target does; shows no row, or (a real database) all of them. */
    private static final Versioned NO_ROWS = new Versioned() {
        @Override
        public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
            return Map.of();
        }

        @Override
        public void rows(long generatorId, RowVisitor visitor) {}
    };

    /**
     * Found with {@code run --target null --workload dml}: the null target shows no row, so every delete looked visible
     * at the first probe and the table printed a deleteVisible of 16.6 ms for a target that discards everything.
     */
    @Test
    void theChangesOfATargetThatShowsNothingAreNotProbed() {
        ChangeGenerator changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(2), G),
                new DmlSettings(0.3, 0.1, UpdateMode.REPLACE, Duration.ofMillis(500)),
                2);
        for (int i = 0; i < 30_000; i++) {
            changes.nextTransient(1_764_000_000_000_000L + i * 100L);
        }
        for (boolean showsEvents : new boolean[] {false, true}) {
            EvaluatorMetrics changeMetrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "no-rows");
            StubTarget noRows = StubTarget.builder()
                    .showsEvents(showsEvents)
                    .versioned(NO_ROWS)
                    .build();
            try (Prober prober = prober(noRows, changeMetrics)) {
                prober.add(G, changes.history());
                clock.advance(Duration.ofMillis(50));
                assertThat(noRows.probes()).as("probes in 25 intervals").isGreaterThanOrEqualTo(20);
            }
            long deletesSeen = changeMetrics
                    .latencies()
                    .recorder(Metrics.DELETE_VISIBLE)
                    .total()
                    .getTotalCount();
            if (showsEvents) {
                assertThat(deletesSeen)
                        .as("a database showing no row shows every delete")
                        .isPositive();
            } else {
                assertThat(deletesSeen)
                        .as("deleteVisible samples of a target that shows nothing")
                        .isZero();
            }
        }
    }
}
