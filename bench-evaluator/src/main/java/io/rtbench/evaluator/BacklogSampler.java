package io.rtbench.evaluator;

import io.rtbench.connectors.kafka.GroupOffsets;
import io.rtbench.connectors.kafka.KafkaAdmins;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.KafkaReach;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;

/**
 * Measures the backlog of a sink: how many events of the topic its consumer group has not yet committed ({@link
 * io.rtbench.connectors.kafka.GroupLag}, where a partition never committed counts from its earliest offset). Works the
 * same for rtbench's bridge and for a Kafka Connect sink (group {@code connect-<connector>}).
 */
public final class BacklogSampler implements AutoCloseable {

    /** How often the wait for the broker's first answer looks for a stop. */
    private static final long STOP_CHECK_MILLIS = 250;

    private final Admin admin;
    private final String bootstrapServers;
    private final String groupId;
    private final String topic;
    private final Duration timeout;

    public BacklogSampler(
            String bootstrapServers, Map<String, String> clientConfig, String groupId, String topic, Duration timeout) {
        this.admin = KafkaAdmins.create(bootstrapServers, clientConfig, timeout);
        this.bootstrapServers = bootstrapServers;
        this.groupId = groupId;
        this.topic = topic;
        this.timeout = timeout;
    }

    /**
     * Waits for the broker's first answer, so that an unreachable one is one line at the start, not a backlog that
     * stays unknown while the evaluation runs its course.
     *
     * @param stopRequested whether the run was stopped (Ctrl-C): the wait ends then, not at {@code connectTimeout}
     * @return true once the broker answered; false when the run was stopped first
     * @throws BenchmarkException when it does not answer within {@code connectTimeout}, or refuses
     */
    public boolean awaitBroker(Duration connectTimeout, BooleanSupplier stopRequested) {
        KafkaFuture<Collection<Node>> nodes = admin.describeCluster(
                        new DescribeClusterOptions().timeoutMs((int) connectTimeout.toMillis()))
                .nodes();
        long deadlineNanos = System.nanoTime() + connectTimeout.toNanos() + TimeUnit.SECONDS.toNanos(1);
        try {
            while (!stopRequested.getAsBoolean()) {
                try {
                    nodes.get(STOP_CHECK_MILLIS, TimeUnit.MILLISECONDS);
                    return true;
                } catch (TimeoutException e) {
                    if (System.nanoTime() - deadlineNanos > 0) {
                        throw e;
                    }
                }
            }
            return false;
        } catch (TimeoutException | ExecutionException e) {
            throw KafkaReach.failure(bootstrapServers, connectTimeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkException("interrupted while connecting to Kafka");
        }
    }

    /** The group's lag over all partitions of the topic, in events. */
    public long lag() throws Exception {
        return GroupOffsets.lag(admin, groupId, topic, timeout).total();
    }

    /**
     * Whether the group has committed an offset on any partition of the topic: a sink's group that has not (a
     * misspelt {@code --sink-group}, or a sink that never ran) has the whole topic as its backlog.
     */
    public boolean hasCommitted() throws Exception {
        return GroupOffsets.hasCommitted(admin, groupId, topic, timeout);
    }

    /** At once: the sampler only reads, and a request still pending is one to a broker that has not answered. */
    @Override
    public void close() {
        admin.close(Duration.ZERO);
    }
}
