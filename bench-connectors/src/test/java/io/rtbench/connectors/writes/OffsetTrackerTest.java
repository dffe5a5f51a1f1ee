package io.rtbench.connectors.writes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class OffsetTrackerTest {

    private static final TopicPartition P0 = new TopicPartition("events", 0);
    private static final TopicPartition P1 = new TopicPartition("events", 1);

    private final OffsetTracker tracker = new OffsetTracker();

    @Test
    void aLaterBatchAcknowledgedFirstWaitsForTheEarlierOne() {
        OffsetTracker.Batch first = tracker.register(Map.of(P0, 500L));
        OffsetTracker.Batch second = tracker.register(Map.of(P0, 1_000L));

        tracker.acknowledge(second);
        assertThat(tracker.acknowledged()).isEmpty();
        assertThat(tracker.takeAdvanced()).isEmpty();
        assertThat(tracker.hasPending()).isTrue();

        tracker.acknowledge(first);
        assertThat(tracker.acknowledged()).isEqualTo(Map.of(P0, new OffsetAndMetadata(1_000)));
        assertThat(tracker.takeAdvanced()).isEqualTo(Map.of(P0, new OffsetAndMetadata(1_000)));
        assertThat(tracker.takeAdvanced()).as("taken once").isEmpty();
        assertThat(tracker.hasPending()).isFalse();
    }

    @Test
    void aBatchNeverAcknowledgedHoldsBackOnlyItsOwnPartitions() {
        OffsetTracker.Batch both = tracker.register(Map.of(P0, 10L, P1, 20L));
        OffsetTracker.Batch stuck = tracker.register(Map.of(P0, 30L));
        OffsetTracker.Batch laterP0 = tracker.register(Map.of(P0, 40L));
        OffsetTracker.Batch laterP1 = tracker.register(Map.of(P1, 50L));

        tracker.acknowledge(both);
        tracker.acknowledge(laterP0);
        tracker.acknowledge(laterP1);

        assertThat(stuck.isAcknowledged()).isFalse();
        assertThat(tracker.acknowledged())
                .as("P0 stops before the unacknowledged batch, P1 does not wait for it")
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(10), P1, new OffsetAndMetadata(50)));
    }

    @Test
    void forgottenPartitionsAreNeverOfferedAgain() {
        OffsetTracker.Batch first = tracker.register(Map.of(P0, 10L, P1, 10L));
        OffsetTracker.Batch second = tracker.register(Map.of(P0, 20L, P1, 20L));
        tracker.acknowledge(first);

        tracker.forget(List.of(P1));
        tracker.acknowledge(second);

        assertThat(tracker.acknowledged()).isEqualTo(Map.of(P0, new OffsetAndMetadata(20)));
        assertThat(tracker.takeAdvanced()).isEqualTo(Map.of(P0, new OffsetAndMetadata(20)));
    }
}
