package io.rtbench.cli.run;

import io.rtbench.core.engine.Stage;
import io.rtbench.core.target.NativeIngest;
import java.time.Duration;

/**
 * {@code native}: the database consumes the events topic itself (docs/TARGETS.md). Opening the stage makes the database
 * consume, and returns only once it really does, so no measured event is produced before; closing it removes what the
 * database needed for it. The stages in between (the database's consumer, its write) happen inside the database:
 * {@code kafkaHop} and {@code sinkWrite} are not observable, and are absent from the result rather than 0.
 */
final class NativeStage implements Stage {

    private final NativeIngest ingest;

    NativeStage(NativeIngest ingest, NativeIngest.Source source, Duration timeout) {
        this.ingest = ingest;
        ingest.start(source, timeout);
    }

    @Override
    public String name() {
        return "database's own Kafka ingestion";
    }

    /** The database's consumer group: its lag is the backlog. */
    String consumerGroup() {
        return ingest.consumerGroup();
    }

    @Override
    public void close() {
        ingest.close();
    }
}
