package io.rtbench.evaluator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.BenchmarkException;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** What a part's wait for a broker that never answers must do: fail with one line, or end as soon as it is stopped. */
final class UnansweredBroker {

    /** Nothing listens there: the client retries until its timeout. */
    static final String ADDRESS = "127.0.0.1:1";

    private UnansweredBroker() {}

    /** {@code waitTwoSeconds}, a wait with a 2 s connect timeout, fails with one line at the timeout, not much later. */
    static void failsWithOneLineAtTheTimeout(ThrowingCallable waitTwoSeconds) {
        long startNanos = System.nanoTime();
        assertThatThrownBy(waitTwoSeconds)
                .isInstanceOf(BenchmarkException.class)
                .hasMessageStartingWith("cannot reach Kafka at " + ADDRESS + " within 2 s");
        assertThat(Duration.ofNanos(System.nanoTime() - startNanos))
                .isBetween(Duration.ofSeconds(2), Duration.ofSeconds(8));
    }

    /** {@code waitOneMinute}, a wait with a 60 s connect timeout given a stop request, ends soon after a stop at 1 s. */
    static void endsOnAStop(Consumer<BooleanSupplier> waitOneMinute) {
        long stopAtNanos = System.nanoTime() + Duration.ofSeconds(1).toNanos();
        long startNanos = System.nanoTime();
        waitOneMinute.accept(() -> System.nanoTime() > stopAtNanos);
        assertThat(Duration.ofNanos(System.nanoTime() - startNanos))
                .as("a 60 s connect timeout, stopped after 1 s")
                .isLessThan(Duration.ofSeconds(8));
    }
}
