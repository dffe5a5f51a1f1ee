package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.pacing.Pacer;
import io.rtbench.core.testkit.FakeClock;
import io.rtbench.core.time.EpochClock;
import io.rtbench.producer.destination.DestinationWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class GeneratorLoopTest {

    private static final long GENERATOR_ID = 4242;

    private final FakeClock pacingClock = new FakeClock(1_000_000_000L);

    /** A wall clock that advances one microsecond per reading, from a 16-digit start. */
    private static FakeClock steppingClock() {
        return FakeClock.atEpochMicros(1_763_800_000_000_000L).steppingPerReading(Duration.ofNanos(1_000));
    }

    /** Keeps a copy of every document, as a writer that outlives {@code add} must. */
    private static final class RecordingWriter implements DestinationWriter {
        final List<Integer> burstSizes = new ArrayList<>();
        final List<Event> events = new ArrayList<>();
        final List<Long> announcedTimes = new ArrayList<>();
        final List<Long> announcedSeqs = new ArrayList<>();
        final AtomicBoolean stop = new AtomicBoolean();
        int stopAfterEvents = Integer.MAX_VALUE;
        /** Reports the n-th event failed, as Kafka's callback does when a send gives up. */
        int failAtEvent = Integer.MAX_VALUE;

        ProducerStats stats;
        int inBurst = -1;

        @Override
        public void beginBurst(long intendedNanos, boolean measured) {
            assertThat(inBurst).as("bursts do not nest").isEqualTo(-1);
            inBurst = 0;
        }

        @Override
        public void add(byte[] json, long seq, long eventTimeMicros) {
            events.add(Event.parse(json.clone()));
            announcedSeqs.add(seq);
            announcedTimes.add(eventTimeMicros);
            inBurst++;
            if (events.size() == stopAfterEvents) {
                stop.set(true);
            }
            if (events.size() == failAtEvent) {
                stats.failed(1, "TimeoutException: gone");
            }
        }

        @Override
        public void endBurst() {
            burstSizes.add(inBurst);
            inBurst = -1;
        }
    }

    @Test
    void burstsArriveWholeGapFreeAndStampedOneByOne() {
        int batchSize = 2_500;
        long maxEvents = batchSize * 2L + 700;
        RecordingWriter writer = new RecordingWriter();
        FakeClock clock = steppingClock();
        GeneratorLoop loop = loop(writer, clock);

        loop.run(unpaced(batchSize), batchSize, maxEvents, Long.MAX_VALUE, true, new AtomicBoolean());

        assertThat(writer.burstSizes).containsExactly(batchSize, batchSize, 700);
        assertThat(writer.events).hasSize((int) maxEvents);
        long previousTime = 0;
        for (int i = 0; i < writer.events.size(); i++) {
            Event event = writer.events.get(i);
            assertThat(event.seq()).isEqualTo(i);
            assertThat(writer.announcedSeqs.get(i)).isEqualTo(i);
            assertThat(event.generatorId()).isEqualTo(GENERATOR_ID);
            // The time in the document is the one the writer is told, and it is later than the one before it: each
            // event is stamped as it is created, not once per burst.
            assertThat(event.eventTimeMicros()).isEqualTo(writer.announcedTimes.get(i));
            assertThat(event.eventTimeMicros()).isGreaterThan(previousTime);
            previousTime = event.eventTimeMicros();
        }
        assertThat(loop.producedEvents()).isEqualTo(maxEvents);
        assertThat(loop.lastEventTimeMicros()).isEqualTo(previousTime);
        assertThat(loop.docSizes().count()).isEqualTo(maxEvents);
    }

    @Test
    void aStopRequestEndsTheRunBetweenBursts() {
        RecordingWriter writer = new RecordingWriter();
        writer.stopAfterEvents = 120;
        GeneratorLoop loop = loop(writer, steppingClock());

        loop.run(unpaced(50), 50, 0, Long.MAX_VALUE, false, writer.stop);

        assertThat(writer.burstSizes).containsExactly(50, 50, 50);
        assertThat(loop.producedEvents()).isEqualTo(150);
        assertThat(writer.events).extracting(Event::seq).doesNotHaveDuplicates().hasSize(150);
    }

    @Test
    void aFailedEventEndsTheRunWithinItsBurst() {
        RecordingWriter writer = new RecordingWriter();
        writer.failAtEvent = 120;
        writer.stats = new ProducerStats();
        GeneratorLoop loop = loop(writer, steppingClock(), writer.stats);

        loop.run(unpaced(50), 50, 0, Long.MAX_VALUE, true, writer.stop);

        // Not one more send after the failure: each would wait for the destination again.
        assertThat(writer.burstSizes).containsExactly(50, 50, 20);
        assertThat(loop.producedEvents()).isEqualTo(120);
        assertThat(loop.lastEventTimeMicros()).isEqualTo(writer.announcedTimes.get(119));
        assertThat(writer.stats.sentEvents()).isEqualTo(120);
        assertThat(writer.stats.failureSummary())
                .isEqualTo("1 events were not acknowledged; first reason: " + "TimeoutException: gone");
    }

    private GeneratorLoop loop(DestinationWriter writer, EpochClock clock) {
        return loop(writer, clock, new ProducerStats());
    }

    private GeneratorLoop loop(DestinationWriter writer, EpochClock clock, ProducerStats stats) {
        EventGenerator generator = new EventGenerator(new GeneratorSettings(1, 1250), GENERATOR_ID);
        return new GeneratorLoop(generator, null, writer, clock, pacingClock, stats);
    }

    private Pacer unpaced(int batchSize) {
        return new Pacer(pacingClock, Double.POSITIVE_INFINITY, batchSize, pacingClock.nanoTime());
    }
}
