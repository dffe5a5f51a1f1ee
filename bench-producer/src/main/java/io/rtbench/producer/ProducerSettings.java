package io.rtbench.producer;

import io.rtbench.core.event.GeneratorSettings;
import java.util.Objects;

/**
 * Everything a producer needs, resolved and validated once at the edge (command line or scenario).
 *
 * @param destination where the events go
 */
public record ProducerSettings(Workload workload, GeneratorSettings generator, Destination destination) {

    public ProducerSettings {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(destination, "destination");
    }

    /** The Kafka destination, or null when the events do not go to Kafka. */
    public KafkaDestination kafka() {
        return destination instanceof KafkaDestination kafka ? kafka : null;
    }
}
