package io.rtbench.connectors.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GeneratorStateTest {

    @Test
    void agreesWithABruteForceAnswerForEventsInAnyOrder() {
        SplittableRandom random = new SplittableRandom(7);
        GeneratorState state = new GeneratorState(1);
        List<long[]> written = new ArrayList<>();
        long now = 0;
        for (int step = 0; step < 5_000; step++) {
            now += random.nextInt(100);
            if (random.nextInt(3) > 0) {
                long visibleAt = now + random.nextInt(1_000);
                long eventTime = random.nextLong(1_000_000);
                state.add(visibleAt, eventTime, now);
                written.add(new long[] {visibleAt, eventTime});
            } else {
                assertThat(state.newestVisible(now)).isEqualTo(bruteForce(written, now));
            }
        }
    }

    private static OptionalLong bruteForce(List<long[]> written, long now) {
        return written.stream()
                .filter(event -> event[0] <= now)
                .mapToLong(event -> event[1])
                .max();
    }
}
