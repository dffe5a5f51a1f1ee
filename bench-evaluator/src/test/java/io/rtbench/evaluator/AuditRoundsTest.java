package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.TargetException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The audit's rounds: a round the target does not answer (a refresh or a scan slower than the target timeout right
 * after a step at its limit) is tried again; only a target that answers none before the timeout fails the audit.
 */
class AuditRoundsTest {

    /** Landed counts, or null for a round that fails; the last one repeats. */
    private static Supplier<Long> rounds(Long... landed) {
        Deque<Long> script = new ArrayDeque<>();
        for (Long round : landed) {
            script.add(round == null ? -1L : round);
        }
        return () -> {
            long next = script.size() > 1 ? script.remove() : script.element();
            if (next < 0) {
                throw new TargetException("opensearch at http://127.0.0.1:9200: audit (refresh) failed: no answer");
            }
            return next;
        };
    }

    private static long settle(Supplier<Long> count, Duration timeout, Duration quiet) throws InterruptedException {
        return AuditRounds.settle(count, n -> n >= 100, n -> n, timeout, quiet);
    }

    @Test
    void roundsTheTargetDoesNotAnswerAreTriedAgain() throws InterruptedException {
        assertThat(settle(rounds(null, null, 40L, null, 100L), Duration.ofSeconds(10), Duration.ofSeconds(5)))
                .isEqualTo(100);
    }

    @Test
    void aFailedRoundAfterACountKeepsThatCountWhenTheTargetStaysQuiet() throws InterruptedException {
        assertThat(settle(rounds(40L, null), Duration.ofSeconds(10), Duration.ofMillis(800)))
                .as("the last count answered; the audit ends after quiet")
                .isEqualTo(40);
    }

    @Test
    void aTargetThatAnswersNoRoundBeforeTheTimeoutFailsTheAuditWithItsReason() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> settle(rounds((Long) null), Duration.ofMillis(700), Duration.ofSeconds(5)))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("audit (refresh) failed");
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isBetween(Duration.ofMillis(700), Duration.ofSeconds(5));
    }
}
