package io.rtbench.producer;

import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.mixed.ReadCandidates;
import io.rtbench.core.pacing.Pacer;
import io.rtbench.core.pacing.PacingClock;
import io.rtbench.core.time.EpochClock;
import io.rtbench.producer.destination.DestinationWriter;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One generator thread's hot loop: wait for the burst's intended time, generate each event (stamped with the wall
 * clock as it is created) and hand it to the writer. No allocation here: every event is written into the same array,
 * which the writer copies if it keeps it (see {@link DestinationWriter#add}); the writer adds what its destination's client
 * needs. Both clocks are injected, the wall clock that stamps events and the monotonic one that paces them, so that
 * the loop's timing is testable without sleeping.
 */
final class GeneratorLoop {

    private final EventGenerator generator;
    /** Workload {@code dml}: the changes, written through {@link #generator}; null for workload {@code ingest}. */
    private final ChangeGenerator changes;

    private final GeneratorAnnouncement announcement;
    private final DestinationWriter writer;
    private final EpochClock clock;
    private final PacingClock pacingClock;
    private final ProducerStats stats;
    private final DocSizeStats docSizes = new DocSizeStats();
    private volatile long lastEventTimeMicros = -1;
    /** Workload {@code mixed}: where a sample of the events goes for the reads; null otherwise. */
    private ReadCandidates reads;

    private int untilOffer;

    GeneratorLoop(
            EventGenerator generator,
            GeneratorAnnouncement announcement,
            DestinationWriter writer,
            EpochClock clock,
            PacingClock pacingClock,
            ProducerStats stats) {
        this(generator, null, announcement, writer, clock, pacingClock, stats);
    }

    GeneratorLoop(
            EventGenerator generator,
            ChangeGenerator changes,
            GeneratorAnnouncement announcement,
            DestinationWriter writer,
            EpochClock clock,
            PacingClock pacingClock,
            ProducerStats stats) {
        this.generator = generator;
        this.changes = changes;
        this.announcement = announcement;
        this.writer = writer;
        this.clock = clock;
        this.pacingClock = pacingClock;
        this.stats = stats;
    }

    /**
     * One generator's part of a phase.
     *
     * @param lengthNanos how long its part lasted from its schedule's start (so that the phase shift between
     *     generators does not count): paced, to the end of its last burst's slot, at most the phase's end time, or to
     *     when it stopped if that was later (it fell behind, or its last burst ran past the end); unpaced, to when it
     *     stopped
     * @param eventsDue events its schedule had due before it stopped (at most its share of an event count)
     * @param eventsBehind of those, the events it had not sent
     * @param lagNanos how late its first unsent burst was when it stopped; 0 when on schedule
     */
    record Share(long lengthNanos, long eventsDue, long eventsBehind, long lagNanos) {}

    /**
     * Produces bursts until {@code maxEvents} (0 = no limit), {@code endNanos}, a stop request or the first failed
     * event. The end time is kept on the clock, whatever the schedule says: a generator that cannot keep up with its
     * rate stops there, behind, instead of working through the rest of its schedule.
     */
    Share run(Pacer pacer, int batchSize, long maxEvents, long endNanos, boolean measured, AtomicBoolean stop) {
        long produced = 0;
        while (!stop.get() && !stats.hasFailed() && (maxEvents == 0 || produced < maxEvents)) {
            if (pacingClock.nanoTime() - endNanos >= 0
                    || (!pacer.unpaced() && pacer.intendedNanos(pacer.bursts()) - endNanos >= 0)) {
                break;
            }
            long intended = pacer.awaitNextBurst();
            int events = (int) (maxEvents == 0 ? batchSize : Math.min(batchSize, maxEvents - produced));
            if (measured) {
                // The pacer's own accuracy: when the burst starts against when it was due. Time spent inside the
                // burst shows in produceAck, which is also measured from the intended time.
                stats.scheduleDelay().recordMicros((pacingClock.nanoTime() - intended) / 1_000, events);
            }
            long bytes = 0;
            long lastStamped = -1;
            writer.beginBurst(intended, measured);
            for (int i = 0; i < events; i++) {
                if (stats.hasFailed()) {
                    // A failed send has already waited for the destination (Kafka: max.block.ms); do not wait again
                    // for each event of the burst.
                    events = i;
                    break;
                }
                long seq = generator.nextSeq();
                long eventTimeMicros = clock.epochMicros();
                byte[] json;
                if (changes == null) {
                    json = generator.nextTransient(eventTimeMicros);
                    writer.add(json, seq, eventTimeMicros);
                    if (reads != null && --untilOffer <= 0) {
                        untilOffer = reads.stride();
                        reads.offer(
                                generator.lastIdMsb(), generator.lastIdLsb(), generator.lastUserId(), eventTimeMicros);
                    }
                } else {
                    json = changes.nextTransient(eventTimeMicros);
                    writer.add(json, seq, eventTimeMicros, changes.lastOp(), changes.lastVersion());
                }
                lastStamped = eventTimeMicros;
                bytes += json.length;
                if (measured) {
                    docSizes.record(json.length);
                }
            }
            writer.endBurst();
            if (events > 0) {
                lastEventTimeMicros = lastStamped;
            }
            if (measured) {
                stats.sent(events, bytes);
            }
            produced += events;
        }
        return share(pacer, batchSize, maxEvents, endNanos, produced);
    }

    private Share share(Pacer pacer, int batchSize, long maxEvents, long endNanos, long produced) {
        long now = pacingClock.nanoTime();
        long scheduleStart = pacer.intendedNanos(0);
        if (pacer.unpaced()) {
            return new Share(now - scheduleStart, 0, 0, 0);
        }
        long next = pacer.intendedNanos(pacer.bursts());
        long scheduleEnd = next - endNanos < 0 ? next : endNanos;
        long length = (now - scheduleEnd > 0 ? now : scheduleEnd) - scheduleStart;
        long dueBursts = pacer.burstsDueBy(now - endNanos < 0 ? now : endNanos);
        long due = dueBursts > Long.MAX_VALUE / batchSize ? Long.MAX_VALUE : dueBursts * batchSize;
        if (maxEvents > 0) {
            due = Math.min(due, maxEvents);
        }
        long behind = Math.max(0, due - produced);
        return new Share(length, due, behind, behind > 0 ? Math.max(0, now - next) : 0);
    }

    /** Workload {@code mixed}: offers every {@link ReadCandidates#stride()}-th event to the reads. */
    void feed(ReadCandidates candidates) {
        this.reads = candidates;
    }

    long generatorId() {
        return generator.generatorId();
    }

    /** Workload {@code dml}: what this generator changed; null for workload {@code ingest}. */
    ChangeHistory changes() {
        return changes == null ? null : changes.history();
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
