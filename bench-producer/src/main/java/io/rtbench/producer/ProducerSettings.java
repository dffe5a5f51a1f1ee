package io.rtbench.producer;

import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.TargetConfig;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Everything a producer run needs, resolved and validated once at the edge (command line or scenario).
 *
 * @param kafka the Kafka destination; null unless {@code sink} is {@link Sink#KAFKA}
 * @param target the target written directly; null unless {@code sink} is {@link Sink#DIRECT}
 * @param resultFile where to write the result, or null for none
 */
public record ProducerSettings(
        Workload workload,
        GeneratorSettings generator,
        Sink sink,
        KafkaDestination kafka,
        TargetConfig target,
        Path resultFile) {

    /** Where events go. */
    public enum Sink {
        /** Into a Kafka topic (the start of the {@code kafka-bridge} and {@code kafka-connect} pipelines). */
        KAFKA,
        /** Nowhere: the generator alone ({@code --sink null}). */
        NULL,
        /** Straight into a target's write API ({@code --sink KIND}, the {@code direct} pipeline). */
        DIRECT
    }

    public ProducerSettings {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(sink, "sink");
        if (sink == Sink.KAFKA && kafka == null) {
            throw new IllegalArgumentException("--bootstrap-servers is required unless --sink is given");
        }
        if (sink == Sink.DIRECT && target == null) {
            throw new IllegalArgumentException("--sink " + "KIND needs --target-url");
        }
    }
}
