package io.rtbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Operations;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The counts of a step's parts (forks for the engine, hosts for {@code report --merge}) added up. */
class EventCountsTest {

    @Test
    void everyFigureAddsUpWhereEveryPartHasIt() {
        EventCounts a = new EventCounts(1_000, 880L, 0L, 2L, 0L, true, 880L, 0L, 0L, new Operations(880, 100, 20));
        EventCounts b = new EventCounts(1_000, 869L, 1L, 0L, 0L, true, 871L, 0L, 1L, new Operations(871, 109, 20));

        assertThat(EventCounts.total(List.of(a, b)))
                .isEqualTo(new EventCounts(
                        2_000, 1_749L, 1L, 2L, 0L, true, 1_751L, 0L, 1L, new Operations(1_751, 209, 40)));
    }

    @Test
    void aFigureOnePartLacksIsAbsentNotAPartialSum() {
        EventCounts ingest = EventCounts.ofEvents(1_000, 1_000L, 0L, 0L, null, null);
        EventCounts unprobed = EventCounts.ofEvents(1_000, null, null, null, 3L, null);

        EventCounts total = EventCounts.total(List.of(ingest, unprobed));

        assertThat(total.produced()).isEqualTo(2_000);
        assertThat(total.landed()).isNull();
        assertThat(total.failed()).isNull();
        assertThat(total.newestVisible()).as("no part checked").isNull();
        assertThat(total.ids()).isNull();
        assertThat(total.operations()).isNull();
    }

    @Test
    void theNewestEventsWereVisibleOnlyIfEveryPartsProbeSawThem() {
        EventCounts seen = EventCounts.ofEvents(10, 10L, 0L, 0L, 0L, true);
        EventCounts notSeen = EventCounts.ofEvents(10, 10L, 0L, 0L, 0L, false);
        EventCounts unchecked = EventCounts.ofEvents(10, 10L, 0L, 0L, 0L, null);

        assertThat(EventCounts.total(List.of(seen, seen)).newestVisible()).isTrue();
        assertThat(EventCounts.total(List.of(seen, notSeen)).newestVisible()).isFalse();
        assertThat(EventCounts.total(List.of(seen, unchecked)).newestVisible()).isFalse();
    }
}
