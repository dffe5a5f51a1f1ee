package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The status line's live rate, on a clock the test moves. */
class TickerTest {

    private final AtomicLong nowNanos = new AtomicLong(1_000_000_000L);
    private final AtomicLong moved = new AtomicLong();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private final Stage producer = new Stage() {
        @Override
        public String name() {
            return "producer";
        }

        @Override
        public OptionalLong movedEvents() {
            return OptionalLong.of(moved.get());
        }
    };

    private Ticker ticker() {
        return new Ticker(
                "step 1",
                60L,
                500,
                new Stages(List.of(producer)),
                null,
                null,
                List.of(),
                List.of(),
                new StatusLine(new PrintStream(out, true, StandardCharsets.UTF_8), false),
                nowNanos::get);
    }

    private String lastLine() {
        String[] lines = out.toString(StandardCharsets.UTF_8).strip().split("\n");
        return lines[lines.length - 1];
    }

    @Test
    void aRateIsEventsOverTheSecondsBetweenTicks() {
        try (Ticker ticker = ticker()) {
            moved.set(100);
            ticker.tick(); // the first count: no interval yet
            nowNanos.addAndGet(2_000_000_000L);
            moved.addAndGet(1_000);
            ticker.tick();
            assertThat(lastLine()).contains("500/500 ev/s");
        }
    }

    @Test
    void aTickSoonAfterTheLastShowsNoRateAndItsEventsCountInTheNext() {
        try (Ticker ticker = ticker()) {
            ticker.tick();
            nowNanos.addAndGet(1_000_000_000L);
            moved.addAndGet(500);
            ticker.tick();
            assertThat(lastLine()).contains("500/500 ev/s");

            // a worker's last second arrives 0.2 s after the tick: 450 events over 0.2 s is not 2,250/s
            nowNanos.addAndGet(200_000_000L);
            moved.addAndGet(450);
            ticker.tick();
            assertThat(lastLine()).doesNotContain("ev/s");

            nowNanos.addAndGet(800_000_000L);
            moved.addAndGet(50);
            ticker.tick();
            assertThat(lastLine()).contains("500/500 ev/s");
        }
    }

    @Test
    void pastItsTimeThePhaseIsEndingAndShowsNoRate() {
        try (Ticker ticker = ticker()) {
            ticker.tick();
            nowNanos.addAndGet(60_000_000_000L);
            moved.addAndGet(30_000);
            ticker.tick();
            assertThat(lastLine()).isEqualTo("step 1  0s left  500/500 ev/s");

            // a stage slow to end its phase (Kafka Connect's metrics): the producer has stopped
            nowNanos.addAndGet(1_000_000_000L);
            ticker.tick();
            assertThat(lastLine()).isEqualTo("step 1  ending the phase");
        }
    }
}
