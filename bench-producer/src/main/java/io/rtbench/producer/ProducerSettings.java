package io.rtbench.producer;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.workload.Workload;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a producer needs, resolved and validated once at the edge (command line or scenario).
 *
 * @param pacing how much to produce and how fast
 * @param destination where the events go
 * @param workload what the generators emit: appends ({@code ingest}; {@code mixed}'s writes too) or changes of
 *     earlier events ({@code dml}, with its shares of updates and deletes)
 */
public record ProducerSettings(
        PacingSettings pacing, GeneratorSettings generator, Destination destination, Workload workload) {

    public ProducerSettings {
        Objects.requireNonNull(pacing, "pacing");
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(workload, "workload");
        if (workload.dml().isPresent()
                && destination instanceof KafkaDestination kafka
                && kafka.key() != KafkaDestination.KeyMode.ID) {
            throw new IllegalArgumentException("--workload dml keys every record by its _id (a row's changes stay in"
                    + " order on one partition): use --key id");
        }
    }

    /** Workload {@code ingest}. */
    public ProducerSettings(PacingSettings pacing, GeneratorSettings generator, Destination destination) {
        this(pacing, generator, destination, Workload.INGEST);
    }

    /** The shares of updates and deletes of workload {@code dml}; empty for the others. */
    public Optional<DmlSettings> dml() {
        return workload.dml();
    }

    /** The Kafka destination, or null when the events do not go to Kafka. */
    public KafkaDestination kafka() {
        return destination instanceof KafkaDestination kafka ? kafka : null;
    }
}
