package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.event.Op;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.target.Versioned;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The change probe finds the newest visible update and delete among thousands in flight, exactly, with two lookups:
 * against a stand-in target (unit test, no database) that shows every change up to a border, on a fake clock.
 */
class ChangeProbeTest {

    private static final long START_MICROS = 1_764_000_000_000_000L;

    private ChangeGenerator changes;
    private final List<Event> events = new ArrayList<>();
    private long nowMicros;

    @BeforeEach
    void generate() {
        changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(2), 9),
                new DmlSettings(0.3, 0.1, UpdateMode.REPLACE, Duration.ofMillis(500)),
                2);
        for (int i = 0; i < 30_000; i++) {
            events.add(
                    Event.parse(changes.nextTransient(START_MICROS + i * 100L).clone()));
        }
        nowMicros = START_MICROS + 30_000 * 100L;
    }

    /** Shows every event with a _seq below the border, each row at its newest version by then. */
    private final class Border implements Versioned {
        final long border;
        final AtomicInteger lookups = new AtomicInteger();

        Border(long border) {
            this.border = border;
        }

        @Override
        public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
            lookups.incrementAndGet();
            assertThat(ids.size()).isLessThanOrEqualTo(Versioned.MAX_IDS);
            Map<String, Long> live = new HashMap<>();
            for (Event event : events.subList(0, (int) border)) {
                if (event.op() == Op.DELETE) {
                    live.remove(event.id());
                } else {
                    live.put(event.id(), event.version());
                }
            }
            live.keySet().retainAll(ids);
            nowMicros += 1_000; // each lookup takes a millisecond
            return live;
        }

        @Override
        public void rows(long generatorId, RowVisitor visitor) {}
    }

    private long expectedNewest(long border, Op op) {
        for (int i = (int) border - 1; i >= 0; i--) {
            Event event = events.get(i);
            if (event.op() == op && (op == Op.DELETE || !deletedBefore(event, border))) {
                return event.eventTimeMicros();
            }
        }
        throw new AssertionError("no " + op + " before " + border);
    }

    private boolean deletedBefore(Event update, long border) {
        return events.stream().anyMatch(e -> e.op() == Op.DELETE && e.id().equals(update.id()));
    }

    @Test
    void findsTheNewestVisibleUpdateAndDeleteExactly() {
        // Borders up to 300 ms (3,000 events) behind: changed rows are at least 500 ms old (--min-row-age), so each row
        // a change of the window touches was visible before it (MEASUREMENT.md, "Workload dml").
        for (long border : new long[] {29_990, 29_500, 29_000, 27_000}) {
            EvaluatorMetrics metrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "test");
            Border target = new Border(border);
            ChangeProbe probe = new ChangeProbe(9, changes.history(), target, metrics, () -> nowMicros, 5_000_000);

            probe.probe();

            assertThat(target.lookups.get()).as("at most two lookups").isBetween(1, 2);
            long response = nowMicros;
            Histogram update =
                    metrics.latencies().recorder(Metrics.UPDATE_VISIBLE).total();
            Histogram delete =
                    metrics.latencies().recorder(Metrics.DELETE_VISIBLE).total();
            assertThat(update.getTotalCount()).isEqualTo(1);
            assertThat(delete.getTotalCount()).isEqualTo(1);
            assertThat((double) update.getMaxValue())
                    .as("border %d", border)
                    .isCloseTo(
                            response - expectedNewest(border, Op.UPDATE),
                            org.assertj.core.data.Offset.offset(
                                    (response - expectedNewest(border, Op.UPDATE)) / 500.0));
            assertThat((double) delete.getMaxValue())
                    .isCloseTo(
                            response - expectedNewest(border, Op.DELETE),
                            org.assertj.core.data.Offset.offset(
                                    (response - expectedNewest(border, Op.DELETE)) / 500.0));
        }
    }

    @Test
    void aFailedLookupIsAProbeError() {
        EvaluatorMetrics metrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "test");
        Versioned failing = new Versioned() {
            @Override
            public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
                throw new IllegalStateException("connection refused");
            }

            @Override
            public void rows(long generatorId, RowVisitor visitor) {}
        };
        new ChangeProbe(9, changes.history(), failing, metrics, () -> nowMicros, 5_000_000).probe();
        assertThat(metrics.probeErrors()).isEqualTo(1);
        assertThat(metrics.lastProbeError()).contains("connection refused");
    }

    /**
     * A data probe that timed out (or was not sent) fails its change probe with it, at once and without a lookup, even
     * while an earlier change probe is blocked in a stopped database: the prober's scheduler records it, and must not
     * wait for the target (docs/MEASUREMENT.md, "Freshness under faults").
     */
    @Test
    void anUnansweredProbeFailsItsChangesAtOnceEvenWhileALookupIsBlocked() throws InterruptedException {
        EvaluatorMetrics metrics = new EvaluatorMetrics(new SimpleMeterRegistry(), "test");
        Border border = new Border(29_990);
        AtomicBoolean stalled = new AtomicBoolean();
        CountDownLatch blockedInLookup = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        Versioned stalling = new Versioned() {
            @Override
            public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
                if (stalled.get()) {
                    blockedInLookup.countDown();
                    try {
                        resume.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return border.liveVersions(generatorId, ids, variant);
            }

            @Override
            public void rows(long generatorId, RowVisitor visitor) {}
        };
        ChangeProbe probe = new ChangeProbe(9, changes.history(), stalling, metrics, () -> nowMicros, 5_000_000);
        probe.probe(); // the newest update and delete are seen
        stalled.set(true);
        Thread blocked = DaemonThreads.start("blocked-change-probe", probe::probe);
        try {
            assertThat(blockedInLookup.await(10, TimeUnit.SECONDS)).isTrue();
            int lookups = border.lookups.get();
            long responseMicros = nowMicros + 60_000_000;

            assertTimeoutPreemptively(
                    Duration.ofSeconds(10), () -> probe.unanswered(ProbeOutcome.TOOK_LONGER, responseMicros));

            assertThat(metrics.probeErrors()).isEqualTo(1);
            assertThat(metrics.lastProbeError()).isEqualTo("change probe: " + ProbeOutcome.TOOK_LONGER);
            assertThat(border.lookups).as("lookups of the unanswered probe").hasValue(lookups);
            for (String metric : List.of(Metrics.UPDATE_VISIBLE, Metrics.DELETE_VISIBLE)) {
                Histogram samples = metrics.latencies().recorder(metric).total();
                assertThat(samples.getTotalCount()).as(metric).isEqualTo(2);
                assertThat(samples.getMaxValue())
                        .as("%s of the unanswered probe: as old as the change seen before, at its time", metric)
                        .isGreaterThanOrEqualTo(60_000_000);
            }
        } finally {
            resume.countDown();
            blocked.join(10_000);
        }
    }
}
