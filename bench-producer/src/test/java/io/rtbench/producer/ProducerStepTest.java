package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.core.engine.Phase;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.testkit.FakeClock;
import io.rtbench.core.time.EpochClock;
import io.rtbench.producer.destination.DestinationWriter;
import io.rtbench.producer.destination.WriterFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A phase's timing on a fake clock that moves only by the work the writer pretends to do: whether a phase ends on time
 * whatever its schedule says, how long it lasted, and whether it fell behind.
 */
class ProducerStepTest {

    private static final int BATCH = 50;
    private static final long MS = 1_000_000L;

    private final FakeClock clock = new FakeClock(5_000 * MS);
    private final ProducerStats stats = new ProducerStats();

    /** Each event costs {@code nanosPerEvent} on the fake clock; event number {@code stallAt} stalls on top. */
    private final class CostlyWriters implements WriterFactory {
        final long nanosPerEvent;
        long stallAt = -1;
        long stallNanos;
        private long events;

        CostlyWriters(long nanosPerEvent) {
            this.nanosPerEvent = nanosPerEvent;
        }

        @Override
        public DestinationWriter forGenerator(long generatorId) {
            return new DestinationWriter() {
                @Override
                public void beginBurst(long intendedNanos, boolean measured) {}

                @Override
                public void add(byte[] json, long seq, long eventTimeMicros) {
                    clock.advance(nanosPerEvent + (events++ == stallAt ? stallNanos : 0));
                }

                @Override
                public void endBurst() {}
            };
        }

        @Override
        public void flush() {}

        @Override
        public String targetName() {
            return "test";
        }

        @Override
        public String version() {
            return null;
        }

        @Override
        public void close() {}
    }

    private ProducerStep step(WriterFactory writers) {
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 7);
        GeneratorLoop loop =
                new GeneratorLoop(generator, null, writers.forGenerator(7), EpochClock.SYSTEM, clock, stats);
        return new ProducerStep(List.of(loop), 1250, clock);
    }

    private PhaseOutcome run(WriterFactory writers, Rate rate, Duration duration, long maxEvents) {
        Phase phase =
                new Phase(Phase.Kind.MEASURED, rate, BATCH, clock.nanoTime(), duration, maxEvents, new AtomicBoolean());
        return step(writers).run(phase);
    }

    @Test
    void aPhaseOnScheduleLastsItsDurationAndIsNotBehind() {
        // 1,000 events/s: a burst of 50 every 50 ms, each taking 0.5 ms.
        PhaseOutcome phase = run(new CostlyWriters(10_000), Rate.ofEventsPerSecond(1_000), Duration.ofSeconds(1), 0);

        assertThat(phase.wallSeconds()).isEqualTo(1.0);
        assertThat(stats.sentEvents()).isEqualTo(1_000);
        assertThat(phase.eventsDue()).isEqualTo(1_000);
        assertThat(phase.eventsBehind()).isZero();
        assertThat(phase.scheduleLagMillis()).isZero();
        assertThat(phase.behindSchedule()).isFalse();
    }

    @Test
    void anUnreachableRateEndsOnTimeAndSaysItFellBehind() {
        // 10^12 events/s against a writer that takes 100 µs per event: 10,000 events/s at most.
        PhaseOutcome phase = run(new CostlyWriters(100_000), Rate.ofEventsPerSecond(1e12), Duration.ofSeconds(1), 0);

        // Ended at its end time, give or take the burst that was running then (5 ms), not after 10^12 events.
        assertThat(phase.wallSeconds()).isBetween(1.0, 1.005);
        assertThat(stats.sentEvents()).isBetween(10_000L, 10_050L);
        assertThat(stats.sentEvents() / phase.wallSeconds()).isCloseTo(10_000, within(100.0));
        assertThat(phase.eventsDue()).isCloseTo(1_000_000_000_000L, within(1_000L));
        assertThat(phase.eventsBehind()).isEqualTo(phase.eventsDue() - stats.sentEvents());
        assertThat(phase.scheduleLagMillis()).isCloseTo(1_000, within(5.0));
        assertThat(phase.behindSchedule()).isTrue();
    }

    @Test
    void aRateTwiceWhatTheWriterTakesEndsOnTimeHalfBehind() {
        PhaseOutcome phase = run(new CostlyWriters(100_000), Rate.ofEventsPerSecond(20_000), Duration.ofSeconds(2), 0);

        assertThat(phase.wallSeconds()).isBetween(2.0, 2.005);
        assertThat(phase.eventsDue()).isEqualTo(40_000);
        assertThat(stats.sentEvents()).isBetween(20_000L, 20_050L);
        assertThat(phase.eventsBehind()).isEqualTo(40_000 - stats.sentEvents());
        // Sending at half the rate for 2 s leaves the next burst due 1 s earlier than the phase ended.
        assertThat(phase.scheduleLagMillis()).isCloseTo(1_000, within(5.0));
        assertThat(phase.behindSchedule()).isTrue();
    }

    @Test
    void aStallThatIsCaughtUpIsNotBehindAndShowsInScheduleDelay() {
        CostlyWriters writers = new CostlyWriters(10_000);
        writers.stallAt = 300;
        writers.stallNanos = 200 * MS;

        PhaseOutcome phase = run(writers, Rate.ofEventsPerSecond(1_000), Duration.ofSeconds(1), 0);

        assertThat(phase.wallSeconds()).isEqualTo(1.0);
        assertThat(stats.sentEvents()).isEqualTo(1_000);
        assertThat(phase.eventsBehind()).isZero();
        assertThat(phase.behindSchedule()).isFalse();
        // The bursts due during the stall started late, measured on the same (injected) clock: the first of them,
        // due at 350 ms, at 500.5 ms; each after it less late.
        long worstDelayMicros = stats.scheduleDelay().total().getMaxValue();
        assertThat(worstDelayMicros).isBetween(150_000L, 200_000L);
    }

    @Test
    void aStallAtTheEndLeavesTheLastBurstsUnsentAndIsBehind() {
        CostlyWriters writers = new CostlyWriters(10_000);
        writers.stallAt =
                800; // the burst due at 800 ms runs until 1,100 ms: the bursts due at 850-950 ms are never sent
        writers.stallNanos = 300 * MS;

        PhaseOutcome phase = run(writers, Rate.ofEventsPerSecond(1_000), Duration.ofSeconds(1), 0);

        assertThat(phase.wallSeconds()).isCloseTo(1.1, within(0.001));
        assertThat(stats.sentEvents()).isEqualTo(850);
        assertThat(phase.eventsDue()).isEqualTo(1_000);
        assertThat(phase.eventsBehind()).isEqualTo(150);
        assertThat(phase.scheduleLagMillis()).isCloseTo(250, within(1.0));
        assertThat(phase.behindSchedule()).isTrue();
    }

    @Test
    void anEventCountEndsThePhaseAtTheEndOfItsSchedule() {
        PhaseOutcome phase = run(new CostlyWriters(10_000), Rate.ofEventsPerSecond(1_000), Duration.ofMinutes(1), 500);

        assertThat(phase.wallSeconds()).isEqualTo(0.5);
        assertThat(stats.sentEvents()).isEqualTo(500);
        assertThat(phase.eventsDue()).isEqualTo(500);
        assertThat(phase.behindSchedule()).isFalse();
    }

    @Test
    void asFastAsPossibleRunsForItsDurationWithNoScheduleToFallBehind() {
        PhaseOutcome phase = run(new CostlyWriters(10_000), Rate.MAX, Duration.ofMillis(100), 0);

        assertThat(phase.wallSeconds()).isBetween(0.1, 0.1005);
        assertThat(stats.sentEvents()).isBetween(10_000L, 10_050L);
        assertThat(phase.eventsDue()).isZero();
        assertThat(phase.behindSchedule()).isFalse();
    }

    @Test
    void behindByOneBurstOrTwoPercentIsWithinTolerance() {
        assertThat(PhaseOutcome.of(1, 1_000, 50, 5, 50).behindSchedule()).isFalse();
        assertThat(PhaseOutcome.of(1, 1_000, 51, 5, 50).behindSchedule()).isTrue();
        assertThat(PhaseOutcome.of(1, 100_000, 2_000, 5, 50).behindSchedule()).isFalse();
        assertThat(PhaseOutcome.of(1, 100_000, 2_001, 5, 50).behindSchedule()).isTrue();
    }
}
