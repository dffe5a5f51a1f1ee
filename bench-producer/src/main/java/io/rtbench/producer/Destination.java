package io.rtbench.producer;

import io.rtbench.core.target.TargetConfig;
import java.util.Objects;

/**
 * Where the producer's events go: a Kafka topic (the start of the {@code kafka-bridge}, {@code kafka-connect} and
 * {@code native} pipelines), a target's write API ({@code direct}), or nowhere (the generator alone).
 */
public sealed interface Destination permits KafkaDestination, Destination.Direct, Destination.Discard {

    /** Straight into a target's write API ({@code --to KIND}, the {@code direct} pipeline). */
    record Direct(TargetConfig target) implements Destination {
        public Direct {
            Objects.requireNonNull(target, "target");
        }
    }

    /** Nowhere ({@code --to null}): measures the generator and the pacing alone. */
    record Discard() implements Destination {}

    /** The target kind, {@code kafka} or {@code null}, as the result file names where the events went. */
    default String describe() {
        if (this instanceof Direct direct) {
            return direct.target().kind();
        }
        return this instanceof KafkaDestination ? "kafka" : "null";
    }
}
