package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.metrics.ReadingRecorder;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The status line's live rate, on a clock the test moves; where each take of the intervals goes. */
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

    @Test
    void readingsGoToTheStepsLogUnderTheirTagAndNowhereElse(@TempDir Path dir) throws IOException {
        LatencyRecorder data = new LatencyRecorder(Metrics.DATA);
        ReadingRecorder backlog = new ReadingRecorder(Metrics.BACKLOG);
        Stage sink = new Stage() {
            @Override
            public String name() {
                return "sink";
            }

            @Override
            public List<LatencyRecorder> recorders() {
                return List.of(data);
            }

            @Override
            public List<ReadingRecorder> readings() {
                return List.of(backlog);
            }
        };
        Stages stages = new Stages(List.of(sink));
        List<String> heard = new ArrayList<>();
        Path file = dir.resolve("r.step-1.hlog");
        try (IntervalLog log = new IntervalLog(file, 0);
                Ticker ticker = new Ticker(
                        "step 1",
                        60L,
                        500,
                        stages,
                        log,
                        null,
                        List.of(),
                        List.of((intervals, rate) -> heard.addAll(intervals.keySet())),
                        new StatusLine(new PrintStream(out, true, StandardCharsets.UTF_8), false),
                        nowNanos::get)) {
            data.recordMicros(40_000);
            backlog.record(1_000, 2_345);
            backlog.record(1_900, 2_000); // a late reading: two in one tick, each at its own time
            ticker.tick();
            backlog.record(3_000, 0); // an empty backlog is a reading too
            ticker.tick();
        }

        Map<String, List<String>> logged = new LinkedHashMap<>();
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            for (EncodableHistogram next; (next = reader.nextIntervalHistogram()) != null; ) {
                Histogram interval = (Histogram) next;
                logged.computeIfAbsent(interval.getTag(), tag -> new ArrayList<>())
                        .add(interval.getTotalCount() + " of " + interval.getMaxValue() + " at "
                                + interval.getStartTimeStamp());
            }
        }
        assertThat(logged).containsOnlyKeys(Metrics.DATA, Metrics.BACKLOG);
        assertThat(logged.get(Metrics.BACKLOG))
                .as("each reading in events (2,345 exact to the histogram's 3 digits), at its own time")
                .containsExactly("1 of 2345 at 1000", "1 of 2000 at 1900", "1 of 0 at 3000");
        assertThat(heard)
                .as("the tick listeners (Prometheus) hear latencies only")
                .containsOnly(Metrics.DATA);
        assertThat(lastLine()).doesNotContain("backlog");
        assertThat(stages.totals()).containsOnlyKeys(Metrics.DATA);
    }
}
