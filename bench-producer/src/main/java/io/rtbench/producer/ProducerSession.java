package io.rtbench.producer;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.mixed.ReadCandidates;
import io.rtbench.core.pacing.PacingClock;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.time.EpochClock;
import io.rtbench.producer.destination.KafkaWriterFactory;
import io.rtbench.producer.destination.NullWriterFactory;
import io.rtbench.producer.destination.TargetWriterFactory;
import io.rtbench.producer.destination.WriterFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The producer side of a run: the destination (Kafka, a target, or nowhere), opened and checked once, and the steps
 * that produce into it, each with generators of its own (so that a step's latencies and audit are its own). Used by
 * {@code rtbench produce} (one step) and by the runner (one step per rate).
 */
public final class ProducerSession implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ProducerSession.class);

    private final ProducerSettings settings;
    private final EpochClock clock;
    private final String runId;
    private final ProducerStats stats = new ProducerStats();
    private final WriterFactory writers;
    private final String host = RunEnvironment.detect().host();
    private int generatorsCreated;
    private boolean abandoned;
    /** Workload {@code mixed}: the reads' ledger and the {@code user_id} keyspace; null and 0 otherwise. */
    private ReadCandidates reads;

    private long users;

    /** Held while announcing, so that no heartbeat of a generator follows its final announcement. */
    private final Object announcing = new Object();
    /**
     * The generators of the step in progress, announced again every heartbeat; empty between steps. Emptied without
     * the lock when a step is given up: a heartbeat may be stuck in a send to a broker that is gone.
     */
    private volatile List<GeneratorLoop> announced = List.of();

    /** Repeats the announcements while a step runs (Kafka destinations only); null otherwise. */
    private final ScheduledExecutorService heartbeats;

    /** Opens the destination; fails with one clear line when Kafka or the target cannot be reached. */
    public ProducerSession(ProducerSettings settings, EpochClock clock, String runId) {
        this(settings, clock, runId, GeneratorAnnouncement.HEARTBEAT);
    }

    /** As above, with the announcements repeated every {@code heartbeat} (shorter in tests). */
    ProducerSession(ProducerSettings settings, EpochClock clock, String runId, Duration heartbeat) {
        this.settings = settings;
        this.clock = clock;
        this.runId = runId;
        this.writers = writersFor(settings.destination(), stats);
        if (writers instanceof KafkaWriterFactory) {
            heartbeats = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-announcements"));
            long periodMs = heartbeat.toMillis();
            heartbeats.scheduleAtFixedRate(this::heartbeat, periodMs, periodMs, TimeUnit.MILLISECONDS);
        } else {
            heartbeats = null;
        }
    }

    private static WriterFactory writersFor(Destination destination, ProducerStats stats) {
        if (destination instanceof KafkaDestination kafka) {
            KafkaPreflight.prepare(kafka);
            return new KafkaWriterFactory(kafka, stats);
        }
        if (destination instanceof Destination.Direct direct) {
            return new TargetWriterFactory(direct.target(), stats);
        }
        return new NullWriterFactory(stats);
    }

    /**
     * New generators for a step, announced to evaluators. Each generator gets the next content seed (seed + n): the
     * generators of a run write different contents, and the run stays reproducible.
     */
    public ProducerStep newStep(int generators) {
        List<GeneratorLoop> loops = new ArrayList<>();
        GeneratorSettings base = settings.generator();
        for (int i = 0; i < generators; i++) {
            GeneratorSettings own =
                    new GeneratorSettings(base.contentSeed() + generatorsCreated++, base.docSizeBytes());
            Optional<DmlSettings> dml = settings.dml();
            EventGenerator generator = dml.isPresent()
                    ? EventGenerator.forChanges(own, EventGenerator.randomGeneratorId())
                    : reads != null
                            ? EventGenerator.forUsers(own, EventGenerator.randomGeneratorId(), users)
                            : new EventGenerator(own, EventGenerator.randomGeneratorId());
            GeneratorAnnouncement announcement =
                    new GeneratorAnnouncement(generator.generatorId(), topic(), host, runId, clock.epochMicros(), null);
            // The choice of ops and rows has its own random stream, seeded like the contents: reproducible per --seed.
            ChangeGenerator changes = dml.map(
                            shares -> new ChangeGenerator(generator, shares, own.contentSeed() * 0x9E3779B97F4A7C15L))
                    .orElse(null);
            loops.add(new GeneratorLoop(
                    generator,
                    changes,
                    announcement,
                    writers.forGenerator(generator.generatorId()),
                    clock,
                    PacingClock.SYSTEM,
                    stats));
            if (reads != null) {
                loops.get(loops.size() - 1).feed(reads);
            }
        }
        ProducerStep step = new ProducerStep(loops, settings.generator().docSizeBytes(), PacingClock.SYSTEM);
        announce(loops, false);
        return step;
    }

    /**
     * Workload {@code mixed}: the generators of later steps give each document a {@code user_id} of {@code users} and
     * offer a sample of their events to {@code candidates} (docs/MEASUREMENT.md, "Reads under write load").
     */
    public void feedReads(ReadCandidates candidates, long userKeyspace) {
        this.reads = candidates;
        this.users = userKeyspace;
    }

    /**
     * Tells evaluators about generators ({@code --generators-from-topic}): at their start (and again every heartbeat
     * while they run), and at their end with the number of events each produced, for the audit.
     */
    void announce(List<GeneratorLoop> loops, boolean finished) {
        synchronized (announcing) {
            announced = finished ? List.of() : loops;
            publish(loops, finished);
        }
        if (finished && writers instanceof KafkaWriterFactory) {
            writers.flush();
        }
    }

    private void publish(List<GeneratorLoop> loops, boolean finished) {
        if (writers instanceof KafkaWriterFactory kafka) {
            for (GeneratorLoop loop : loops) {
                GeneratorAnnouncement announcement =
                        finished ? loop.announcement().finished(loop.producedEvents()) : loop.announcement();
                kafka.publish(settings.kafka().announceTopic(), announcement.key(), announcement.toJson());
            }
        }
    }

    /** The running generators' sign of life (see {@link GeneratorAnnouncement#HEARTBEAT}). */
    private void heartbeat() {
        synchronized (announcing) {
            try {
                publish(announced, false);
            } catch (RuntimeException e) { // the client closed under it; the next step or close() says more
                LOG.warn("could not repeat the generators' announcements", e);
            }
        }
    }

    /** No more heartbeats: the step failed, and has no final announcement. */
    private void stopAnnouncing() {
        announced = List.of();
    }

    /** No more heartbeats: the session is over. */
    private void endHeartbeats() {
        stopAnnouncing();
        if (heartbeats != null) {
            heartbeats.shutdownNow();
        }
    }

    /**
     * Ends a step: waits for every acknowledgement and announces the generators' final counts. After a failure it does
     * neither, since the destination may be gone: it drops what is still in flight, which is counted as failed.
     */
    public void finish(ProducerStep step) {
        if (stats.hasFailed()) {
            stopAnnouncing();
            writers.abort();
            return;
        }
        writers.flush();
        announce(step.loops(), true);
    }

    /**
     * Ends the session early, without waiting for the destination: what is still in flight is dropped and counted as
     * failed (a run that ends on Ctrl-C, or because another part of it failed).
     */
    public void abandon() {
        abandoned = true;
        endHeartbeats();
        writers.abort();
    }

    /** Waits until every event sent so far is acknowledged (or failed). */
    public void flush() {
        writers.flush();
    }

    public ProducerStats stats() {
        return stats;
    }

    public ProducerSettings settings() {
        return settings;
    }

    /** {@code kafka}, {@code null} or the target kind, as the result file names the target. */
    public String targetName() {
        return writers.targetName();
    }

    /** The version of the destination (Kafka client or target server), or null. */
    public String version() {
        return writers.version();
    }

    private String topic() {
        return settings.kafka() != null ? settings.kafka().topic() : null;
    }

    @Override
    public void close() {
        endHeartbeats();
        if (abandoned) {
            return;
        }
        if (stats.hasFailed()) {
            writers.abort();
        } else {
            writers.close();
        }
    }
}
