package io.rtbench.producer;

import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.pacing.Pacer;
import io.rtbench.core.time.EpochClock;
import io.rtbench.producer.sink.EventSink;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One generator thread's hot loop: wait for the burst's intended time, generate each event (stamped with the wall
 * clock as it is created) and hand it to the sink. No allocation here: every event is written into the same array,
 * which the sink copies if it keeps it (see {@link EventSink#add}); the sink adds what its destination's client
 * needs.
 */
final class GeneratorLoop {

    private final EventGenerator generator;
    private final GeneratorAnnouncement announcement;
    private final EventSink sink;
    private final EpochClock clock;
    private final ProducerStats stats;
    private final DocSizeStats docSizes = new DocSizeStats();
    private volatile long lastEventTimeMicros = -1;

    GeneratorLoop(
            EventGenerator generator,
            GeneratorAnnouncement announcement,
            EventSink sink,
            EpochClock clock,
            ProducerStats stats) {
        this.generator = generator;
        this.announcement = announcement;
        this.sink = sink;
        this.clock = clock;
        this.stats = stats;
    }

    /**
     * Produces bursts until {@code maxEvents} (0 = no limit), {@code endNanos}, a stop request or the first failed
     * event.
     *
     * @return how long this generator's share of the step lasted, in nanoseconds: for a paced run the length of its
     *     schedule up to the end of its last burst's slot (so that neither the last slot's idle tail nor the phase
     *     shift between generators skews the achieved rate); for an unpaced run, the time until it stopped
     */
    long run(Pacer pacer, int batchSize, long maxEvents, long endNanos, boolean measured, AtomicBoolean stop) {
        long startedNanos = System.nanoTime();
        long produced = 0;
        while (!stop.get() && !stats.hasFailed() && (maxEvents == 0 || produced < maxEvents)) {
            long due = pacer.unpaced() ? System.nanoTime() : pacer.intendedNanos(pacer.bursts());
            if (due - endNanos >= 0) {
                break;
            }
            long intended = pacer.awaitNextBurst();
            int events = (int) (maxEvents == 0 ? batchSize : Math.min(batchSize, maxEvents - produced));
            if (measured) {
                // The pacer's own accuracy: when the burst starts against when it was due. Time spent inside the
                // burst shows in produceAck, which is also measured from the intended time.
                stats.scheduleDelay().recordMicros((System.nanoTime() - intended) / 1_000, events);
            }
            long bytes = 0;
            long lastStamped = -1;
            sink.beginBurst(intended, measured);
            for (int i = 0; i < events; i++) {
                if (stats.hasFailed()) {
                    // A failed send has already waited for the destination (Kafka: max.block.ms); do not wait again
                    // for each event of the burst.
                    events = i;
                    break;
                }
                long seq = generator.nextSeq();
                long eventTimeMicros = clock.epochMicros();
                byte[] json = generator.nextTransient(eventTimeMicros);
                lastStamped = eventTimeMicros;
                bytes += json.length;
                if (measured) {
                    docSizes.record(json.length);
                }
                sink.add(json, seq, eventTimeMicros);
            }
            sink.endBurst();
            if (events > 0) {
                lastEventTimeMicros = lastStamped;
            }
            if (measured) {
                stats.sent(events, bytes);
            }
            produced += events;
        }
        return pacer.unpaced()
                ? System.nanoTime() - startedNanos
                : pacer.intendedNanos(pacer.bursts()) - pacer.intendedNanos(0);
    }

    long generatorId() {
        return generator.generatorId();
    }

    GeneratorAnnouncement announcement() {
        return announcement;
    }

    /** The {@code _event_time} of the newest event produced, or -1. */
    long lastEventTimeMicros() {
        return lastEventTimeMicros;
    }

    /** Events this generator has produced so far, prefill included: {@code _seq} 0 … n−1. */
    long producedEvents() {
        return generator.nextSeq();
    }

    DocSizeStats docSizes() {
        return docSizes;
    }
}
