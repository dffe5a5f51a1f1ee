package io.rtbench.core.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.testkit.FakeClock;
import org.junit.jupiter.api.Test;

class PacerTest {

    private static final long START = 1_000_000_000L;

    @Test
    void burstsAreEvenlySpacedAtTheRate() {
        FakeClock clock = new FakeClock(START);
        // 1,000 events/s in bursts of 50: one burst every 50 ms.
        Pacer pacer = new Pacer(clock, 1000, 50, START);
        for (int i = 0; i < 5; i++) {
            assertThat(pacer.awaitNextBurst()).isEqualTo(START + i * 50_000_000L);
        }
        assertThat(clock.nanoTime()).isEqualTo(START + 4 * 50_000_000L);
    }

    @Test
    void aLateSenderGetsThePastIntendedTimesWithoutWaitingOrSkipping() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, 1000, 10, START); // a burst every 10 ms
        assertThat(pacer.awaitNextBurst()).isEqualTo(START);
        clock.advance(35_000_000L); // a 35 ms stall
        int waitsBefore = clock.waits().size();
        assertThat(pacer.awaitNextBurst()).isEqualTo(START + 10_000_000L);
        assertThat(pacer.awaitNextBurst()).isEqualTo(START + 20_000_000L);
        assertThat(pacer.awaitNextBurst()).isEqualTo(START + 30_000_000L);
        assertThat(clock.waits()).hasSize(waitsBefore);
        // Caught up: the next burst is in the future again and is waited for.
        assertThat(pacer.awaitNextBurst()).isEqualTo(START + 40_000_000L);
        assertThat(clock.waits()).hasSize(waitsBefore + 1);
    }

    @Test
    void noDriftOverManyBursts() {
        FakeClock clock = new FakeClock(START);
        // 333,333,333.3 ns apart: the schedule is computed from the burst index, so rounding never accumulates.
        Pacer pacer = new Pacer(clock, 3, 1, START);
        assertThat(pacer.intendedNanos(3_000_000) - START).isEqualTo(1_000_000_000_000_000L);
        assertThat(pacer.intendedNanos(3_000_001) - pacer.intendedNanos(3_000_000))
                .isBetween(333_333_333L, 333_333_334L);
    }

    @Test
    void unpacedReturnsNow() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, Double.POSITIVE_INFINITY, 50, START);
        assertThat(pacer.unpaced()).isTrue();
        clock.advance(123);
        assertThat(pacer.awaitNextBurst()).isEqualTo(START + 123);
        assertThat(clock.waits()).isEmpty();
        assertThat(pacer.bursts()).isEqualTo(1);
    }

    @Test
    void burstsDueByCountsTheScheduleUpToAMoment() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, 1000, 10, START); // a burst every 10 ms
        assertThat(pacer.burstsDueBy(START - 1)).isZero();
        assertThat(pacer.burstsDueBy(START)).isZero();
        assertThat(pacer.burstsDueBy(START + 1)).isEqualTo(1);
        assertThat(pacer.burstsDueBy(START + 10_000_000L)).isEqualTo(1);
        assertThat(pacer.burstsDueBy(START + 10_000_001L)).isEqualTo(2);
        assertThat(pacer.burstsDueBy(START + 1_000_000_000L)).isEqualTo(100);
        // A rate no sender reaches: 10^12 events/s is 20 bursts of 50 every nanosecond.
        Pacer unreachable = new Pacer(clock, 1e12, 50, START);
        assertThat(unreachable.burstsDueBy(START + 1_000_000_000L)).isEqualTo(20_000_000_000L);
        assertThat(new Pacer(clock, Double.POSITIVE_INFINITY, 50, START).burstsDueBy(START + 1_000))
                .isZero();
    }

    @Test
    void rejectsNonsense() {
        FakeClock clock = new FakeClock(START);
        assertThatThrownBy(() -> new Pacer(clock, 0, 50, START)).hasMessageContaining("eventsPerSecond");
        assertThatThrownBy(() -> new Pacer(clock, 10, 0, START)).hasMessageContaining("batchSize");
    }
}
