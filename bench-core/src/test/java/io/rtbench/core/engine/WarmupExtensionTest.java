package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WarmupExtensionTest {

    private final AtomicLong nanos = new AtomicLong();
    private final List<Long> backlogsThatAskedForMore = new ArrayList<>();

    /** A warmup of 3 s at 1,000 events/s, on a fake clock that each slice moves by one second. */
    private int extend(Long... backlogs) throws Exception {
        Deque<Long> lags = new ArrayDeque<>(List.of(backlogs));
        return new WarmupExtension(Duration.ofSeconds(3), 1_000, nanos::get).run(lags::pop, lag -> {
            backlogsThatAskedForMore.add(lag);
            nanos.addAndGet(WarmupExtension.SLICE.toNanos());
            return true;
        });
    }

    @Test
    void aSinkThatKeepsUpGetsNoExtraWarmup() throws Exception {
        assertThat(extend(1_000L)).isZero();
        assertThat(backlogsThatAskedForMore).isEmpty();
    }

    @Test
    void aSinkBehindGetsMoreUntilItIsWithinASecondOfEvents() throws Exception {
        assertThat(extend(9_000L, 4_000L, 800L)).isEqualTo(2);
        assertThat(backlogsThatAskedForMore).containsExactly(9_000L, 4_000L);
    }

    @Test
    void neverMoreThanTheWarmupAgain() throws Exception {
        assertThat(extend(9_000L, 9_000L, 9_000L, 9_000L, 9_000L)).isEqualTo(3);
    }

    @Test
    void aStoppedRunStopsWarmingUp() throws Exception {
        Deque<Long> lags = new ArrayDeque<>(List.of(9_000L, 9_000L));
        int slices = new WarmupExtension(Duration.ofSeconds(3), 1_000, nanos::get).run(lags::pop, lag -> false);
        assertThat(slices).isEqualTo(1);
    }
}
