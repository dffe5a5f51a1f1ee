package io.rtbench.cli.run;

import io.rtbench.core.metrics.MetricSet;

/**
 * The part of a pipeline between Kafka and the target, as the runner sees it: its stage latencies
 * ({@code kafkaHop}, {@code sinkWrite}), the consumer group whose lag is the backlog, and whether it died.
 */
interface SinkPipeline extends AutoCloseable {

    /** Stage latencies recorded by the sink; empty for {@code direct}, where the producer records sinkWrite. */
    MetricSet metrics();

    /** Forgets the stage latencies so far (the end of a warmup). */
    default void resetMetrics() {
        metrics().reset();
    }

    /** Waits until the stage latencies of the step that just ended are all in {@link #metrics()}. */
    default void settle() {}

    /** The consumer group whose lag is the backlog; null when there is no Kafka hop. */
    String consumerGroup();

    /** Why the sink stopped on its own, or null while it runs. */
    String failure();

    @Override
    void close();

    /** {@code direct}: the producer writes to the target itself; nothing runs between them. */
    SinkPipeline NONE = new SinkPipeline() {
        private final MetricSet empty = new MetricSet();

        @Override
        public MetricSet metrics() {
            return empty;
        }

        @Override
        public String consumerGroup() {
            return null;
        }

        @Override
        public String failure() {
            return null;
        }

        @Override
        public void close() {}
    };
}
