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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** The scheduled probing: which probes are sent, against a stand-in target that answers at once. */
class ProberTest {

    private static final long G = 7;

    private final ScriptedTarget target = new ScriptedTarget();
    private final EvaluatorMetrics metrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "scripted");

    private long dataSamples() {
        return metrics.latencies().recorder(Metrics.DATA).total().getTotalCount();
    }

    private static void awaitUntil(LongSupplier count, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (count.getAsLong() < atLeast && System.nanoTime() - deadline < 0) {
            Thread.sleep(5);
        }
        assertThat(count.getAsLong()).isGreaterThanOrEqualTo(atLeast);
    }

    /**
     * Found with Kafka Connect: the engine tells the stages of a phase's end one after the other, and Connect's waits
     * 1.5 s for its task metrics; the probe, told after it, added a sample 835 ms old, taken after the producer had
     * stopped, as the p95 and p99 of a 16-sample step.
     */
    @Test
    void noProbeIsSentOutsideThePhaseEvenWhileTheGeneratorIsStillListed() throws Exception {
        for (int i = 0; i < 100_000; i++) {
            target.answer(100, 1_000);
        }
        try (Prober prober = new Prober(
                target,
                metrics,
                () -> target.nowMicros,
                Duration.ofMillis(2),
                Duration.ofSeconds(1),
                new Random(1),
                1)) {
            prober.add(G);
            awaitUntil(this::dataSamples, 3);

            prober.within(System.nanoTime() - TimeUnit.SECONDS.toNanos(60), System.nanoTime());
            long atTheEnd = dataSamples();
            Thread.sleep(200); // a hundred intervals
            // A probe sent just before the end may be answered after it, however long the machine makes that take;
            // the prober's one thread holds at most one such probe. Without the window: a hundred more samples.
            assertThat(dataSamples() - atTheEnd)
                    .as("samples after the phase's end")
                    .isLessThanOrEqualTo(1);
            assertThat(prober.size()).isEqualTo(1);

            long toldNanos = System.nanoTime();
            long nextStartNanos = toldNanos + TimeUnit.MILLISECONDS.toNanos(200);
            prober.within(nextStartNanos, nextStartNanos + TimeUnit.SECONDS.toNanos(60));
            long beforeTheStart = dataSamples();
            awaitUntil(this::dataSamples, beforeTheStart + 3);
            // when each probe reached the target, not how long the test slept: no probe before the next start
            assertThat(target.probedAtNanos)
                    .filteredOn(nanos -> nanos - toldNanos > 0)
                    .as("probes sent after the next phase was announced")
                    .isNotEmpty()
                    .allSatisfy(nanos -> assertThat(nanos - nextStartNanos).isNotNegative());
        }
    }

    /** Keeps versions for its audit, as the null target does; shows no row, or (a real database) all of them. */
    private static final class NoRows extends ScriptedTarget implements Versioned {
        final boolean showsEvents;
        final AtomicInteger lookups = new AtomicInteger();

        NoRows(boolean showsEvents) {
            this.showsEvents = showsEvents;
        }

        @Override
        public boolean showsEvents() {
            return showsEvents;
        }

        @Override
        public OptionalLong newestEventTimeMicros(long generatorId) {
            lookups.incrementAndGet();
            return OptionalLong.empty();
        }

        @Override
        public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
            return Map.of();
        }

        @Override
        public void rows(long generatorId, RowVisitor visitor) {}
    }

    /**
     * Found with {@code run --target null --workload dml}: the null target shows no row, so every delete looked visible
     * at the first probe and the table printed a deleteVisible of 16.6 ms for a target that discards everything.
     */
    @Test
    void theChangesOfATargetThatShowsNothingAreNotProbed() throws Exception {
        ChangeGenerator changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(2), G),
                new DmlSettings(0.3, 0.1, UpdateMode.REPLACE, Duration.ofMillis(500)),
                2);
        for (int i = 0; i < 30_000; i++) {
            changes.nextTransient(1_764_000_000_000_000L + i * 100L);
        }
        for (boolean showsEvents : new boolean[] {false, true}) {
            EvaluatorMetrics changeMetrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "no-rows");
            NoRows noRows = new NoRows(showsEvents);
            try (Prober prober = new Prober(
                    noRows,
                    changeMetrics,
                    () -> 1_764_000_004_000_000L,
                    Duration.ofMillis(2),
                    Duration.ofSeconds(1),
                    new Random(1),
                    1)) {
                prober.add(G, changes.history());
                awaitUntil(noRows.lookups::get, 20);
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
