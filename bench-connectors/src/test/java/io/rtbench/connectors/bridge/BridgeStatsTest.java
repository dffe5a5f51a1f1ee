package io.rtbench.connectors.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BridgeStatsTest {

    private final BridgeStats stats = new BridgeStats();

    @Test
    void writingTimeRunsFromTheFirstWritesStartToTheLastWritesEnd() {
        stats.written(500, 2_000_000, 2_100_000);
        stats.written(500, 1_000_000, 1_400_000); // began first, finished before the other (writes overlap)
        stats.written(200, 2_050_000, 3_500_000);

        assertThat(stats.written()).isEqualTo(1_200);
        assertThat(stats.writingSeconds()).hasValue(2.5);
    }

    @Test
    void noWriteNoWritingTime() {
        assertThat(stats.writingSeconds()).isEmpty();
    }
}
