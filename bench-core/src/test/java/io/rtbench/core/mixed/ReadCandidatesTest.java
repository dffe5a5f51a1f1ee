package io.rtbench.core.mixed;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.mixed.ReadCandidates.Candidate;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReadCandidatesTest {

    @Test
    void takesTheOldestEventOnlyOnceItIsOldEnough() {
        ReadCandidates candidates = new ReadCandidates(8);
        candidates.offer(1, 2, 42, 1_000);
        candidates.offer(3, 4, 43, 2_000);

        assertThat(candidates.take(999)).isNull();
        Candidate first = candidates.take(1_500);
        assertThat(first.id()).isEqualTo(new UUID(1, 2).toString());
        assertThat(first.userId()).isEqualTo(42);
        assertThat(first.eventTimeMicros()).isEqualTo(1_000);
        assertThat(candidates.take(1_500)).as("the next is too young").isNull();
        assertThat(candidates.take(2_000).userId()).isEqualTo(43);
        assertThat(candidates.take(Long.MAX_VALUE)).as("each event once").isNull();
    }

    /** Around the ring many times: every accepted event comes back once, in order. */
    @Test
    void wrapsAroundWithoutRepeatingOrLosingAnEvent() {
        ReadCandidates candidates = new ReadCandidates(5);
        Set<String> seen = new HashSet<>();
        long expectedOffer = 0;
        for (long i = 0; i < 1000; i++) {
            assertThat(candidates.offer(i, i, i, i)).isTrue();
            // three reads after every third offer: the ring of five wraps around 200 times
            int takes = i % 3 == 2 ? 3 : 0;
            for (int t = 0; t < takes; t++) {
                Candidate taken = candidates.take(Long.MAX_VALUE);
                assertThat(seen.add(taken.id())).isTrue();
                assertThat(taken.offer()).isEqualTo(expectedOffer++);
            }
        }
        while (candidates.size() > 0) {
            assertThat(seen.add(candidates.take(Long.MAX_VALUE).id())).isTrue();
        }
        assertThat(seen).hasSize(1000);
    }

    /** Full: new offers are refused, so the old ones (about to be read) stay. */
    @Test
    void aFullLedgerRefusesNewOffersAndKeepsTheOldOnes() {
        ReadCandidates candidates = new ReadCandidates(2);
        assertThat(candidates.offer(1, 1, 1, 10)).isTrue();
        assertThat(candidates.offer(2, 2, 2, 20)).isTrue();
        assertThat(candidates.offer(3, 3, 3, 30)).isFalse();
        assertThat(candidates.refused()).isEqualTo(1);
        assertThat(candidates.take(Long.MAX_VALUE).eventTimeMicros()).isEqualTo(10);
    }

    @Test
    void samplesTwiceTheReadRateAndIsSizedForTheReadAge() {
        ReadCandidates candidates = ReadCandidates.sizedFor(200, Duration.ofMinutes(30));
        candidates.sampleFor(8000, 200);
        assertThat(candidates.stride()).isEqualTo(20);
        candidates.sampleFor(100, 200);
        assertThat(candidates.stride()).isEqualTo(1);
        candidates.sampleFor(Double.POSITIVE_INFINITY, 200);
        assertThat(candidates.stride()).isEqualTo(1);
        // 2 × 200/s × (1,800 + 60) s
        for (int i = 0; i < 744_000; i++) {
            assertThat(candidates.offer(i, i, i, i)).isTrue();
        }
        assertThat(candidates.offer(1, 1, 1, 1)).isFalse();
    }
}
