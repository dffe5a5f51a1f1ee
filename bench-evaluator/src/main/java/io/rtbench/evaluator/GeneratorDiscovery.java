package io.rtbench.evaluator;

import io.rtbench.cli.support.Defaults;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.KafkaReach;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.event.GeneratorAnnouncement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the generators to probe on the producers' announcement topic ({@code --generators-from-topic}): reads it from
 * the beginning without a consumer group and keeps following it. Only generators of this host are taken (their
 * {@code _event_time} comes from this host's clock, docs/MEASUREMENT.md) unless told otherwise, and only those writing to
 * the given events topic when one is given. A generator that announced its end is reported as finished: probing it
 * further would only measure how long ago the producer stopped. A generator that had ended before the discovery started
 * (the topic keeps every earlier run's announcements) is no part of this evaluation: neither probed nor audited.
 *
 * <p>A producer repeats each running generator's announcement every {@link GeneratorAnnouncement#HEARTBEAT}. One that
 * was killed never announces an end, so a generator unannounced for {@code silentAfter} is taken for gone: it is no
 * longer probed (its newest event would only age) and, having no final count, is not audited. The silence is counted
 * on this host's clock from when an announcement arrived, so a producer host whose clock is off (with {@code
 * --any-host}) is not taken for silent. Only the history read at the start has no arrival to go by: there the record's
 * timestamp (the producer's clock) says how long ago it was announced, and a generator passed over as silent for it is
 * found at its next heartbeat. One that speaks again after its silence is probed again.
 */
final class GeneratorDiscovery implements Stage {

    private static final Logger LOG = LoggerFactory.getLogger(GeneratorDiscovery.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String announceTopic;
    private final String host;
    private final String eventsTopic;
    private final Duration silentAfter;
    private final Listener listener;
    /** Each generator of this evaluation: its latest announcement, when it was sent and when it was heard. */
    private final Map<Long, Seen> latest = new ConcurrentHashMap<>();
    /** The generators of this evaluation that went silent without announcing an end. */
    private final Set<Long> silent = ConcurrentHashMap.newKeySet();

    /** How often the wait for the broker's first answer looks for a stop. */
    private static final Duration STOP_CHECK = Duration.ofMillis(250);

    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread thread;
    /** Why the discovery stopped following the topic before it was closed; null while it follows. */
    private volatile String failure;
    /** Whether the topic held a generator announcement yet, of any host or events topic. */
    private boolean announcementSeen;

    /** What the discovery tells the evaluation, on its own thread. */
    interface Listener {

        /** A new generator to probe. */
        void found(GeneratorAnnouncement generator);

        /** A generator that had gone {@link #silent} is announced again (its producer was only slow to be heard). */
        void heardAgain(GeneratorAnnouncement generator);

        /** A generator announced its end (with its count of events). */
        void ended(GeneratorAnnouncement generator);

        /** A running generator went unannounced for {@code silentAfter}: its producer is gone. */
        void silent(GeneratorAnnouncement generator);

        /**
         * A generator of the topic's history that is not this evaluation's: it had ended ({@code ended}), or its
         * producer had gone silent, before the evaluation started.
         */
        default void passedOver(GeneratorAnnouncement generator, boolean ended) {}

        /** The topic's history is read (at once when the topic does not exist yet): what it said has been told. */
        default void historyRead() {}
    }

    /**
     * @param host only generators announced by this host, or null for any host
     * @param eventsTopic only generators writing to this topic, or null for any
     * @param connectTimeout how long the broker may take to answer at the start
     * @param silentAfter how long a running generator may go unannounced ({@link GeneratorAnnouncement#SILENT_AFTER})
     * @param stopRequested whether the run was stopped (Ctrl-C) while the broker's first answer is awaited: the wait
     *     ends then, not at {@code connectTimeout}
     * @throws BenchmarkException when it does not answer within {@code connectTimeout}
     */
    GeneratorDiscovery(
            String bootstrapServers,
            Map<String, String> clientConfig,
            String announceTopic,
            String host,
            String eventsTopic,
            Duration connectTimeout,
            Duration silentAfter,
            Listener listener,
            BooleanSupplier stopRequested) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        this.announceTopic = announceTopic;
        this.host = host;
        this.eventsTopic = eventsTopic;
        this.silentAfter = silentAfter;
        this.listener = listener;
        List<TopicPartition> partitions = partitions(bootstrapServers, connectTimeout, stopRequested);
        this.thread = DaemonThreads.start("rtbench-discovery", () -> follow(partitions));
    }

    /**
     * The topic's partitions, asked here so that a broker that does not answer is one line at the start; asked in short
     * slices, so that a stop ends the wait (none then: the thread finds them, or is closed with the run).
     */
    private List<TopicPartition> partitions(
            String bootstrapServers, Duration connectTimeout, BooleanSupplier stopRequested) {
        long deadlineNanos = System.nanoTime() + connectTimeout.toNanos();
        while (true) {
            long leftNanos = deadlineNanos - System.nanoTime();
            try {
                return partitionsOf(Duration.ofNanos(Math.max(0, Math.min(leftNanos, STOP_CHECK.toNanos()))));
            } catch (org.apache.kafka.common.errors.TimeoutException e) {
                if (stopRequested.getAsBoolean()) {
                    return List.of();
                }
                if (leftNanos <= STOP_CHECK.toNanos()) {
                    consumer.close(Duration.ZERO);
                    throw KafkaReach.failure(bootstrapServers, connectTimeout, e);
                }
            } catch (KafkaException e) {
                consumer.close(Duration.ZERO);
                throw KafkaReach.failure(bootstrapServers, connectTimeout, e);
            }
        }
    }

    private List<TopicPartition> partitionsOf(Duration timeout) {
        return consumer.partitionsFor(announceTopic, timeout).stream()
                .map(p -> new TopicPartition(announceTopic, p.partition()))
                .toList();
    }

    @Override
    public String name() {
        return "discovery";
    }

    /** Why the discovery stopped following the announcements (the broker was lost); the evaluation ends with it. */
    @Override
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    private void follow(List<TopicPartition> known) {
        try {
            List<TopicPartition> partitions = known;
            if (partitions.isEmpty()) {
                listener.historyRead();
            }
            while (partitions.isEmpty() && !closed.get()) { // the producers may not have created it yet
                partitions = partitionsOf(Duration.ofSeconds(10));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            // a topic created after the start has no history: all it holds was announced while this evaluation ran
            Map<TopicPartition, Long> historyEnd = known.isEmpty() ? Map.of() : consumer.endOffsets(partitions);
            Map<Long, Seen> history = new HashMap<>();
            boolean caughtUp = false;
            while (!closed.get()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    if (!caughtUp && record.offset() < historyEnd.getOrDefault(partition, 0L)) {
                        announcement(record)
                                .ifPresent(
                                        seen -> history.put(seen.announcement().generatorId(), seen));
                    } else {
                        long heardAtNanos = System.nanoTime();
                        announcement(record).ifPresent(seen -> accept(seen.heardAt(heardAtNanos)));
                    }
                }
                if (!caughtUp
                        && partitions.stream().allMatch(p -> consumer.position(p) >= historyEnd.getOrDefault(p, 0L))) {
                    caughtUp = true;
                    admitRunning(history);
                    if (!known.isEmpty()) {
                        listener.historyRead();
                    }
                }
                if (caughtUp) {
                    findSilent();
                }
            }
        } catch (WakeupException e) {
            if (!closed.get()) {
                throw e;
            }
        } catch (NotAnnouncements e) {
            failure = e.getMessage();
        } catch (RuntimeException e) {
            LOG.error("generator discovery on {} stopped", announceTopic, e);
            failure = "following the generators' announcements on " + announceTopic + " failed: " + e.getMessage();
        } finally {
            consumer.close();
        }
    }

    /** The announcement a record holds, if it is one of a generator this discovery follows. */
    private Optional<Seen> announcement(ConsumerRecord<byte[], byte[]> record) {
        GeneratorAnnouncement announcement;
        try {
            announcement = GeneratorAnnouncement.fromJson(record.value());
        } catch (IllegalArgumentException e) {
            if (!announcementSeen) {
                throw new NotAnnouncements(announceTopic);
            }
            LOG.warn("ignoring a record on {} that is not a generator announcement", announceTopic);
            return Optional.empty();
        }
        announcementSeen = true;
        if ((host != null && !host.equals(announcement.host()))
                || (eventsTopic != null && !eventsTopic.equals(announcement.topic()))) {
            return Optional.empty();
        }
        return Optional.of(new Seen(announcement, record.timestamp(), 0));
    }

    /**
     * The topic's history read: the generators still running are this evaluation's; those that ended, or whose
     * producer had gone silent, are not.
     */
    private void admitRunning(Map<Long, Seen> history) {
        long nowMs = System.currentTimeMillis();
        long nowNanos = System.nanoTime();
        long ended = 0;
        long gone = 0;
        for (Seen seen : history.values()) {
            long agoMs = Math.max(0, nowMs - seen.announcedAtMs());
            if (seen.announcement().producedEvents() != null) {
                ended++;
                listener.passedOver(seen.announcement(), true);
            } else if (agoMs > silentAfter.toMillis()) {
                gone++;
                listener.passedOver(seen.announcement(), false);
            } else {
                accept(seen.heardAt(nowNanos - agoMs * 1_000_000));
            }
        }
        if (ended + gone > 0) {
            LOG.info(
                    "{}: passed over {} generator(s) that had ended before this evaluation, and {} whose producer had"
                            + " gone silent without announcing an end",
                    announceTopic,
                    ended,
                    gone);
        }
    }

    private void accept(Seen seen) {
        GeneratorAnnouncement announcement = seen.announcement();
        long id = announcement.generatorId();
        Seen previous = latest.put(id, seen);
        boolean wasSilent = silent.remove(id);
        if (announcement.producedEvents() != null) {
            listener.ended(announcement);
        } else if (previous == null) {
            listener.found(announcement);
        } else if (wasSilent) {
            listener.heardAgain(announcement);
        }
    }

    /** Running generators not heard for {@code silentAfter}: their producers are gone. */
    private void findSilent() {
        long nowNanos = System.nanoTime();
        latest.forEach((id, seen) -> {
            if (seen.announcement().producedEvents() == null
                    && nowNanos - seen.heardAtNanos() > silentAfter.toNanos()
                    && silent.add(id)) {
                LOG.warn("generator {} went silent: no announcement for {}", id, silentAfter);
                listener.silent(seen.announcement());
            }
        });
    }

    /** The latest announcement of every generator of this evaluation found so far. */
    Map<Long, GeneratorAnnouncement> generators() {
        Map<Long, GeneratorAnnouncement> generators = new HashMap<>();
        latest.forEach((id, seen) -> generators.put(id, seen.announcement()));
        return generators;
    }

    /**
     * How long the generators that announced their end produced: from the first one's start to the last one's final
     * announcement, in seconds; NaN when none has ended. The landed events over it are the producers' rate, which
     * the evaluation's own duration is not (it may have begun before them and end after them).
     */
    double producingSec() {
        List<Seen> ended = latest.values().stream()
                .filter(seen -> seen.announcement().producedEvents() != null)
                .toList();
        if (ended.isEmpty()) {
            return Double.NaN;
        }
        long firstStartMicros = ended.stream()
                .mapToLong(seen -> seen.announcement().startedAtMicros())
                .min()
                .getAsLong();
        long lastEndMs = ended.stream().mapToLong(Seen::announcedAtMs).max().getAsLong();
        return (lastEndMs * 1_000 - firstStartMicros) / 1e6;
    }

    /**
     * An announcement, its record's timestamp (the producer's clock when it sent it: the producing time is measured
     * on it) and when this host heard it ({@link System#nanoTime()}: the silence is measured on it).
     */
    private record Seen(GeneratorAnnouncement announcement, long announcedAtMs, long heardAtNanos) {

        Seen heardAt(long nanos) {
            return new Seen(announcement, announcedAtMs, nanos);
        }
    }

    @Override
    public void close() {
        closed.set(true);
        consumer.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A topic whose first record is no announcement is some other topic: most likely the events topic given for the
     * announcements, which would otherwise leave the evaluation probing nothing until its end.
     */
    private static final class NotAnnouncements extends RuntimeException {

        private static final long serialVersionUID = 1L;

        NotAnnouncements(String topic) {
            super(topic + " holds records that are not generator announcements: --generators-from-topic takes the"
                    + " topic the producers announce their generators on (" + Defaults.ANNOUNCE_TOPIC + " unless"
                    + " produce --announce-topic says otherwise), not the events topic");
        }
    }
}
