package io.rtbench.producer.destination;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.Op;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.WriteResult;
import io.rtbench.producer.ProducerStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Direct mode (RockBench's shape, no Kafka): each burst is one call of the target's write API, handed to a writer
 * thread so that the generator keeps its schedule while the database works; each generator has up to
 * {@code writesInFlight} writes in flight and waits for one to finish when it has that many (then the delay shows in
 * its {@code scheduleDelay}, and {@code produceAck} is measured from the burst's intended time either way). The
 * difference to {@code kafka-bridge} at the same rate is the cost of the streaming hop.
 */
public final class TargetWriterFactory implements WriterFactory {

    /** Writes in flight per generator, as the bridge's default per consumer (docs/BENCHMARKS.md). */
    public static final int DEFAULT_WRITES_IN_FLIGHT = 4;

    private static final Logger LOG = LoggerFactory.getLogger(TargetWriterFactory.class);

    private final ProducerStats stats;
    private final Target target;
    private final String kind;
    private final int writesInFlight;
    private final ExecutorService writers;
    private final Pending pending = new Pending();

    public TargetWriterFactory(TargetConfig config, ProducerStats stats) {
        this(Targets.open(config), config.kind(), stats, DEFAULT_WRITES_IN_FLIGHT);
    }

    /** Writes to an open target (closed by {@link #close()}); for tests. */
    TargetWriterFactory(Target target, String kind, ProducerStats stats, int writesInFlight) {
        if (writesInFlight < 1) {
            throw new IllegalArgumentException("writes in flight must be at least 1, got " + writesInFlight);
        }
        this.stats = stats;
        this.kind = kind;
        this.target = target;
        this.writesInFlight = writesInFlight;
        try {
            target.ensureCollection();
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
        // At most generators × writesInFlight threads: each generator's semaphore bounds its own.
        this.writers = Executors.newCachedThreadPool(DaemonThreads.numbered("rtbench-direct-writer"));
    }

    @Override
    public DestinationWriter forGenerator(long generatorId) {
        return new TargetWriter(generatorId);
    }

    /** Waits until every write handed to a writer has finished. */
    @Override
    public void flush() {
        pending.awaitNone();
    }

    @Override
    public String targetName() {
        return kind;
    }

    @Override
    public String version() {
        return target.serverVersion();
    }

    @Override
    public void close() {
        writers.shutdown();
        try {
            if (!writers.awaitTermination(30, TimeUnit.SECONDS)) {
                writers.shutdownNow();
            }
        } catch (InterruptedException e) {
            writers.shutdownNow();
            Thread.currentThread().interrupt();
        }
        target.close();
    }

    /** Interrupts the writes in flight (the driver reports each as failed, so it is counted) and closes the target. */
    @Override
    public void abort() {
        writers.shutdownNow();
        target.close();
    }

    private final class TargetWriter implements DestinationWriter {
        private final long generatorId;
        private final Semaphore slots = new Semaphore(writesInFlight);
        private final List<Event> batch = new ArrayList<>();
        private long intendedNanos;
        private boolean measured;

        TargetWriter(long generatorId) {
            this.generatorId = generatorId;
        }

        @Override
        public void beginBurst(long intendedNanos, boolean measured) {
            this.intendedNanos = intendedNanos;
            this.measured = measured;
            batch.clear();
        }

        @Override
        public void add(byte[] json, long seq, long eventTimeMicros) {
            batch.add(new Event(json.clone(), generatorId, seq, eventTimeMicros));
        }

        @Override
        public void add(byte[] json, long seq, long eventTimeMicros, Op op, long version) {
            batch.add(new Event(json.clone(), generatorId, seq, eventTimeMicros, op, version));
        }

        @Override
        public void endBurst() {
            if (batch.isEmpty()) {
                return; // a burst cut short before its first event (another generator failed): nothing to write
            }
            EventBatch events = new EventBatch(batch); // a copy: the list is reused by the next burst
            long intended = intendedNanos;
            boolean measuredBurst = measured;
            try {
                slots.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stats.failed(events.size(), "interrupted while waiting to write to " + kind);
                return;
            }
            pending.add();
            try {
                writers.execute(() -> {
                    try {
                        write(events, intended, measuredBurst);
                    } finally {
                        slots.release();
                        pending.done();
                    }
                });
            } catch (RejectedExecutionException e) {
                slots.release();
                pending.done();
                stats.failed(events.size(), "the run is stopping: " + kind + " write not started");
            }
        }

        private void write(EventBatch events, long intended, boolean measuredBurst) {
            long startNanos = System.nanoTime();
            try {
                WriteResult result = target.write(events);
                long endNanos = System.nanoTime();
                int failed = result.failures().size();
                if (failed > 0) {
                    stats.failed(failed, result.failures().get(0).reason());
                }
                stats.acked(result.written(), events.bytes() * result.written() / events.size(), measuredBurst);
                if (measuredBurst) {
                    stats.sinkWrite().recordMicros((endNanos - startNanos) / 1_000);
                    stats.produceAck().recordMicros((endNanos - intended) / 1_000, result.written());
                }
            } catch (TargetException e) {
                LOG.warn("write of {} events to {} failed", events.size(), kind, e);
                stats.failed(events.size(), e.getMessage());
            }
        }
    }

    /** Writes handed to a writer and not finished yet, across generators, for {@link #flush()}. */
    private static final class Pending {
        private int count;

        synchronized void add() {
            count++;
        }

        synchronized void done() {
            count--;
            if (count == 0) {
                notifyAll();
            }
        }

        synchronized void awaitNone() {
            while (count > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
