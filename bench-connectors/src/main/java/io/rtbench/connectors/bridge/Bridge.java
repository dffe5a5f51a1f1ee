package io.rtbench.connectors.bridge;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.KafkaReach;
import io.rtbench.core.target.Target;
import io.rtbench.core.time.Durations;
import io.rtbench.core.time.EpochClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * rtbench's own sink (the {@code kafka-bridge} pipeline): a consumer group of {@link BridgeSettings#threads()}
 * consumers, each writing its partitions' events to the target with up to {@link BridgeSettings#maxInFlight()} writes
 * in flight. The target is opened by the caller and shared (drivers are thread-safe).
 *
 * <p>A broker that does not answer within the connect timeout fails {@link #start()}. Later, the bridge ends on its
 * own, with {@link #failure()} set, when the broker stops answering for the retry timeout, or when the target fails a
 * batch for the retry timeout.
 */
public final class Bridge implements AutoCloseable {

    private static final long CONNECT_MARGIN_NANOS = 5_000_000_000L;
    private static final long CONNECT_POLL_NANOS = 10_000_000L;

    private final BridgeSettings settings;
    private final Target target;
    private final EpochClock clock;
    private final BridgeStats stats;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicBoolean killed = new AtomicBoolean();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final List<BridgeWorker> workers = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    public Bridge(BridgeSettings settings, Target target, EpochClock clock) {
        this(settings, target, clock, new BridgeStats());
    }

    /**
     * A bridge that counts into {@code stats}, which bridges before it or beside it may share: the new bridge after a
     * run's {@code sink-kill}, or the second one of its {@code rebalance} (docs/MEASUREMENT.md, "Freshness under
     * faults"), so that the run's {@code kafkaHop} and {@code sinkWrite} hold every bridge's samples once.
     */
    public Bridge(BridgeSettings settings, Target target, EpochClock clock, BridgeStats stats) {
        this.settings = settings;
        this.target = target;
        this.clock = clock;
        this.stats = stats;
    }

    /**
     * Starts the consumers and returns once the broker has answered each of them, so that a run's time starts with a
     * bridge that can consume.
     *
     * @throws BridgeFailedException when the broker does not answer within the connect timeout, or refuses the client:
     *     at once, not when the run ends (a run shorter than the connect timeout said only "no event arrived")
     */
    public void start() {
        start(() -> false);
    }

    /**
     * As {@link #start()}; returns, with the consumers stopped, as soon as {@code stopRequested} says so or the thread
     * is interrupted (Ctrl-C while the broker is not answering is not held up for the connect timeout).
     */
    public synchronized void start(BooleanSupplier stopRequested) {
        target.ensureCollection();
        for (int i = 0; i < settings.threads(); i++) {
            String name = "rtbench-bridge-" + i;
            BridgeWorker worker = new BridgeWorker(settings, this::newConsumer, target, clock, stats, stopping, name);
            workers.add(worker);
            threads.add(DaemonThreads.start(name, () -> runGuarded(worker)));
        }
        awaitConnected(stopRequested);
    }

    private void awaitConnected(BooleanSupplier stopRequested) {
        // each worker gives up by itself after the connect timeout; the margin covers building its client
        long deadlineNanos = System.nanoTime() + settings.connectTimeout().toNanos() + CONNECT_MARGIN_NANOS;
        while (!workers.stream().allMatch(BridgeWorker::connected)) {
            if (stopRequested.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                close();
                return;
            }
            RuntimeException failed = failure.get();
            if (failed != null) {
                close();
                throw failed;
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                close();
                throw new BridgeFailedException(
                        KafkaReach.unreachable(settings.bootstrapServers(), settings.connectTimeout()), null);
            }
            LockSupport.parkNanos(CONNECT_POLL_NANOS);
        }
    }

    /**
     * Returns once every consumer of this bridge took part in a rebalance of the group (its partitions, maybe none,
     * were assigned): a bridge that joined a group holding its share of the partitions.
     *
     * Returns at once, too, when the bridge is stopping (closed, or Ctrl-C while it started).
     *
     * @throws BridgeFailedException when the bridge failed meanwhile, or its partitions were not assigned within
     *     {@code timeout}
     */
    public void awaitAssigned(Duration timeout) {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        while (!stopping.get() && !workers.stream().allMatch(BridgeWorker::assigned)) {
            RuntimeException failed = failure.get();
            if (failed != null) {
                throw failed;
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new BridgeFailedException(
                        "the group " + settings.groupId() + " gave the bridge no partitions within "
                                + Durations.format(timeout),
                        null);
            }
            LockSupport.parkNanos(CONNECT_POLL_NANOS);
        }
    }

    /** On the worker's thread, so that a client that cannot even be built ends up in {@link #failure()}. */
    private Consumer<byte[], byte[]> newConsumer() {
        try {
            return new KafkaConsumer<>(consumerProperties(settings));
        } catch (KafkaException e) {
            throw new BridgeFailedException(KafkaReach.unusable(settings.bootstrapServers(), e), e);
        }
    }

    static Map<String, Object> consumerProperties(BridgeSettings settings) {
        Map<String, Object> properties = new HashMap<>(settings.consumerConfig());
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
        properties.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        properties.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Math.max(500, settings.batchSize()));
        // A batch may be retried for retryTimeout without polling: stay in the group meanwhile.
        long maxPollIntervalMs = Math.max(300_000, settings.retryTimeout().toMillis() + 60_000);
        properties.putIfAbsent(
                ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, (int) Math.min(Integer.MAX_VALUE, maxPollIntervalMs));
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return properties;
    }

    private void runGuarded(BridgeWorker worker) {
        try {
            worker.run();
        } catch (RuntimeException e) {
            if (killed.get()) {
                return; // a write cut off by the kill, a consumer woken by it: what a crash would not report either
            }
            failure.compareAndSet(null, e);
            stopping.set(true);
            workers.forEach(BridgeWorker::stop);
        }
    }

    public BridgeStats stats() {
        return stats;
    }

    public BridgeSettings settings() {
        return settings;
    }

    /** Why the bridge stopped on its own, if it did (the target kept failing, Kafka refused …). */
    public RuntimeException failure() {
        return failure.get();
    }

    public boolean isRunning() {
        return threads.stream().anyMatch(Thread::isAlive);
    }

    /**
     * Stops consuming after writing and committing what was read (a write that fails now is not retried); waits for the
     * consumers to finish.
     */
    @Override
    public synchronized void close() {
        stopping.set(true);
        workers.forEach(BridgeWorker::stop);
        join();
    }

    /**
     * Stops as a crash would, as far as one JVM can (docs/MEASUREMENT.md, "Freshness under faults", fault
     * {@code sink-kill}): nothing read is written or committed any more, the writes in flight are interrupted and their
     * outcome neither counted nor committed (a write the database already had may still land), and each consumer
     * closes without committing, leaving the group (a process killed outright would leave it only after the group's
     * session timeout). The next consumers of the group read again from its committed offsets. Waits for the
     * consumers to finish; {@link #failure()} stays as it was.
     */
    public synchronized void kill() {
        killed.set(true);
        stopping.set(true);
        workers.forEach(BridgeWorker::kill);
        join();
    }

    private void join() {
        for (Thread thread : threads) {
            try {
                thread.join(settings.retryTimeout().toMillis() + 30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
