package io.rtbench.producer.destination;

import io.rtbench.producer.ProducerStats;

/** {@code --destination null}: events are generated and dropped, to measure the generator alone. */
public final class NullWriterFactory implements WriterFactory {

    private final ProducerStats stats;

    public NullWriterFactory(ProducerStats stats) {
        this.stats = stats;
    }

    @Override
    public DestinationWriter forGenerator(long generatorId) {
        return new DestinationWriter() {
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
