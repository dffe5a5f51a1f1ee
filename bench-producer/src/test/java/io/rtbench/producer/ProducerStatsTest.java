package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProducerStatsTest {

    @Test
    void failuresOutliveTheEndOfTheWarmupButMeasurementsDoNot() {
        ProducerStats stats = new ProducerStats();
        stats.failed(0, "announcement on t failed: gone");
        assertThat(stats.hasFailed()).as("an announcement is not an event").isFalse();
        stats.sent(10, 12_500);
        stats.failed(3, "TimeoutException: gone");

        stats.reset();

        assertThat(stats.hasFailed()).isTrue();
        assertThat(stats.failed()).isEqualTo(3);
        assertThat(stats.sentEvents()).isZero();
        assertThat(stats.firstFailure()).isEqualTo("announcement on t failed: gone");
    }
}
