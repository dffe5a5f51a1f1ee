package io.rtbench.producer;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.event.GeneratorSettings;
import java.util.Objects;

/**
 * Everything a producer needs, resolved and validated once at the edge (command line or scenario).
 *
 * @param pacing how much to produce and how fast
 * @param destination where the events go
 * @param dml workload {@code dml}: the shares of updates and deletes; null for workload {@code ingest} (inserts only)
 */
public record ProducerSettings(
        PacingSettings pacing, GeneratorSettings generator, Destination destination, DmlSettings dml) {

    public ProducerSettings {
        Objects.requireNonNull(pacing, "pacing");
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(destination, "destination");
        if (dml != null
                && destination instanceof KafkaDestination kafka
                && kafka.key() != KafkaDestination.KeyMode.ID) {
            throw new IllegalArgumentException("--workload dml keys every record by its _id (a row's changes stay in"
                    + " order on one partition): use --key id");
        }
    }

    /** Workload {@code ingest}. */
    public ProducerSettings(PacingSettings pacing, GeneratorSettings generator, Destination destination) {
        this(pacing, generator, destination, null);
    }

    /** The Kafka destination, or null when the events do not go to Kafka. */
    public KafkaDestination kafka() {
        return destination instanceof KafkaDestination kafka ? kafka : null;
    }
}
