package io.rtbench.producer.sink;

import io.rtbench.producer.ProducerStats;

/** {@code --sink null}: events are generated and dropped, to measure the generator alone. */
public final class NullSinkFactory implements SinkFactory {

    private final ProducerStats stats;

    public NullSinkFactory(ProducerStats stats) {
        this.stats = stats;
    }

    @Override
    public EventSink forGenerator(long generatorId) {
        return new EventSink() {
            private boolean measured;
            private int events;
            private long bytes;

            @Override
            public void beginBurst(long intendedNanos, boolean measured) {
                this.measured = measured;
                events = 0;
                bytes = 0;
            }

            @Override
            public void add(byte[] json, long seq, long eventTimeMicros) {
                events++;
                bytes += json.length;
            }

            @Override
            public void endBurst() {
                stats.acked(events, bytes, measured);
            }
        };
    }

    @Override
    public void flush() {}

    @Override
    public String targetName() {
        return "null";
    }

    @Override
    public String version() {
        return null;
    }

    @Override
    public void close() {}
}
