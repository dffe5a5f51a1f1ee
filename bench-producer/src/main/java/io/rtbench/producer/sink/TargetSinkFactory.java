package io.rtbench.producer.sink;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.WriteResult;
import io.rtbench.producer.ProducerStats;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Direct mode (RockBench's shape, no Kafka): each burst is one synchronous write of the target's write API. The
 * difference to {@code kafka-bridge} at the same rate is the cost of the streaming hop.
 */
public final class TargetSinkFactory implements SinkFactory {

    private static final Logger LOG = LoggerFactory.getLogger(TargetSinkFactory.class);

    private final ProducerStats stats;
    private final Target target;
    private final String kind;

    public TargetSinkFactory(TargetConfig config, ProducerStats stats) {
        this.stats = stats;
        this.kind = config.kind();
        this.target = Targets.open(config);
        target.ensureCollection();
    }

    @Override
    public EventSink forGenerator(long generatorId) {
        return new TargetEventSink(generatorId);
    }

    @Override
    public void flush() {}

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
        target.close();
    }

    private final class TargetEventSink implements EventSink {
        private final long generatorId;
        private final List<Event> batch = new ArrayList<>();
        private long intendedNanos;
        private boolean measured;

        TargetEventSink(long generatorId) {
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
        public void endBurst() {
            EventBatch events = new EventBatch(batch);
            long startNanos = System.nanoTime();
            try {
                WriteResult result = target.write(events);
                long endNanos = System.nanoTime();
                int failed = result.failures().size();
                if (failed > 0) {
                    stats.failed(failed, result.failures().get(0).reason());
                }
                stats.acked(result.written(), events.bytes() * result.written() / events.size(), measured);
                if (measured) {
                    stats.sinkWrite().recordMicros((endNanos - startNanos) / 1_000);
                    stats.produceAck().recordMicros((endNanos - intendedNanos) / 1_000, result.written());
                }
            } catch (TargetException e) {
                LOG.warn("write of {} events to {} failed", events.size(), kind, e);
                stats.failed(events.size(), e.getMessage());
            }
        }
    }
}
