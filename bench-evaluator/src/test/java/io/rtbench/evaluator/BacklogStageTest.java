package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BacklogStageTest {

    @Test
    void whatIsInFlightIsABurstPerGeneratorAndTheCommitPeriodAtTheRate() {
        BacklogStage.InFlight connect = new BacklogStage.InFlight(4, Duration.ofSeconds(1));
        assertThat(connect.events(50, 2_000.0)).isEqualTo(4 * 50 + 2_000);

        BacklogStage.InFlight bridge = new BacklogStage.InFlight(1, Duration.ofMillis(5));
        assertThat(bridge.events(50, 200.0))
                .as("5 ms of linger at 200/s is one event")
                .isEqualTo(51);

        assertThat(new BacklogStage.InFlight(2, Duration.ZERO).events(100, 16_000.0))
                .as("a sink that commits with each write holds the bursts alone")
                .isEqualTo(200);
    }
}
