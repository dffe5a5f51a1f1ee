package io.rtbench.connectors.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class GroupLagTest {

    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);
    private static final TopicPartition P2 = new TopicPartition("t", 2);

    @Test
    void aCommittedPartitionCountsFromItsOffsetAnUncommittedOneFromItsBeginning() {
        GroupLag lag = GroupLag.of(
                List.of(P0, P1),
                Map.of(P0, new OffsetAndMetadata(70)),
                Map.of(P0, 0L, P1, 30L),
                Map.of(P0, 100L, P1, 50L));

        assertThat(lag.behind()).containsExactlyInAnyOrderEntriesOf(Map.of(P0, 30L, P1, 20L));
        assertThat(lag.total()).isEqualTo(50);
        assertThat(lag.toEnd())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(P0, new OffsetAndMetadata(100), P1, new OffsetAndMetadata(50)));
    }

    @Test
    void aGroupAtOrBeyondTheEndIsNotBehindAndNotMoved() {
        GroupLag lag = GroupLag.of(
                List.of(P0, P1, P2),
                Map.of(P0, new OffsetAndMetadata(100), P1, new OffsetAndMetadata(60)),
                Map.of(P0, 0L, P1, 0L, P2, 7L),
                Map.of(P0, 100L, P1, 50L, P2, 7L));

        assertThat(lag.behind()).containsExactlyInAnyOrderEntriesOf(Map.of(P0, 0L, P1, 0L, P2, 0L));
        assertThat(lag.total()).isZero();
        assertThat(lag.toEnd()).isEmpty();
    }

    @Test
    void offsetsOfOtherTopicsTheGroupReadsAreNotCounted() {
        GroupLag lag = GroupLag.of(
                List.of(P0),
                Map.of(new TopicPartition("other", 0), new OffsetAndMetadata(1)),
                Map.of(P0, 5L),
                Map.of(P0, 9L));

        assertThat(lag.total()).isEqualTo(4);
        assertThat(lag.toEnd()).containsExactly(Map.entry(P0, new OffsetAndMetadata(9)));
    }
}
